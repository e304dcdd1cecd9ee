/// One search parameter of one resource type, as the specification defines it: its code, its
/// type, the resource types a reference may name, and the FHIRPath expression that finds its
/// values in a resource.
public struct SearchParameterDefinition: Sendable, Equatable {
    /// The parameter types of FHIR's search.
    public enum Kind: String, Sendable, CaseIterable {
        case number, date, string, token, reference, composite, quantity, uri, special
    }

    /// The name in a query: `patient`, `effective-time`, `_id`.
    public let code: String
    public let kind: Kind
    /// For a reference, the types it may name (`Patient`, `Group`); empty for the others.
    /// Split from the table's text when asked: a full server's CapabilityStatement reads every
    /// definition of the release, and some name a hundred and more types it never needs.
    public var targets: [String] { targetText.isEmpty ? [] : targetText.split(separator: "|").map(String.init) }
    /// The targets as the table writes them, `Patient|Group`.
    private let targetText: Substring
    /// The FHIRPath expression of its values; nil for parameters the specification gives none
    /// (`_text`, `_content`, `_query`), whose meaning is the server's.
    public let expression: String?
    /// False for a name the built-in server accepts for the tutorial's apps on another release
    /// (`notgiven` on R4), which its CapabilityStatement does not list.
    public let isListed: Bool
    /// A composite's parts (`code-value-quantity`: a token and a quantity), each evaluated on
    /// every item the composite's own expression finds; empty for the other types.
    public var components: [Component] = []

    /// One part of a composite: its parameter's type and its expression.
    public struct Component: Sendable, Equatable {
        public let kind: Kind
        public let expression: String

        public init(kind: Kind, expression: String) {
            (self.kind, self.expression) = (kind, expression)
        }

        /// Reads `KIND EXPRESSION`.
        init?(line: Substring) {
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2, let kind = Kind(rawValue: String(words[0])) else { return nil }
            self.init(kind: kind, expression: String(words[1]))
        }
    }

    public init(code: String, kind: Kind, targets: [String] = [], expression: String?, isListed: Bool = true) {
        self.init(
            code: code, kind: kind, targetText: Substring(targets.joined(separator: "|")), expression: expression,
            isListed: isListed)
    }

    private init(code: String, kind: Kind, targetText: Substring, expression: String?, isListed: Bool) {
        self.code = code
        self.kind = kind
        self.targetText = targetText
        self.expression = expression
        self.isListed = isListed
    }

    /// Reads a table line: `code type targets expression` (`-` for no targets, no expression),
    /// `~` before a code that is not listed; nil for a line that is not one.
    init?(line: Substring) {
        // Split as bytes (the table is ASCII but for expressions, which are kept whole).
        let words = line.utf8.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: true)
            .map(Substring.init)
        guard words.count == 4, let kind = Kind(rawValue: String(words[1])) else { return nil }
        let unlisted = words[0].hasPrefix("~")
        self.init(
            code: String(unlisted ? words[0].dropFirst() : words[0]), kind: kind,
            targetText: words[2] == "-" ? "" : words[2],
            expression: words[3] == "-" ? nil : String(words[3]), isListed: !unlisted)
    }
}
