/// The groups every REPL has, each in a file of its own that holds its commands' bodies: a new
/// group is a file and a line here.
extension CommandGroup {
    /// In `help`'s order: the tutorial's six steps as a student meets them, then the commands
    /// for any server, then the session's own.
    static var builtin: [CommandGroup] {
        [
            .connecting, .loggingIn, .ordering, .instructing, .administering, .recording, .scheduling,
            .searching, .interacting, .requesting, .querying, .iris, .session,
        ]
    }

    /// `--name` options offered until one is typed, whose value only the user knows.
    static func options(_ names: [String], after words: [String]) -> [String] {
        names.contains(words[words.count - 2]) ? [] : names
    }
}
