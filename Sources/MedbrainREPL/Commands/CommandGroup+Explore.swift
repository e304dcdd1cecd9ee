import FHIRModel

/// FHIR's own interactions on any server, and the session's settings: the requests the
/// tutorial's shortcuts make, for a student to write by hand.
extension CommandGroup {
    static var exploring: CommandGroup {
        CommandGroup(
            "Explore any server",
            [
                Command(
                    "search", usage: "search TYPE [NAME=VALUE ...] [--where FHIRPATH] [> FILE]",
                    summary: "any search the server supports, as a table per resource type",
                    section: "http.html#search",
                    example: "search MedicationAdministration patient=f001 effective-time=ge2016-08-01 _count=5",
                    waiting: "Searching…", complete: searchWords, run: { try await $0.search($1) }),
                Command(
                    "page", usage: "page next|previous|first|last|all [LIMIT] [> FILE]",
                    summary: "follow the last Bundle's link; all follows next to the end", section: "http.html#search",
                    example: "page next", waiting: "Reading the page…",
                    complete: { _, words in words.count == 2 ? ["next", "previous", "first", "last", "all"] : [] },
                    run: { try await $0.page($1) }),
                Command(
                    "count", usage: "count TYPE [NAME=VALUE ...]", summary: "how many match (_summary=count)",
                    section: "http.html#search", example: "count MedicationAdministration patient=f001",
                    waiting: "Counting…", complete: searchWords, run: { try await $0.count($1) }),
                Command(
                    "read", usage: "read TYPE ID | TYPE/ID[/_history/V] [> FILE]",
                    summary: "one resource as JSON (a version with _history/V)", section: "http.html#read",
                    example: "read Patient f001", waiting: "Reading…", complete: typeFirst,
                    run: { try await $0.readResource($1) }),
                Command(
                    "history", usage: "history TYPE ID [> FILE]", summary: "every version of a resource",
                    section: "http.html#history", example: "history Patient f001", waiting: "Reading the history…",
                    complete: typeFirst, run: { try await $0.history($1) }),
                Command(
                    "create", usage: "create TYPE @FILE|JSON", summary: "create a resource; the server names it",
                    section: "http.html#create", example: "create Patient @patient.json", waiting: "Creating…",
                    complete: typeFirst, run: { try await $0.create($1) }),
                Command(
                    "update", usage: "update TYPE ID @FILE|JSON",
                    summary: "replace a resource, refused if it changed since 'read'", section: "http.html#update",
                    example: "update Patient f001 @patient.json", waiting: "Updating…", complete: typeFirst,
                    run: { try await $0.update($1) }),
                Command(
                    "delete", usage: "delete TYPE ID [--yes]", summary: "delete a resource (asks first on a terminal)",
                    section: "http.html#delete", example: "delete Observation 1 --yes",
                    complete: { repl, words in words.count == 4 ? ["--yes"] : typeFirst(repl, words) },
                    run: { try await $0.delete($1) }),
                Command(
                    "validate", usage: "validate [dstu2|stu3|r4|r5] @FILE|JSON",
                    summary: "check a resource here: FHIR's rules and the tutorial's tables", section: "§9.3",
                    example: "validate @dose.json",
                    complete: { _, words in words.count == 2 ? FHIRVersion.allCases.map(\.rawValue) : [] },
                    run: { try $0.validate($1) }),
                Command(
                    "get", usage: "get PATH [> FILE]", summary: "any GET, relative to the base; prints the JSON",
                    section: "http.html", example: "get Patient/f001/_history/1", waiting: "Waiting…",
                    run: { try await $0.get($1) }),
                Command(
                    "post", usage: "post PATH @FILE|JSON",
                    summary: "any POST: a transaction or batch to the base, an operation", section: "http.html",
                    example: "post / @transaction.json", waiting: "Waiting…", run: { try await $0.post($1) }),
                Command(
                    "fhirpath", usage: "fhirpath [@FILE] EXPRESSION",
                    summary: "FHIRPath on the last result (or a file): what it holds, filtered, counted",
                    section: "fhirpath.html",
                    example: "fhirpath entry.resource.where(status = 'not-done').count()",
                    complete: { repl, words in repl.fhirPathCompletions(words) }, run: { try $0.fhirpath($1) }),
                Command(
                    "show", usage: "show [json|table|summary] [> FILE]",
                    summary: "the last result again, or saved to a file", example: "show json > result.json",
                    complete: { _, words in words.count == 2 ? ["json", "table", "summary"] : [] },
                    run: { try $0.showResult($1) }),
                Command(
                    "register", usage: "register GIVEN FAMILY [--birth-date D] [--gender G]",
                    summary: "find or create a patient and log in (the Iris app)",
                    example: "register Ada Lovelace --birth-date 1815-12-10", waiting: "Registering…",
                    complete: { _, words in options(["--birth-date", "--gender"], after: words) },
                    run: { try await $0.register($1) }),
                Command(
                    "observe", usage: "observe steps N [at DATE-TIME]",
                    summary: "a step-count Observation for the patient (the Iris app)",
                    example: "observe steps 8000 at 2016-08-16T20:00:00+02:00", waiting: "Recording…",
                    complete: { _, words in
                        switch words.count {
                        case 2: ["steps"]
                        case 4: ["at"]
                        default: []
                        }
                    }, run: { try await $0.observe($1) }),
            ])
    }

    static var session: CommandGroup {
        CommandGroup(
            "Session",
            [
                Command(
                    "set", usage: "set [NAME VALUE]",
                    summary:
                        "show or change a setting: today, timezone, lang, week, format, colour, trace, timeout, "
                        + "fhirpath-limit",
                    example: "set format json",
                    complete: { repl, words in
                        switch words.count {
                        case 2: Settings.names
                        case 3: repl.settingValues(words[1])
                        default: []
                        }
                    }, run: { try $0.set($1) }),
                Command(
                    "trace", usage: "trace on|off|body", summary: "print each HTTP request (and its bodies)",
                    example: "trace on",
                    complete: { _, words in words.count == 2 ? Settings.TraceMode.allCases.map(\.rawValue) : [] },
                    run: { try $0.trace($1) }),
                Command(
                    "help", aliases: ["?"], usage: "help [COMMAND]", summary: "this list, or one command's usage",
                    example: "help login",
                    complete: { repl, words in words.count == 2 ? repl.commands.names : [] },
                    run: { try $0.help($1) }),
                Command(
                    "quit", aliases: ["exit"], usage: "quit", summary: "leave (also exit, or Ctrl-D)", example: "quit",
                    run: { try $0.quit($1) }),
            ])
    }

    /// The groups every REPL has, in `help`'s order.
    static var builtin: [CommandGroup] {
        [.connecting, .loggingIn, .ordering, .instructing, .administering, .recording, .exploring, .session]
    }

    /// The resource types the server lists, as the first word.
    private static func typeFirst(_ repl: REPL, _ words: [String]) -> [String] {
        words.count == 2 ? repl.resourceTypes : []
    }

    /// The resource type first, then its search parameters.
    private static func searchWords(_ repl: REPL, _ words: [String]) -> [String] {
        words.count == 2 ? repl.resourceTypes : repl.searchParameterNames(words[1])
    }
}
