/// Lines of standard input, with a prompt before each when one is given (a terminal).
///
/// Plain `readLine` until line editing arrives; a piped script gets no prompt.
struct StandardInputLines: Sequence, IteratorProtocol {
    let prompt: String?

    mutating func next() -> String? {
        if let prompt { Output.standardOutput(prompt) }
        let line = readLine(strippingNewline: true)
        if line == nil, prompt != nil { Output.standardOutput("\n") }
        return line
    }
}
