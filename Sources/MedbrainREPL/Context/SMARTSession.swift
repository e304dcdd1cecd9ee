import FHIRClient
import FHIRModel
import Foundation

/// `login --smart` and `login --backend` over FHIRClient's SMART client, and the session's side
/// of a login: the token sent with every request after, renewed before it expires or when the
/// server answers 401, kept for the next session unless its server is a built-in one.
struct SMARTSession {
    let context: CommandContext

    func login(_ arguments: [String]) async throws {
        let options = try CommandOptions(
            arguments, ["--smart": .flag, "--client": .value("a client id"), "--scope": .value("scopes, quoted")])
        guard options.operands.isEmpty else { throw UsageError() }
        let client = try context.session.connected()
        let launch: SMARTAppLaunch
        do {
            launch = try await SMARTAppLaunch.begin(
                on: client, clientID: options.value("--client") ?? "medbrain",
                scope: options.value("--scope") ?? SMARTAppLaunch.defaultScope)
        } catch SMARTLoginError.noEndpoints(let baseURL) {
            throw REPLError("\(baseURL) announces no SMART endpoints; 'login' finds a patient without one")
        }
        defer { launch.close() }
        if let secret = await context.servers.signInSecret(of: client.server.baseURL) {
            context.say("The built-in server asks whoever approves for its sign-in secret: \(secret)")
        }
        context.say(
            "Log in and approve in the browser; waiting for its answer at \(launch.redirectURI):\n  \(launch.authorizationURL)"
        )
        (context.openBrowser ?? SystemBrowser.open)(launch.authorizationURL)
        try await begin(try await launch.finish(cancellation: context.cancellation, now: context.clock()), on: client)
    }

    func backendLogin(_ arguments: [String]) async throws {
        let options = try CommandOptions(
            arguments,
            [
                "--backend": .flag, "--client": .value("a client id"), "--key": .value("a PEM file"),
                "--kid": .value("a key id"), "--scope": .value("scopes, quoted"),
            ])
        guard options.operands.isEmpty else { throw UsageError() }
        guard let clientID = options.value("--client") else {
            throw REPLError("login --backend needs --client ID, the id the server registered")
        }
        guard let keyFile = options.value("--key") else {
            throw REPLError("login --backend needs --key FILE, the service's private key (PEM)")
        }
        let client = try context.session.connected()
        let key = SMARTLogin.BackendKey(file: (keyFile as NSString).expandingTildeInPath, kid: options.value("--kid"))
        do {
            let login = try await SMARTBackendService.login(
                on: client, clientID: clientID, key: key,
                scope: options.value("--scope") ?? SMARTBackendService.defaultScope,
                now: context.clock())
            try await begin(login, on: client)
        } catch SMARTLoginError.noEndpoints(let baseURL) {
            throw REPLError("\(baseURL) announces no SMART endpoints, so no token endpoint to ask")
        }
    }

    /// The session sends `login`'s token from now on; its patient, if any, is logged in.
    func begin(_ login: SMARTLogin, on client: FHIRClient) async throws {
        let authorized = client.with(login)
        context.session.client = authorized
        context.session.smart = login
        await keep(login)
        let kind = login.backendKey == nil ? "" : " (a backend service)"
        try await begin(
            login, on: authorized, lines: ["logged in with SMART as \(login.clientID)\(kind); scopes: \(login.scope)"])
    }

    /// Shows `lines` about a login the session now uses, with its patient logged in first.
    private func begin(_ login: SMARTLogin, on authorized: FHIRClient, lines: [String]) async throws {
        var lines = lines
        if let id = login.patient {
            let patient = try Patient(json: try await authorized.read("Patient", id: id))
            context.session.patient = patient
            (context.session.orders, context.session.currentOrder, context.session.ordersListed) = ([], nil, false)
            lines.insert("logged in as \(PatientCard.name(patient)) (Patient/\(id))", at: 0)
        }
        lines.append(
            "the token expires at \(Self.time(login.expires)); it is renewed before then"
                + (login.renewable ? "" : " only by logging in again"))
        context.show(summary(login), lines: lines)
    }

    /// At `connect`: the SMART login an earlier session kept for this server, used again, renewed
    /// if it has ended and can be; forgotten, and said so, when it cannot.
    func resume(on client: FHIRClient) async {
        guard !(await context.servers.baseURLs.contains(client.server.baseURL)),
            let kept = SMARTTokenFile(serversPath: context.serversPath).kept(for: client.server.baseURL)
        else { return }
        context.session.client = client.with(kept)
        context.session.smart = kept
        if kept.expires <= context.clock(), !(await refresh(force: true)) {
            forget()
            return context.say("the SMART login kept for this server has ended; 'login --smart' logs in again")
        }
        // A token the server no longer honours is renewed once, as a command's 401 is.
        for attempt in 0..<2 {
            guard let login = context.session.smart, let authorized = context.session.client else { return }
            do {
                return try await begin(
                    login, on: authorized,
                    lines: [
                        "logged in with SMART as \(login.clientID), kept from an earlier session ('logout' forgets it)"
                    ])
            } catch {
                if attempt == 0, await refresh(force: true) { continue }
                forget()
                return context.say(
                    "the SMART login kept for this server no longer works (\(error)); 'login --smart' logs in again")
            }
        }
    }

    /// What `whoami` and `login --smart` show of a login: never the tokens.
    func summary(_ login: SMARTLogin) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("client_id", .string(login.clientID)), ("scope", .string(login.scope)),
            ("expires", .string(Self.time(login.expires))), ("refreshable", .bool(login.renewable)),
        ]
        if let key = login.backendKey { fields.append(("key_file", .string(key.file))) }
        if let patient = login.patient { fields.append(("patient", .string(patient))) }
        if let user = login.fhirUser { fields.append(("fhirUser", .string(user))) }
        return .object(JSONObject(fields))
    }

    /// Renews the token when it is about to expire (or, `force`, after a 401); true when it did.
    @discardableResult
    func refresh(force: Bool = false) async -> Bool {
        guard let login = context.session.smart, let client = context.session.client,
            force || login.needsRefresh(at: context.clock()),
            let renewed = await login.renewed(on: client, now: context.clock())
        else { return false }
        context.session.client = client.with(renewed)
        context.session.smart = renewed
        await keep(renewed)
        return true
    }

    /// Keeps `login` for the next session, unless its server is one of this session's built-in
    /// ones: their tokens end with them, and the next one on the same port is another server.
    private func keep(_ login: SMARTLogin) async {
        guard !(await context.servers.baseURLs.contains(login.baseURL)) else { return }
        try? SMARTTokenFile(serversPath: context.serversPath).keep(login, for: login.baseURL)
    }

    /// Forgets the SMART login: the token is no longer sent, nor kept.
    func forget() {
        guard let login = context.session.smart else { return }
        context.session.smart = nil
        context.session.client = context.session.client?.with(credentials: nil)
        try? SMARTTokenFile(serversPath: context.serversPath).keep(nil, for: login.baseURL)
    }

    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
