/// The resource types a release defines that a server can hold, from the release's search
/// table, which names every resource type with its base (`Account : DomainResource`): every
/// type that derives from Resource, but the abstract ones, a base of other types (Resource,
/// DomainResource) or one of the interfaces STU3 and R5 list as resources that concrete ones
/// do not derive from in the tables (MetadataResource, CanonicalResource), whose names all end
/// in "Resource", as no concrete type's does.
///
/// Read from the search table because a server reads it for its first metadata anyway, before
/// the REPL's first prompt; the type table is larger, and read at the first write.
extension FHIRSearchParameters {
    public var resourceTypes: [String] {
        let abstract = Set(bases.values)
        return typeNames.filter { name in
            guard !abstract.contains(name), !name.hasSuffix("Resource") else { return false }
            var next = name
            for _ in 0..<32 {
                guard let base = bases[next] else { return false }
                if base == "Resource" { return true }
                next = base
            }
            return false
        }.sorted()
    }
}
