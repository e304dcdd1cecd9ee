/// The search parameters of one FHIR release, by the resource type that defines them, read from
/// a Bundled/ table (`search-r4.txt` and one per release, written by `scripts/fhir-definitions`
/// from the specification's `search-parameters.json`; DSTU2's derived from STU3's).
///
/// `Resource` and `DomainResource` hold the ones every resource has (`_id`, `_lastUpdated`);
/// ``parameters(of:)`` adds them to a type's own, as the table's `Name : Base` lines say.
public struct FHIRSearchParameters: Sendable {
    /// Each type's lines of parameters, read into definitions only when the type is asked for:
    /// the built-in server lists five types' parameters before the REPL's first prompt, and
    /// reading every definition of the release there cost that prompt milliseconds.
    private let blocks: [String: Substring]
    /// Each type's nearest base with parameters of its own (`DomainResource`, `Resource`).
    public let bases: [String: String]
    /// Every type the table names, in no order.
    public var typeNames: Dictionary<String, Substring>.Keys { blocks.keys }

    /// Reads the table: a `Name : Base` line per type, then its parameters, each on a line that
    /// starts with two spaces; `#` starts a comment line.
    public init(table: String) {
        var blocks: [String: Substring] = [:]
        var bases: [String: String] = [:]
        var current: (name: String, start: String.Index)?
        var index = table.startIndex
        func close(at end: String.Index) {
            if let current { blocks[current.name] = table[current.start..<end] }
        }
        while index < table.endIndex {
            // Scanned as bytes, not Characters.
            let end = table.utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? table.endIndex
            let line = table[index..<end]
            if !line.isEmpty, !line.hasPrefix(" "), !line.hasPrefix("#") {
                close(at: index)
                // `Name : Base`
                let name = String(line.prefix { $0 != " " && $0 != ":" })
                let base = line.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
                if !base.isEmpty { bases[name] = String(base) }
                current = (name, end)
            }
            index = end < table.endIndex ? table.utf8.index(after: end) : end
        }
        close(at: table.endIndex)
        (self.blocks, self.bases) = (blocks, bases)
    }

    /// The parameters `type` defines itself, as the table lists them; nil for a type the table
    /// does not name.
    public func own(_ type: String) -> [SearchParameterDefinition]? {
        // Split as bytes: splitting Characters finds grapheme breaks, which cost every
        // CapabilityStatement of a full server (every type's lines) milliseconds.
        blocks[type].map { block in
            var definitions: [SearchParameterDefinition] = []
            for line in block.utf8.split(separator: UInt8(ascii: "\n")).map(Substring.init) {
                // `    & KIND EXPRESSION`: a component of the composite just read.
                if line.hasPrefix("    & "),
                    let component = SearchParameterDefinition.Component(line: line.dropFirst(6))
                {
                    if !definitions.isEmpty { definitions[definitions.count - 1].components.append(component) }
                } else if let definition = SearchParameterDefinition(line: line) {
                    definitions.append(definition)
                }
            }
            return definitions
        }
    }

    /// Every type's own parameters (for tests and tools; the server asks ``parameters(of:)``).
    public var byType: [String: [SearchParameterDefinition]] {
        Dictionary(uniqueKeysWithValues: blocks.keys.map { ($0, own($0) ?? []) })
    }

    /// Every parameter a resource of `type` can be searched with: its own, then those of its
    /// bases (`DomainResource`, `Resource`); a name the type defines itself hides a base's.
    /// The table says the bases, so no type model is read (the built-in server's metadata asks
    /// this before the first prompt).
    public func parameters(of type: String) -> [SearchParameterDefinition] {
        var owned: [String: [SearchParameterDefinition]] = [:]
        return parameters(of: type, reading: &owned)
    }

    /// Every parameter of each of `types`, as ``parameters(of:)`` gives them, each type's lines
    /// read once for all: the bases every type shares (`Resource`, `DomainResource`) are not
    /// read again for each (a CapabilityStatement lists every type of the release).
    public func parameters(of types: [String]) -> [String: [SearchParameterDefinition]] {
        var owned: [String: [SearchParameterDefinition]] = [:]
        return Dictionary(uniqueKeysWithValues: types.map { ($0, parameters(of: $0, reading: &owned)) })
    }

    private func parameters(of type: String, reading owned: inout [String: [SearchParameterDefinition]])
        -> [SearchParameterDefinition]
    {
        var result: [SearchParameterDefinition] = []
        var seen: Set<String> = []
        var next: String? = type
        var steps = 0
        while let current = next, steps < 32 {
            let own = owned[current] ?? self.own(current) ?? []
            owned[current] = own
            for parameter in own where seen.insert(parameter.code).inserted {
                result.append(parameter)
            }
            next = bases[current]
            steps += 1
        }
        return result
    }

    /// How many parameters the release defines for `type` itself (not its bases), as its
    /// CapabilityStatement would list them.
    public func listedCount(of type: String) -> Int {
        (own(type) ?? []).count { $0.isListed }
    }
}
