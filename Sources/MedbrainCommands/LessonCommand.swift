import ArgumentParser

/// `medbrain lesson`: the workbook's lessons outside the REPL, for the instructors who write them.
struct LessonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Work with lesson files (for instructors).",
        subcommands: [LessonCheckCommand.self]
    )
}
