extension StructEmitter {
    /// The Swift of a struct or alias of the spec, inside `extension <Release>`.
    func source(of declaration: StructSpec.Declaration) throws(GeneratorError) -> String {
        let documentation = declaration.documentation.map { "    \($0)\n" }.joined()
        switch declaration.kind {
        case .alias(let swift):
            return "extension \(release) {\n\(documentation)    public typealias \(declaration.name) = \(swift)\n}\n"
        case .members(let unlike):
            return try members(declaration, unlike: unlike, documentation: documentation)
        case .structure(let elements):
            guard table.elements[declaration.path] != nil else {
                throw GeneratorError("\(release) has no type \(declaration.path)")
            }
            var members: [Member] = []
            for element in elements { members.append(try member(element, of: declaration.path)) }
            let resource = table.isResource(declaration.path)
            return "extension \(release) {\n\(documentation)"
                + structure(declaration, members, resource: resource).map { $0.isEmpty ? "" : "    \($0)" }.joined(
                    separator: "\n")
                + "\n}\n"
        }
    }

    /// The JSON members the declaration's type has in this release and in none of `unlike`,
    /// sorted: how a resource or element written in this release is told from the others.
    private func members(_ declaration: StructSpec.Declaration, unlike: [String], documentation: String)
        throws(GeneratorError) -> String
    {
        guard table.elements[declaration.path] != nil else {
            throw GeneratorError("\(release) has no type \(declaration.path)")
        }
        var members = table.jsonMembers(of: declaration.path)
        for other in unlike {
            guard let otherTable = tables[other] else {
                throw GeneratorError("`\(other)` is not a release of the spec")
            }
            members.subtract(otherTable.jsonMembers(of: declaration.path))
        }
        let list = members.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return "extension \(release) {\n\(documentation)    public static let \(declaration.name) = [\(list)]\n}\n"
    }

    private func structure(_ declaration: StructSpec.Declaration, _ members: [Member], resource: Bool) -> [String] {
        var lines = ["public struct \(declaration.name): \(resource ? "FHIRResource" : "FHIRElement") {"]
        if resource {
            lines += [
                "    public static let resourceType = \"\(declaration.path)\"",
                "    public var header = ResourceHeader(resourceType: resourceType)",
            ]
        }
        lines += members.map { "    \($0.declaration)" }
        lines += ["    public var extra = JSONObject()", ""]
        lines += resource ? ["    public init(id: String? = nil) { header.id = id }"] : initializer(members)
        lines += ["", "    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {"]
        if resource {
            lines.append("        header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])")
        }
        lines += members.map { "        \($0.read)" }
        lines += ["        extra = reader.remainder()", "    }", ""]
        lines.append("    public func write(to writer: inout ElementWriter) {")
        if resource { lines.append("        header.write(to: &writer)") }
        lines += members.map { "        \($0.write)" }
        lines += ["        writer.merge(extra)", "    }", "}"]
        return lines
    }

    /// An element struct is made with any of its elements given, in order, as Swift's own
    /// memberwise initializer would be, but public.
    private func initializer(_ members: [Member]) -> [String] {
        let parameters = members.compactMap(\.parameter)
        guard !parameters.isEmpty else { return ["    public init() {}"] }
        return ["    public init(\(parameters.joined(separator: ", "))) {"]
            + members.filter { $0.parameter != nil }.map { "        self.\($0.property) = \($0.property)" }
            + ["    }"]
    }
}
