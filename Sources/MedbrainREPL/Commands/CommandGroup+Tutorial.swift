import FHIRModel
import MedicationTutorial

/// The tutorial's six steps, in the order a student meets them.
extension CommandGroup {
    static var connecting: CommandGroup {
        CommandGroup(
            "1. Connect",
            [
                Command(
                    "connect", usage: "connect [URL | NAME | builtin [dstu2|stu3|r4|r5]]",
                    summary: "read a FHIR server's metadata and speak its version", section: "§11.4.1",
                    example: "connect builtin r4", waiting: "Connecting…",
                    complete: { repl, words in
                        switch words.count {
                        case 2: ["builtin"] + repl.profileNames
                        case 3 where words[1] == "builtin": FHIRVersion.allCases.map(\.rawValue)
                        default: []
                        }
                    }, run: { try await $0.connect($1) }),
                Command(
                    "servers", usage: "servers",
                    summary: "the server profiles 'connect NAME' uses (URL, version, credentials)", section: "§11.4.1",
                    example: "servers", run: { try $0.listServers($1) }),
                Command(
                    "disconnect", usage: "disconnect", summary: "forget the server (and the patient)",
                    section: "§11.4.1",
                    example: "disconnect", run: { try $0.disconnect($1) }),
                Command(
                    "web", usage: "web", summary: "the address of a Medbrain server's web view, for the class to watch",
                    example: "web", run: { try await $0.web($1) }),
            ])
    }

    static var loggingIn: CommandGroup {
        CommandGroup(
            "2. Log in",
            [
                Command(
                    "login", usage: "login [ID] [--identifier SYSTEM|VALUE] [--email ADDRESS]",
                    summary: "find the patient (default: the tutorial's f001)", section: "§11.4–11.6",
                    example: "login f001", waiting: "Searching for the patient…",
                    complete: { _, words in options(["--identifier", "--email"], after: words) },
                    run: { try await $0.login($1) }),
                Command(
                    "logout", usage: "logout", summary: "forget the patient", section: "§11.6", example: "logout",
                    run: { try $0.logout($1) }),
                Command(
                    "whoami", usage: "whoami", summary: "the logged-in patient's name, birth date and contacts",
                    section: "§11.6", example: "whoami", run: { try $0.whoami($1) }),
                Command(
                    "requirements", usage: "requirements",
                    summary: "check the patient's resources against the tutorial's Tables 1-4", section: "§9.3",
                    example: "requirements", waiting: "Checking the resources…", run: { try await $0.requirements($1) }),
            ])
    }

    static var ordering: CommandGroup {
        CommandGroup(
            "3. Orders",
            [
                Command(
                    "orders", usage: "orders", summary: "the patient's prescriptions, numbered", section: "§12.7",
                    example: "orders", waiting: "Loading prescriptions…", run: { try await $0.orders($1) }),
                Command(
                    "order", usage: "order N", summary: "one prescription in detail", section: "§12.7",
                    example: "order 1",
                    complete: { repl, words in words.count == 2 ? repl.orderNumbers : [] }, run: { try $0.order($1) }),
            ])
    }

    static var instructing: CommandGroup {
        CommandGroup(
            "4. Instructions",
            [
                Command(
                    "instructions", usage: "instructions N [--lang en|de] [--breakdown]",
                    summary: "the dosage as a sentence, and how it was built", section: "§12.6",
                    example: "instructions 4 --breakdown",
                    complete: { repl, words in
                        if words[words.count - 2] == "--lang" { return repl.languages.codes }
                        return (words.count == 2 ? repl.orderNumbers : []) + ["--lang", "--breakdown"]
                    }, run: { try $0.instructions($1) })
            ])
    }

    static var administering: CommandGroup {
        CommandGroup(
            "5. Administrations",
            [
                Command(
                    "administrations", usage: "administrations [N]", summary: "doses of order N, newest first",
                    section: "§13.4", example: "administrations 1", waiting: "Loading administrations…",
                    complete: { repl, words in words.count == 2 ? repl.orderNumbers : [] },
                    run: { try await $0.administrations($1) }),
                Command(
                    "group", usage: "group year|month|week|day [N]",
                    summary: "doses taken and not taken per group, as a chart", section: "§13.5–13.6",
                    example: "group week 1", waiting: "Loading administrations…",
                    complete: { repl, words in
                        switch words.count {
                        case 2: GroupingMode.allCases.map(\.rawValue)
                        case 3: repl.orderNumbers
                        default: []
                        }
                    }, run: { try await $0.group($1) }),
            ])
    }

    static var recording: CommandGroup {
        CommandGroup(
            "6. Record a dose",
            [
                Command(
                    "administer", usage: "administer N taken|missed [at DATE-TIME]",
                    summary: "create a MedicationAdministration", section: "§14.5",
                    example: "administer 1 taken at 2016-08-16T08:00:00+02:00", waiting: "Recording the dose…",
                    complete: { repl, words in
                        switch words.count {
                        case 2: repl.orderNumbers
                        case 3: ["taken", "missed"]
                        case 4: ["at"]
                        default: []
                        }
                    }, run: { try await $0.administer($1) })
            ])
    }

    /// `--name` options offered until one is typed, whose value only the user knows.
    static func options(_ names: [String], after words: [String]) -> [String] {
        names.contains(words[words.count - 2]) ? [] : names
    }
}
