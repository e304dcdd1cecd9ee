/// Text with named placeholders, such as `every {period}`, parsed once when a language loads.
///
/// A brace that does not open a `{name}` placeholder is kept as written, so a translator's
/// stray brace shows up in the output instead of breaking the language.
public struct MessageTemplate: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case placeholder(String)
    }

    let segments: [Segment]

    public init(_ text: String) {
        var segments: [Segment] = []
        var literal = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                case let name = rest[afterOpen..<close], !name.isEmpty,
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.placeholder(String(name)))
                rest = rest[rest.index(after: close)...]
            } else {
                literal += "{"
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// The names of the placeholders, in order.
    public var placeholders: [String] {
        segments.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Fills the placeholders; one without an argument stays as `{name}`, visibly.
    public func render(_ arguments: [(String, String)]) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal): text += literal
            case .placeholder(let name):
                text += arguments.first { $0.0 == name }?.1 ?? "{\(name)}"
            }
        }
        return text
    }
}
