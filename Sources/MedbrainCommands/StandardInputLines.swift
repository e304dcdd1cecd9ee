import LineEditing
import MedbrainREPL

/// Lines of standard input, with a prompt before each when one is given: what a piped
/// script (no prompt) or a terminal without line editing gets.
struct StandardInputLines: Sequence, IteratorProtocol {
    let prompt: String?

    mutating func next() -> String? {
        if let prompt { Output.standardOutput(prompt) }
        let line = readLine(strippingNewline: true)
        if line == nil, prompt != nil { Output.standardOutput("\n") }
        return line
    }
}

/// Lines from libedit on a terminal; Ctrl-C gives an empty line, which does nothing.
/// While a pasted command goes on (`continues`), the prompt says so, and Ctrl-C drops the whole
/// command.
struct EditedLines: Sequence, IteratorProtocol {
    let editor: LineEditor
    let continues: () -> Bool

    mutating func next() -> String? {
        let continuing = continues()
        return switch editor.readLine(continues: continuing) {
        case .line(let line): line
        case .interrupted: continuing ? PastedLines<Self>.abandoned : ""
        case .end: nil
        }
    }
}
