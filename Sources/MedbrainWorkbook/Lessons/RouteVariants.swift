import FHIRModel

/// From the request a step's solution sent, the spellings FHIR answers alike (which must
/// complete the step) and plausible wrong ones (which must not): what `lesson check` runs
/// beyond the routes a lesson lists, so a check that refuses a right spelling, or takes a
/// wrong one, is found without anyone writing the route down.
///
/// Equivalents: a reference as `Type/id`, as an absolute URL (`[BASE]/Type/id`) and with a
/// `:Type` modifier; another parameter that reaches the same element; an `_include` with its
/// target written out; the search as a compartment search (of one way in); the parameters in another order;
/// a page at a time, every page followed. Mutants: another patient or order; the search narrowed
/// to its first match, to its first match's status, or to after its first match's day; a page dropped.
struct RouteVariants {
    /// The searched type and the query, as sent after the base.
    let type: String
    let query: [(name: String, value: String)]
    let version: FHIRVersion

    /// Nil for a request that is no type-level search (a read, an operation).
    init?(path: String, version: FHIRVersion) {
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = parts[0].split(separator: "/")
        guard segments.count == 1, let first = segments.first?.first, first.isUppercase else { return nil }
        type = String(segments[0])
        query = parts.count > 1 ? QueryString.parameters(parts[1]) : []
        self.version = version
    }

    private var parameters: [SearchParameterDefinition] { version.searchParameters.parameters(of: type) }

    /// The spellings FHIR answers alike, each a path below the base, none the request itself.
    func equivalents() -> [String] {
        var found: [[(String, String)]] = []
        for (index, item) in query.enumerated() {
            let (code, modifier) = SearchEquivalence.split(item.name)
            guard modifier == nil, let definition = parameters.first(where: { $0.code == code }) else {
                if ["_include", "_revinclude"].contains(item.name), let typed = typedInclude(item.value) {
                    found.append(replacing(index, with: (item.name, typed)))
                }
                continue
            }
            guard definition.kind == .reference, let target = reference(item.value, definition) else { continue }
            found.append(replacing(index, with: (code, "\(target.type)/\(target.id)")))
            found.append(replacing(index, with: (code, "[BASE]/\(target.type)/\(target.id)")))
            if definition.targets.count > 1 || !item.value.contains("/") {
                found.append(replacing(index, with: ("\(code):\(target.type)", target.id)))
            }
            for other in synonyms(of: definition) {
                found.append(replacing(index, with: (other.code, "\(target.type)/\(target.id)")))
            }
        }
        var paths = found.map { path(type, $0) }
        if query.count > 1 { paths.append(path(type, Array(query.reversed()))) }
        if let compartment = compartmentSearch() { paths.append(compartment) }
        let sent = path(type, query)
        return Array(Set(paths)).filter { $0 != sent }.sorted()
    }

    /// The search a page at a time, for a search that found `count` resources on one page:
    /// every page followed (equivalent), or the first page alone (a page dropped: a mutant).
    func paged(count: Int) -> (followed: [String], dropped: [String])? {
        guard count >= 2, !query.contains(where: { $0.name == "_count" || $0.name == "_summary" }) else { return nil }
        let size = (count + 1) / 2
        let first = "get " + path(type, query + [("_count", String(size))])
        let pages = (count + size - 1) / size
        return ([first] + Array(repeating: "page next", count: pages - 1), [first])
    }

    /// The resources the query's reference parameters name (`Patient/f001`, `MedicationOrder/ord-01`).
    var references: [String] {
        query.compactMap { item in
            let (code, _) = SearchEquivalence.split(item.name)
            guard let definition = parameters.first(where: { $0.code == code }), definition.kind == .reference,
                let target = reference(item.value, definition)
            else { return nil }
            return "\(target.type)/\(target.id)"
        }
    }

    /// Plausible wrong spellings: the same search for another patient or order (`others`: an
    /// id of each type that is not the one named), and the search cut to its first match
    /// (`_id`), which a check must tell from the whole set.
    func mutants(others: [String: String], firstMatch: String?) -> [String] {
        var found: [String] = []
        for (index, item) in query.enumerated() {
            let (code, _) = SearchEquivalence.split(item.name)
            guard let definition = parameters.first(where: { $0.code == code }), definition.kind == .reference,
                let target = reference(item.value, definition), let other = others[target.type], other != target.id
            else { continue }
            found.append(path(type, replacing(index, with: (item.name, "\(target.type)/\(other)"))))
        }
        if let firstMatch, !query.contains(where: { $0.name == "_id" }) {
            found.append(path(type, query + [("_id", firstMatch)]))
        }
        return found
    }

    /// The search narrowed to the status `match` (one of its matches) has, which a check must
    /// tell from the whole set; with the copy of `match` in another status of the element's
    /// required codes that tells them apart where every match has that status.
    func statusNarrowing(of match: JSONValue) -> GeneratedRoute? {
        let bindings = version.release.bindings
        // A search by `_id` finds no copy, whatever its status; nor one by when it was stored, or
        // by what names it (a new resource is named by nothing).
        let unfit = ["status", "_id", "_lastUpdated", "_has"]
        guard !query.contains(where: { item in unfit.contains { SearchEquivalence.split(item.name).0.hasPrefix($0) } }),
            let definition = parameters.first(where: { $0.code == "status" }), definition.kind == .token,
            SearchEquivalence.element(definition)?.path == ["\(type).status"],
            let current = match["status"]?.stringValue, let id = match["id"]?.stringValue,
            let binding = bindings.all.first(where: { $0.context == "\(type).status" }),
            case .codes(let codes)? = bindings.codes(of: binding.valueSet),
            let other = codes.map(\.code).filter({ $0 != current && $0 != "entered-in-error" }).sorted().first
        else { return nil }
        return .mutant(
            "get " + path(type, query + [("status", current)]),
            copy: DistinguishingCopy(source: "\(type)/\(id)", element: "status", value: other))
    }

