/// A command's options, read one way for every command: a flag (`--breakdown`), an option with
/// a value (`--lang de`), or one that may be repeated (`-H 'Prefer: …'`), wherever they stand
/// among its words; the other words are its operands. A value missing says what it should be,
/// an option given twice that may not be says so, and an unknown `--word` is a usage error.
struct CommandOptions {
    enum Option {
        case flag
        /// An option with a value; the text says what the value is (`a language code`).
        case value(String)
        /// The same, any number of times.
        case repeated(String)
    }

    private(set) var operands: [String] = []
    private var given: [String: [String]] = [:]

    /// Reads `words` by `options` (name → kind); `aliases` name the same option another way
    /// (`-H` for `--header`).
    init(_ words: [String], _ options: [String: Option], aliases: [String: String] = [:]) throws {
        var rest = words[...]
        while let word = rest.popFirst() {
            let name = aliases[word] ?? word
            guard let option = options[name] else {
                // A word of dashes alone is not an option; any other `--word` this command lacks is.
                if word.hasPrefix("--"), word.count > 2 { throw UsageError() }
                operands.append(word)
                continue
            }
            switch option {
            case .flag:
                given[name, default: []].append("")
            case .value(let what), .repeated(let what):
                guard let value = rest.popFirst(), !value.isEmpty else { throw REPLError("\(word) needs \(what)") }
                if case .value = option, given[name] != nil { throw REPLError("\(word) is given twice") }
                given[name, default: []].append(value)
            }
        }
    }

    /// The value of an option given once, or nil.
    func value(_ name: String) -> String? { given[name]?.first }

    /// Every value of a repeated option, in the order given.
    func values(_ name: String) -> [String] { given[name] ?? [] }

    /// Whether a flag (or any option) was given.
    func has(_ name: String) -> Bool { given[name] != nil }
}
