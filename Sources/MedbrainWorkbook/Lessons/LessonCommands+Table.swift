import MedbrainREPL

/// The workbook's commands, in the REPL's one command table beside its own.
extension LessonCommands {
    /// The workbook's command names, read from its table: a lesson's step is not checked after these.
    static let names = Set(table.commands.map(\.name))

    /// Leaving the REPL: no step is checked after these, and no `%allow` refuses them.
    static let leaving: Set<String> = ["quit", "exit"]

    /// What every lesson allows whatever its `%allow` says: the workbook, `help` and leaving.
    static let alwaysAllowed = names.union(leaving).union(["help"])

    /// The names a lesson's `%allow` may list: every command the REPL and the workbook have.
    static let allowable = REPL.builtinCommandNames.union(names)

    public var commandGroup: CommandGroup { Self.table }

    /// The workbook's commands. Each runs on the workbook the REPL holds among its extensions, so
    /// the table is one value, read for the REPL and for the names above alike.
    static var table: CommandGroup {
        CommandGroup(
            "Workbook",
            [
                Command(
                    "lesson", usage: "lesson [N|NAME] [--seed TEXT] [--format table|json]",
                    summary: "list the lessons, or start or resume one; --seed: your own version of the doses",
                    example: "lesson 3",
                    complete: { repl, words in words.count == 2 ? (try? workbook(repl))?.lessonNames ?? [] : [] },
                    run: { repl, arguments in try await workbook(repl).lesson(arguments, in: repl) }),
                Command(
                    "next", usage: "next", summary: "go on to the next step", example: "next",
                    run: plain { repl in try workbook(repl).move(by: 1, in: repl) }),
                Command(
                    "back", usage: "back", summary: "go back a step", example: "back",
                    run: plain { repl in try workbook(repl).move(by: -1, in: repl) }),
                Command(
                    "hint", usage: "hint", summary: "one more hint for this step", example: "hint",
                    run: plain { repl in try workbook(repl).hint(in: repl) }),
                Command(
                    "solution", usage: "solution", summary: "one way to do this step (a last resort)",
                    example: "solution",
                    run: plain { repl in try await workbook(repl).solution(in: repl) }),
                Command(
                    "answer", usage: "answer VALUE", summary: "answer this step's question", example: "answer 4",
                    run: { repl, arguments in
                        guard !arguments.isEmpty else { throw UsageError() }
                        try await workbook(repl).answer(arguments, in: repl)
                    }),
                Command(
                    "check", usage: "check", summary: "check this step now", example: "check",
                    run: plain { repl in try await workbook(repl).check(in: repl) }),
                Command(
                    "reset", usage: "reset [N|step]",
                    summary: "start a lesson over (default: this one), or its data as this step began",
                    example: "reset 3",
                    complete: { repl, words in
                        words.count == 2 ? ["step"] + ((try? workbook(repl))?.lessonNames ?? []) : []
                    },
                    run: { repl, arguments in
                        guard arguments.count <= 1 else { throw UsageError() }
                        try await workbook(repl).reset(arguments.first, in: repl)
                    }),
                Command(
                    "progress", usage: "progress [N | --class] [--format table|json]",
                    summary:
                        "the lessons done and the step you are at, how each exercise of lesson N went, or the class (--class)",
                    example: "progress 7",
                    complete: { repl, words in words.count == 2 ? (try? workbook(repl))?.lessonNames ?? [] : [] },
                    run: { repl, arguments in
                        var words = arguments
                        let json = try asJSON(&words, in: repl)
                        guard words.count <= 1 else { throw UsageError() }
                        let book = try workbook(repl)
                        if words == ["--class"] { return try await book.classReport(json: json, in: repl) }
                        let lesson = try words.first.map { try book.lesson(named: $0) }
                        if json { return book.reportJSON(lesson, in: repl) }
                        guard let lesson else { return book.report(in: repl) }
                        book.report(lesson, in: repl)
                    }),
            ])
    }

    /// Whether the command prints JSON: its `--format json`, else the session's `set format`.
    /// The option is taken out of `words`.
    static func asJSON(_ words: inout [String], in repl: any LessonHost) throws -> Bool {
        guard let flag = words.firstIndex(of: "--format") else { return repl.state.settings["format"] == "json" }
        guard flag + 1 < words.count, ["json", "table"].contains(words[flag + 1]) else {
            throw REPLError("--format takes table or json")
        }
        defer { words.removeSubrange(flag...(flag + 1)) }
        return words[flag + 1] == "json"
    }

    /// The workbook of the REPL a command runs in.
    private static func workbook(_ repl: any LessonHost) throws -> LessonCommands {
        guard let workbook = repl.extensions.lazy.compactMap({ $0 as? LessonCommands }).first else {
            throw REPLError("this session has no workbook")
        }
        return workbook
    }

    /// A command that takes no words after its name.
    private static func plain(_ body: @escaping @Sendable (any LessonHost) async throws -> Void) -> Command.Run {
        { repl, arguments in
            guard arguments.isEmpty else { throw UsageError() }
            try await body(repl)
        }
    }
}