    /// The search narrowed to after the day of `match` (its first match), by a date parameter
    /// the query does not use yet (`effective-time=gt2016-07-04`): a date a student adds, which
    /// leaves that match out. Made from the data as written only.
    func dateNarrowing(of match: JSONValue) -> GeneratedRoute? {
        let used = Set(
            query.compactMap { item in
                parameters.first { $0.code == SearchEquivalence.split(item.name).0 }.flatMap(SearchEquivalence.element)?
                    .path
            })
        // The release's own parameters first (DSTU2's `effectivetime`, not the later `effective-time`).
        let dates = parameters.filter { $0.kind == .date }.sorted {
            ($0.isListed ? 0 : 1, $0.code) < ($1.isListed ? 0 : 1, $1.code)
        }
        for definition in dates {
            guard let paths = SearchEquivalence.element(definition)?.path, !used.contains(paths), paths.count == 1,
                let path = paths.first, let day = Self.day(of: path, in: match)
            else { continue }
            var route = GeneratedRoute.mutant("get " + self.path(type, query + [(definition.code, "gt" + day)]))
            route.writtenDataOnly = true
            return route
        }
        return nil
    }

    /// The day (`YYYY-MM-DD`) of the element `path` (`MedicationAdministration.effective`,
    /// `….effectiveTime[x]`) in `resource`: a dateTime, or a Period's start.
    static func day(of path: String, in resource: JSONValue) -> String? {
        let parts = path.split(separator: ".")
        guard parts.count == 2, let object = resource.objectValue else { return nil }
        let name = parts[1].hasSuffix("[x]") ? String(parts[1].dropLast(3)) : String(parts[1])
        let key = object.keys.first { key in
            key == name || (key.hasPrefix(name) && key.dropFirst(name.count).first?.isUppercase == true)
        }
        guard let key, let value = object[key] else { return nil }
        let text = value.stringValue ?? value["start"]?.stringValue ?? ""
        let day = String(text.prefix(10))
        return day.count == 10 && day.allSatisfy({ $0.isNumber || $0 == "-" }) ? day : nil
    }

    /// The type and id a reference value names, by the parameter's targets.
    private func reference(_ value: String, _ definition: SearchParameterDefinition) -> (type: String, id: String)? {
        let named = ReferenceQuery(
            value, modifier: nil,
            targets: SearchEquivalence.element(definition)?.only.map { [$0] } ?? definition.targets)
        guard let type = named.type, !named.id.isEmpty, !value.contains("://") else { return nil }
        return (type, named.id)
    }

    /// Other parameters of the type that reach the same element.
    private func synonyms(of definition: SearchParameterDefinition) -> [SearchParameterDefinition] {
        guard let element = SearchEquivalence.element(definition) else { return [] }
        return parameters.filter {
            $0.code != definition.code && $0.kind == definition.kind
                && SearchEquivalence.element($0)?.path == element.path
        }
    }

    /// `Source:param` with its one target written out.
    private func typedInclude(_ value: String) -> String? {
        let parts = value.split(separator: ":").map(String.init)
        guard parts.count == 2,
            let definition = version.searchParameters.parameters(of: parts[0]).first(where: { $0.code == parts[1] }),
            definition.targets.count == 1
        else { return nil }
        return "\(value):\(definition.targets[0])"
    }

    /// `Patient/ID/Type?rest` when the search names one patient by the one element the type's
    /// compartment reaches (R4's MedicationRequest: `subject`, which `patient` reaches too). A
    /// compartment of several ways in (Observation's subject or performer) finds what any of them
    /// reaches: another search.
    private func compartmentSearch() -> String? {
        guard version.release.compartment.definedTypes.contains(type) else { return nil }
        let names = version.release.compartment.parameters(of: type) ?? []
        let paths = Set(
            names.map { name in parameters.first { $0.code == name }.flatMap(SearchEquivalence.element)?.path })
        guard paths.count == 1, let only = paths.first, let element = only else { return nil }
        for (index, item) in query.enumerated() {
            guard let definition = parameters.first(where: { $0.code == item.name }),
                let reached = SearchEquivalence.element(definition)?.path, reached == element,
                let target = reference(item.value, definition), target.type == "Patient"
            else { continue }
            var rest = query
            rest.remove(at: index)
            return path("Patient/\(target.id)/\(type)", rest)
        }
        return nil
    }

    private func replacing(_ index: Int, with item: (String, String)) -> [(String, String)] {
        var copy = query.map { ($0.name, $0.value) }
        copy[index] = item
        return copy
    }

    private func path(_ base: String, _ items: [(String, String)]) -> String {
        items.isEmpty ? base : base + "?" + items.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
    }

    /// A value as a query writes it: `|`, `&`, `+`, `#` and spaces encoded; the `[BASE]` word kept.
    static func encoded(_ value: String) -> String {
        var text = ""
        for character in value {
            switch character {
            case "%": text += "%25"
            case "&": text += "%26"
            case "+": text += "%2B"
            case "#": text += "%23"
            case " ": text += "%20"
            case "|": text += "%7C"
            default: text.append(character)
            }
        }
        return text
    }
}
