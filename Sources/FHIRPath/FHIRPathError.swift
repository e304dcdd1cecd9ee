/// Why an expression could not be read or evaluated, in words meant for the person who wrote it.
///
/// Syntax errors carry the place (`1:14`) so a terminal can put a caret under it; the kinds follow
/// the official test suite's `invalid="syntax|semantic|execution"`.
public struct FHIRPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The text is not FHIRPath.
        case syntax
        /// FHIRPath, but not meaningful here: an unknown function, an element the type does not have.
        case semantic
        /// Meaningful, but this data cannot be evaluated: `'a' - 'b'`, `single()` on two items.
        case execution
    }

    public let kind: Kind
    public let message: String
    /// Line and column (both from 1) where the problem starts, for syntax errors.
    public let line: Int?
    public let column: Int?
    /// The line of the expression the problem is on, for the caret display.
    public let sourceLine: String?

    init(_ kind: Kind, _ message: String, at offset: Int? = nil, in expression: String? = nil) {
        self.kind = kind
        self.message = message
        if let offset, let expression {
            let place = Self.place(of: offset, in: expression)
            (line, column, sourceLine) = (place.line, place.column, place.text)
        } else {
            (line, column, sourceLine) = (nil, nil, nil)
        }
    }

    /// One line: `fhirpath: 1:14: expected ')' after the arguments of where`.
    public var description: String {
        if let line, let column { return "fhirpath: \(line):\(column): \(message)" }
        return "fhirpath: \(message)"
    }

    /// The expression's line and a caret under the column, for terminals; nil without a place.
    public var caretLines: [String]? {
        guard let column, let sourceLine else { return nil }
        return [sourceLine, String(repeating: " ", count: max(0, column - 1)) + "^"]
    }

    private static func place(of offset: Int, in expression: String) -> (line: Int, column: Int, text: String) {
        let characters = Array(expression)
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, characters.count) where characters[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        let lineEnd = characters[lineStart...].firstIndex(of: "\n") ?? characters.count
        return (line, offset - lineStart + 1, String(characters[lineStart..<lineEnd]))
    }
}
