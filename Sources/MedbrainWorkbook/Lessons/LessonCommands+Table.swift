import MedbrainREPL

/// The workbook's commands, in the REPL's one command table beside its own.
extension LessonCommands {
    /// The workbook's command names: a lesson's step is not checked after these.
    static let names: Set<String> = [
        "lesson", "next", "back", "hint", "solution", "answer", "check", "reset", "progress",
    ]

    /// Leaving the REPL: no step is checked after these, and no `%allow` refuses them.
    static let leaving: Set<String> = ["quit", "exit"]

    /// What every lesson allows whatever its `%allow` says: the workbook, `help` and leaving.
    static let alwaysAllowed = names.union(leaving).union(["help"])

    /// The names a lesson's `%allow` may list: every command the REPL and the workbook have.
    static let allowable = REPL.builtinCommandNames.union(names)

    public var commandGroup: CommandGroup {
        CommandGroup(
            "Workbook",
            [
                Command(
                    "lesson", usage: "lesson [N|NAME] [--seed WORD]",
                    summary: "list the lessons, or start or resume one; --seed: your own version of the doses",
                    example: "lesson 3", complete: { [self] _, words in words.count == 2 ? lessonNames : [] },
                    run: { [self] repl, arguments in try await lesson(arguments, in: repl) }),
                Command(
                    "next", usage: "next", summary: "go on to the next step", example: "next",
                    run: plain { [self] repl in try move(by: 1, in: repl) }),
                Command(
                    "back", usage: "back", summary: "go back a step", example: "back",
                    run: plain { [self] repl in try move(by: -1, in: repl) }),
                Command(
                    "hint", usage: "hint", summary: "one more hint for this step", example: "hint",
                    run: plain { [self] repl in try hint(in: repl) }),
                Command(
                    "solution", usage: "solution", summary: "one way to do this step (a last resort)",
                    example: "solution",
                    run: plain { [self] repl in try await solution(in: repl) }),
                Command(
                    "answer", usage: "answer VALUE", summary: "answer this step's question", example: "answer 4",
                    run: { [self] repl, arguments in
                        guard !arguments.isEmpty else { throw UsageError() }
                        try await answer(arguments, in: repl)
                    }),
                Command(
                    "check", usage: "check", summary: "check this step now", example: "check",
                    run: plain { [self] repl in try await check(in: repl) }),
                Command(
                    "reset", usage: "reset [N]", summary: "start a lesson over (default: this one)",
                    example: "reset 3", complete: { [self] _, words in words.count == 2 ? lessonNames : [] },
                    run: { [self] repl, arguments in
                        guard arguments.count <= 1 else { throw UsageError() }
                        try await reset(arguments.first, in: repl)
                    }),
                Command(
                    "progress", usage: "progress [N]",
                    summary: "the lessons done and the step you are at, or how each exercise of lesson N went",
                    example: "progress 7", complete: { [self] _, words in words.count == 2 ? lessonNames : [] },
                    run: { [self] repl, arguments in
                        guard arguments.count <= 1 else { throw UsageError() }
                        guard let name = arguments.first else { return report(in: repl) }
                        report(try lesson(named: name), in: repl)
                    }),
            ])
    }

    /// A command that takes no words after its name.
    private func plain(_ body: @escaping (REPL) async throws -> Void) -> Command.Run {
        { repl, arguments in
            guard arguments.isEmpty else { throw UsageError() }
            try await body(repl)
        }
    }
}
