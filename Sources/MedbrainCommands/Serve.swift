import ArgumentParser
import FHIRModel
import FHIRServer
import Foundation
import MedbrainDataset
import MedbrainWeb
import MedicationTutorial
import SMART

/// `medbrain serve`: the built-in FHIR server on its own, for any FHIR client.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the built-in FHIR server (\(FHIRVersion.listed())) with the tutorial's data.",
        discussion: """
            The first line printed holds the FHIR base URL. Every client can use it: \
            curl, Postman, the SMART Python client, Medbrain's own REPL.
            Example: medbrain serve --port 8080 --fhir-version r4 --now 2016-08-16T10:00:00Z
            """
    )

    @Option(help: "The address to listen on. Anything but loopback exposes the data to the network.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(
        name: .customLong("fhir-version"),
        help: "The FHIR version to speak: \(FHIRVersion.listed(lowercased: true)); dstu2 is the tutorial's.")
    var fhirVersion: FHIRVersion = .dstu2

    @Option(help: "A JSON file that keeps every change (created with the built-in data if missing).")
    var data: String?

    @Option(help: "A fixed time for meta.lastUpdated (ISO 8601), so runs are reproducible.")
    var now: String?

    @Option(
        help: ArgumentHelp(
            "Resources to load beside the built-in data: a Bundle, an NDJSON file (Bulk Data) or a folder of them.",
            discussion:
                "Repeat it for more. Each resource is validated as a create would be; what is refused is listed."))
    var load: [String] = []

    @Option(
        name: .customLong("package"),
        help: ArgumentHelp(
            "Profiles, extensions, ValueSets and CodeSystems: a JSON file, a folder, or a FHIR package .tgz.",
            discussion:
                "Repeat it for more. Writes that declare a profile (meta.profile) are checked against it, and POST [type]/$validate checks against any of them."
        ))
    var packages: [String] = []

    @Option(
        help:
            "A text (a number, a name) that varies the doses (which were missed, their times, how many), as 'lesson --seed' does."
    )
    var seed: String?

    @Option(
        help: ArgumentHelp(
            "Who may use the server: open (anyone, the default) or smart (every request needs a SMART token).",
            discussion:
                "With smart the server is also the authorization server: .well-known/smart-configuration, /auth/authorize, /auth/token."
        ))
    var auth: AuthMode = .open

    @Option(
        help: ArgumentHelp(
            "With --auth smart: a JSON file of the apps it knows besides Medbrain's own REPL (client id 'medbrain').",
            discussion:
                #"An array of {"client_id", "redirect_uris", "scope", "client_secret" (confidential apps only)}."#))
    var clients: String?

    @Option(
        help: ArgumentHelp(
            "With --auth smart: a JSON file of who may approve apps, each with a password hash and the patients they may approve for.",
            discussion:
                #"An array of {"username", "password" (from 'medbrain hash-password'), "patients" (ids, or ["*"]), "user_scopes" (true: may grant user/ scopes), "fhirUser"}. Without it the server prints a secret that approves anything."#
        ))
    var users: String?

    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "The origin clients reach the server at, when not the address it listens on (a proxy, a name on the network).",
            discussion:
                "Links, SMART discovery and tokens name it; a request whose Host is neither it nor the listening address is refused (421)."
        ))
    var publicURL: String?

    @Option(
        name: .customLong("class"),
        help: ArgumentHelp(
            "Run a class: each student of --roster signs in with SMART and gets their own patient, made from their seed.",
            discussion:
                "Their REPL reports every lesson step here; the instructor's page (its address is printed) shows who is stuck where, live."
        ))
    var className: String?

    @Option(
        help: ArgumentHelp(
            "With --class: the students, a line each ('alice' or 'alice, Alice Smith'), or a JSON array of {\"username\", \"password\" (a hash), \"name\", \"seed\"}.",
            discussion:
                "For a plain list the server makes each a password once and keeps them in FILE.passwords, to hand out.")
    )
    var roster: String?

    enum AuthMode: String, ExpressibleByArgument, CaseIterable {
        case open, smart
    }

    func validate() throws {
        if clients != nil, auth != .smart { throw ValidationError("--clients needs --auth smart") }
        if users != nil, auth != .smart { throw ValidationError("--users needs --auth smart") }
        if className != nil, roster == nil { throw ValidationError("--class needs --roster FILE, the students") }
        if roster != nil, className == nil { throw ValidationError("--roster needs --class NAME") }
        if className != nil, users != nil {
            throw ValidationError("--class signs in the roster's students, not --users")
        }
        if let className,
            !(1...60).contains(className.count)
                || className.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw ValidationError("--class needs a name of 1 to 60 characters, without control characters")
        }
        if let seed, case .failure(let problem) = DatasetSeed.parse(seed) {
            throw ValidationError("--seed: \(problem)")
        }
        if let now, Date.parseInstant(now) == nil {
            throw ValidationError("--now needs an ISO 8601 date-time such as 2016-08-16T10:00:00Z, not '\(now)'")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let publicURL, Self.origin(publicURL) == nil {
            throw ValidationError(
                "--public-url needs an origin such as https://fhir.example.org or http://10.0.0.5:8080, not '\(publicURL)'"
            )
        }
    }

    /// `http(s)://host[:port]`, with no path, query or user: the origin clients reach the server at.
    static func origin(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            let host = url.host, !host.isEmpty, url.user == nil, url.query == nil, url.fragment == nil,
            url.path.isEmpty || url.path == "/"
        else { return nil }
        return url
    }

    func run() async throws {
        var configuration = ServerConfiguration(
            host: host, port: port, version: fhirVersion, now: now.flatMap(Date.parseInstant), dataPath: data,
            seed: seed.flatMap(DatasetSeed.init))
        configuration.load = load
        configuration.packages = packages
        configuration.definitions = TutorialProfiles.definitions(of: fhirVersion)
        configuration.publicURL = publicURL.flatMap(Self.origin)
        let classroom = try className.map {
            try ClassSetup.make(name: $0, roster: roster ?? "", configuration: &configuration)
        }
        if auth == .smart, classroom == nil {
            do {
                configuration.authorization = .smart(clients: try clients.map(SMARTClientFile.read) ?? [])
                if users != nil, !PasswordHash.isAvailable {
                    throw CommandFailure("--users needs OpenSSL's libcrypto to check passwords, and it was not found")
                }
                configuration.signIn = try users.map { .users(try SMARTUserFile.read($0)) } ?? .newSecret()
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        if !load.isEmpty { configuration.loadProgress = LoadProgressBar(terminal: isatty(STDERR_FILENO) == 1).show }
        let service: FHIRService
        do {
            let (built, report) = try await FHIRService.build(loading: configuration)
            service = built
            for line in report?.lines() ?? [] { Output.standardError(line + "\n") }
        } catch {
            throw CommandFailure("cannot load the data: \(error)")
        }
        if !configuration.isLoopback {
            Output.standardError(
                "warning: listening on \(host) makes the server and its web view reachable from other machines\n")
        }
        let version = fhirVersion.displayName
        let storage = data.map { "data file \($0)" } ?? "data in memory"
        let view = WebView()
        do {
            // The web view reads the store itself, past the FHIR API: with logins required it
            // would show every patient to anyone, so it is not served.
            let pages: (any PageRoutes)? =
                classroom ?? (auth == .smart ? nil : view)
            let server = FHIRHTTPServer(service: service, configuration: configuration, pages: pages)
            try await server.run { url in
                Output.standardOutput("Medbrain FHIR server (\(version)) listening on \(url)\n")
                if let publicURL = publicURL.flatMap(Self.origin) {
                    let origin = ServerNames(host: host, port: 0, publicURL: publicURL).origin
                    Output.standardOutput("public URL: \(origin)\(FHIRService.basePath)\n")
                }
                if let classroom {
                    let origin =
                        publicURL.flatMap(Self.origin).map { ServerNames(host: host, port: 0, publicURL: $0).origin }
                        ?? String(url.dropLast(FHIRService.basePath.count))
                    ClassSetup.announce(classroom, origin: origin)
                } else if auth == .smart {
                    Output.standardOutput(
                        "web view: off with --auth smart (it would show every patient without a token)\n")
                } else {
                    Output.standardOutput("web view: \(url.dropLast(FHIRService.basePath.count))/\n")
                }
                if auth == .smart, classroom == nil {
                    let origin = url.dropLast(FHIRService.basePath.count)
                    Output.standardOutput("SMART: every request needs a token; authorize at \(origin)/auth/authorize\n")
                    // As Jupyter does: whoever started the server reads it here and approves with it.
                    if let secret = service.authorization?.signInSecret {
                        Output.standardOutput("SMART: approve logins with the sign-in secret \(secret)\n")
                    } else {
                        Output.standardOutput("SMART: the users of \(users ?? "") approve logins\n")
                    }
                }
                Output.standardOutput("\(storage); press Ctrl-C to stop\n")
            }
        } catch {
            let reason = "\(error)".contains("Address already in use") ? "the port is already in use" : "\(error)"
            throw CommandFailure("cannot serve on \(host):\(port): \(reason)")
        }
    }
}

extension FHIRVersion: ExpressibleByArgument {}
