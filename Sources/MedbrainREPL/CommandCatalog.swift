/// Every command: its usage, what it does, and the tutorial section it implements.
struct CommandCatalog {
    struct Entry {
        let name: String
        let usage: String
        let summary: String
        let section: String
        let example: String
        /// What the spinner says while the command waits for the server; nil: it never waits.
        var waiting: String? = nil
    }

    /// Grouped by tutorial step, in the order a student meets them.
    static let steps: [(String, [Entry])] = [
        (
            "1. Connect",
            [
                Entry(
                    name: "connect", usage: "connect [URL | NAME | builtin [dstu2|r4]]",
                    summary: "read a FHIR server's metadata and speak its version", section: "§11.4.1",
                    example: "connect builtin r4", waiting: "Connecting…"),
                Entry(
                    name: "servers", usage: "servers",
                    summary: "the server profiles 'connect NAME' uses (URL, version, credentials)",
                    section: "§11.4.1", example: "servers"),
                Entry(
                    name: "disconnect", usage: "disconnect", summary: "forget the server (and the patient)",
                    section: "§11.4.1", example: "disconnect"),
                Entry(
                    name: "web", usage: "web",
                    summary: "the address of a Medbrain server's web view, for the class to watch", section: "",
                    example: "web"),
            ]
        ),
        (
            "2. Log in",
            [
                Entry(
                    name: "login", usage: "login [ID] [--identifier SYSTEM|VALUE] [--email ADDRESS]",
                    summary: "find the patient (default: the tutorial's f001)", section: "§11.4–11.6",
                    example: "login f001", waiting: "Searching for the patient…"),
                Entry(
                    name: "logout", usage: "logout", summary: "forget the patient", section: "§11.6", example: "logout"),
                Entry(
                    name: "whoami", usage: "whoami", summary: "the logged-in patient's name, birth date and contacts",
                    section: "§11.6", example: "whoami"),
                Entry(
                    name: "requirements", usage: "requirements",
                    summary: "check the patient's resources against the tutorial's Tables 1-4", section: "§9.3",
                    example: "requirements", waiting: "Checking the resources…"),
            ]
        ),
        (
            "3. Orders",
            [
                Entry(
                    name: "orders", usage: "orders", summary: "the patient's prescriptions, numbered", section: "§12.7",
                    example: "orders", waiting: "Loading prescriptions…"),
                Entry(
                    name: "order", usage: "order N", summary: "one prescription in detail", section: "§12.7",
                    example: "order 1"),
            ]
        ),
        (
            "4. Instructions",
            [
                Entry(
                    name: "instructions", usage: "instructions N [--lang en|de] [--breakdown]",
                    summary: "the dosage as a sentence, and how it was built", section: "§12.6",
                    example: "instructions 4 --breakdown")
            ]
        ),
        (
            "5. Administrations",
            [
                Entry(
                    name: "administrations", usage: "administrations [N]", summary: "doses of order N, newest first",
                    section: "§13.4", example: "administrations 1", waiting: "Loading administrations…"),
                Entry(
                    name: "group", usage: "group year|month|week|day [N]",
                    summary: "doses taken and not taken per group, as a chart", section: "§13.5–13.6",
                    example: "group week 1", waiting: "Loading administrations…"),
            ]
        ),
        (
            "6. Record a dose",
            [
                Entry(
                    name: "administer", usage: "administer N taken|missed [at DATE-TIME]",
                    summary: "create a MedicationAdministration", section: "§14.5",
                    example: "administer 1 taken at 2016-08-16T08:00:00+02:00", waiting: "Recording the dose…")
            ]
        ),
        (
            "Explore any server",
            [
                Entry(
                    name: "search", usage: "search TYPE [NAME=VALUE ...] [> FILE]",
                    summary: "any search the server supports, as a table per resource type",
                    section: "http.html#search",
                    example: "search MedicationAdministration patient=f001 effective-time=ge2016-08-01 _count=5",
                    waiting: "Searching…"),
                Entry(
                    name: "page", usage: "page next|previous|first|last|all [LIMIT] [> FILE]",
                    summary: "follow the last Bundle's link; all follows next to the end", section: "http.html#search",
                    example: "page next", waiting: "Reading the page…"),
                Entry(
                    name: "count", usage: "count TYPE [NAME=VALUE ...]", summary: "how many match (_summary=count)",
                    section: "http.html#search", example: "count MedicationAdministration patient=f001",
                    waiting: "Counting…"),
                Entry(
                    name: "read", usage: "read TYPE ID | TYPE/ID[/_history/V] [> FILE]",
                    summary: "one resource as JSON (a version with _history/V)", section: "http.html#read",
                    example: "read Patient f001", waiting: "Reading…"),
                Entry(
                    name: "history", usage: "history TYPE ID [> FILE]", summary: "every version of a resource",
                    section: "http.html#history", example: "history Patient f001", waiting: "Reading the history…"),
                Entry(
                    name: "create", usage: "create TYPE @FILE|JSON", summary: "create a resource; the server names it",
                    section: "http.html#create", example: "create Patient @patient.json", waiting: "Creating…"),
                Entry(
                    name: "update", usage: "update TYPE ID @FILE|JSON",
                    summary: "replace a resource, refused if it changed since 'read'", section: "http.html#update",
                    example: "update Patient f001 @patient.json", waiting: "Updating…"),
                Entry(
                    name: "delete", usage: "delete TYPE ID [--yes]",
                    summary: "delete a resource (asks first on a terminal)", section: "http.html#delete",
                    example: "delete Observation 1 --yes"),
                Entry(
                    name: "validate", usage: "validate [dstu2|r4] @FILE|JSON",
                    summary: "check a resource here: FHIR's rules and the tutorial's tables", section: "§9.3",
                    example: "validate @dose.json"),
                Entry(
                    name: "get", usage: "get PATH [> FILE]", summary: "any GET, relative to the base; prints the JSON",
                    section: "http.html", example: "get Patient/f001/_history/1", waiting: "Waiting…"),
                Entry(
                    name: "post", usage: "post PATH @FILE|JSON",
                    summary: "any POST: a transaction or batch to the base, an operation", section: "http.html",
                    example: "post / @transaction.json", waiting: "Waiting…"),
                Entry(
                    name: "show", usage: "show [json|table|summary] [> FILE]",
                    summary: "the last result again, or saved to a file", section: "",
                    example: "show json > result.json"),
                Entry(
                    name: "register", usage: "register GIVEN FAMILY [--birth-date D] [--gender G]",
                    summary: "find or create a patient and log in (the Iris app)", section: "",
                    example: "register Ada Lovelace --birth-date 1815-12-10", waiting: "Registering…"),
                Entry(
                    name: "observe", usage: "observe steps N [at DATE-TIME]",
                    summary: "a step-count Observation for the patient (the Iris app)", section: "",
                    example: "observe steps 8000 at 2016-08-16T20:00:00+02:00", waiting: "Recording…"),
            ]
        ),
        (
            "Session",
            [
                Entry(
                    name: "set", usage: "set [NAME VALUE]",
                    summary: "show or change a setting: today, timezone, lang, week, format, colour, trace, timeout",
                    section: "", example: "set format json"),
                Entry(
                    name: "trace", usage: "trace on|off|body", summary: "print each HTTP request (and its bodies)",
                    section: "", example: "trace on"),
                Entry(
                    name: "help", usage: "help [COMMAND]", summary: "this list, or one command's usage", section: "",
                    example: "help login"),
                Entry(
                    name: "quit", usage: "quit", summary: "leave (also exit, or Ctrl-D)", section: "", example: "quit"),
            ]
        ),
    ]

    static var all: [Entry] { steps.flatMap(\.1) }

    static func entry(_ name: String) -> Entry? { all.first { $0.name == name } }

    /// `usage: …` for a command that was given the wrong words.
    static func usage(_ name: String) -> REPLError {
        REPLError("usage: \(entry(name)?.usage ?? name)")
    }

    /// `unknown command 'ordrs'; did you mean 'orders'?`
    static func unknown(_ name: String, also more: [String] = []) -> String {
        // A pasted paragraph is no misspelling: say so briefly, without comparing it.
        guard name.count <= 40 else { return "unknown command '\(name.prefix(40))…'; 'help' lists them" }
        let names = all.map(\.name) + ["exit"] + more
        let closest = names.map { ($0, distance($0, name)) }.min { $0.1 < $1.1 }
        guard let closest, closest.1 <= max(1, name.count / 3) else {
            return "unknown command '\(name)'; 'help' lists them"
        }
        return "unknown command '\(name)'; did you mean '\(closest.0)'?"
    }

    /// Levenshtein distance: edits from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
