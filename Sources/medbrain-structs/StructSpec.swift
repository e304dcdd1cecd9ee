/// `release-structs.txt`: the releases, and for each the structs and aliases to generate; the
/// file's own header explains the lines.
struct StructSpec {
    struct Release {
        var name: String
        var file: String
        var documentation: [String]
    }

    struct Element {
        /// As the type table names it (`medication[x]`).
        var name: String
        var swiftType: String?
        var readMethod: String?
        var indirect = false
    }

    struct Declaration {
        enum Kind {
            case structure([Element]), alias(String)
            /// The members of the type in this release and in none of these releases.
            case members(unlike: [String])
        }
        var release: String
        var name: String
        var path: String
        var kind: Kind
        var documentation: [String]
    }

    var releases: [Release] = []
    var declarations: [Declaration] = []

    init(text: String) throws(GeneratorError) {
        var documentation: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("///") {
                documentation.append(String(line))
            } else if line.hasPrefix("  ") {
                try addElement(String(line))
            } else {
                try addDeclaration(line.split(separator: " ").map(String.init), documentation)
                documentation = []
            }
        }
    }

    private mutating func addDeclaration(_ words: [String], _ documentation: [String]) throws(GeneratorError) {
        switch words.first {
        case "release" where words.count == 3:
            releases.append(Release(name: words[1], file: words[2], documentation: documentation))
        case "struct" where words.count == 4 && words[2] == ":":
            let (release, name) = try Self.qualified(words[1])
            declarations.append(
                Declaration(
                    release: release, name: name, path: words[3], kind: .structure([]), documentation: documentation))
        case "alias" where words.count == 6 && words[2] == "=" && words[4] == ":":
            let (release, name) = try Self.qualified(words[1])
            declarations.append(
                Declaration(
                    release: release, name: name, path: words[5], kind: .alias(words[3]), documentation: documentation))
        case "members" where words.count >= 5 && words[2] == ":" && words[4] == "unlike":
            let (release, name) = try Self.qualified(words[1])
            declarations.append(
                Declaration(
                    release: release, name: name, path: words[3], kind: .members(unlike: Array(words.dropFirst(5))),
                    documentation: documentation))
        default:
            throw GeneratorError("not a release, struct, alias or members line: \(words.joined(separator: " "))")
        }
    }

    private mutating func addElement(_ line: String) throws(GeneratorError) {
        var words = line.split(separator: " ").map(String.init)[...]
        guard let name = words.popFirst(), let last = declarations.indices.last,
            case .structure(var elements) = declarations[last].kind
        else { throw GeneratorError("an element line outside a struct: \(line)") }
        var element = Element(name: name)
        while let word = words.popFirst() {
            switch word {
            case "as": element.swiftType = words.popFirst()
            case "read": element.readMethod = words.popFirst()
            case "indirect": element.indirect = true
            default: throw GeneratorError("`\(word)` is not `as`, `read` or `indirect`: \(line)")
            }
        }
        elements.append(element)
        declarations[last].kind = .structure(elements)
    }

    /// `R4.Dosage` as its release and name.
    private static func qualified(_ word: String) throws(GeneratorError) -> (String, String) {
        let parts = word.split(separator: ".")
        guard parts.count == 2 else { throw GeneratorError("`\(word)` is not RELEASE.NAME") }
        return (String(parts[0]), String(parts[1]))
    }
}
