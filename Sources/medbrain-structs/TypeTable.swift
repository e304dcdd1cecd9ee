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
