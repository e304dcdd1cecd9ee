/// One release's `types-<release>.txt`, as far as the generator needs it: each type's base and
/// each element's types and cardinality.
struct TypeTable {
    struct Element {
        var types: [String]
        var repeats: Bool
    }

    var bases: [String: String] = [:]
    var elements: [String: [String: Element]] = [:]

    /// Reads the table: a `Name : Base` line per type, then `  name types min..max` lines.
    init(text: String) throws(GeneratorError) {
        var current: String?
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ").map(String.init)
            if !line.hasPrefix(" ") {
                guard let name = words.first else { continue }
                current = name
                if words.count == 3, words[1] == ":" { bases[name] = words[2] }
                continue
            }
            guard let current, words.count == 3, let maximum = words[2].split(separator: ".").last else {
                throw GeneratorError("a type table line is not `  name types min..max`: \(line)")
            }
            let element = Element(types: words[1].split(separator: "|").map(String.init), repeats: maximum != "1")
            elements[current, default: [:]][words[0]] = element
        }
    }

    /// The members `type` may have in JSON, its bases' included: an element by its name, a
    /// choice (`value[x]`) once per type it may take (`valueQuantity`).
    func jsonMembers(of type: String) -> Set<String> {
        var members = Set<String>()
        var next: String? = type
        for _ in 0..<16 {
            guard let current = next else { break }
            for (name, element) in elements[current] ?? [:] {
                guard name.hasSuffix("[x]") else {
                    members.insert(name)
                    continue
                }
                let stem = name.dropLast(3)
                for type in element.types { members.insert(stem + type.prefix(1).uppercased() + type.dropFirst()) }
            }
            next = bases[current]
        }
        return members
    }

    /// Whether `type` is a resource (its chain of bases reaches `Resource`).
    func isResource(_ type: String) -> Bool {
        var next: String? = type
        for _ in 0..<16 {
            guard let current = next else { return false }
            if current == "Resource" { return true }
            next = bases[current]
        }
        return false
    }
}

/// Why the generator stopped: a line of the spec or of a type table it cannot use.
struct GeneratorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
