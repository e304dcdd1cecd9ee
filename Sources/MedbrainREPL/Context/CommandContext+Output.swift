import FHIRModel
import ResultTables

/// Output in the session's format: lines for people, JSON for scripts.
extension CommandContext {
    /// Shows a command's data: `text` for people, or `json` when the format is json (one
    /// JSON value per command, so standard output stays a stream `jq` can read).
    func show(_ json: @autoclosure () throws -> JSONValue, text: @autoclosure () throws -> String) rethrows {
        switch settings.current.format {
        case .table: console.output(try text())
        case .json: console.output(try json().prettyText + "\n")
        }
    }

    /// `show` with the text as lines.
    func show(_ json: @autoclosure () throws -> JSONValue, lines: @autoclosure () throws -> [String]) rethrows {
        try show(
            json(),
            text: try {
                let lines = try lines()
                // Joined once, not each line copied with its break first: lists can be long.
                return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
            }())
    }

    /// A confirmation such as `logged out`: the line, or `{"message": …}`.
    func say(_ message: String) {
        show(["message": .string(message)], lines: [message])
    }

    /// `  label      text`, the text wrapped to the console's width under itself.
    func labelled(_ label: String, _ text: String, labelWidth: Int, indent: Int = 2) -> [String] {
        let margin = String(repeating: " ", count: indent + labelWidth + 1)
        let lines = TextTable.wrap(text, width: max(20, console.width - margin.count))
        return lines.enumerated().map { index, line in
            index == 0
                ? String(repeating: " ", count: indent)
                    + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
                    + " " + line
                : margin + line
        }
    }

    /// A string member that may be absent.
    static func json(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }
}
