import FHIRClient
import FHIRModel
import Foundation

/// The escape hatches, `get` and `post`: any interaction the other commands lack, written by
/// hand as the shortcuts' requests are (`trace` shows them). A redirect is shown, not followed,
/// as curl shows it: its `Location` is the answer (an authorization's code).
extension CommandGroup {
    static var requesting: CommandGroup {
        CommandGroup(
            "Any request",
            [
                .builtin(
                    "get", usage: "get PATH [-H 'NAME: VALUE']… [> FILE]",
                    summary: "any GET, relative to the base; prints the JSON",
                    section: "http.html", example: "get Patient/f001/_history/1", waiting: "Waiting…",
                    run: { try await RawRequests(context: $0).get($1) }),
                .builtin(
                    "post", usage: "post PATH [-H 'NAME: VALUE']… @FILE|JSON|--form FORM",
                    summary: "any POST: a transaction or batch to the base, an operation, a form to an OAuth endpoint",
                    section: "http.html", example: "post / @transaction.json", waiting: "Waiting…", tail: .json,
                    run: { try await RawRequests(context: $0).post($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct RawRequests {
    let context: CommandContext

    /// `get PATH`: any GET, relative to the base or absolute; prints the answer's JSON.
    fileprivate func get(_ arguments: [String]) async throws {
        let (words, file) = try Presenter.savingTarget(arguments)
        let (arguments, headers, _) = try Self.headerOptions(words)
        guard arguments.count == 1 else { throw UsageError() }
        let response = try await context.session.connected().request(
            "GET", arguments[0], headers: headers, followingRedirects: false)
        try showAnswer(response, request: "GET \(arguments[0])", savingTo: file)
    }

    /// `post PATH @FILE|JSON`: a transaction or batch to the base, an operation, a search by POST;
    /// `post PATH --form FORM`: a form, as typed (`name=value&…`), to an OAuth endpoint.
    fileprivate func post(_ words: [String]) async throws {
        let (arguments, headers, form) = try Self.headerOptions(words, form: true)
        guard arguments.count == (form == nil ? 2 : 1) else { throw UsageError() }
        let client = try context.session.connected()
        if let form {
            guard headers.isEmpty else { throw REPLError("a form goes as a browser sends it; -H is for FHIR requests") }
            let response: FHIRResponse
            do { response = try await client.postForm(arguments[0], form) } catch {
                // An OAuth endpoint's refusal names the rule; it is not about the FHIR server's credentials.
                guard case .refused(let status, let why) = error else { throw error }
                throw REPLError(
                    "\(client.url(for: arguments[0])) refused the form (\(status)): \(why ?? "no reason given")")
            }
            return try await showForm(response, form: form, on: client)
        }
        let response = try await client.request(
            "POST", arguments[0], body: try ResourceInput.read(arguments[1]), headers: headers,
            followingRedirects: false)
        try showAnswer(response, request: "POST \(arguments[0])", savingTo: nil)
    }

    /// The header fields typed as curl takes them (`-H 'Prefer: return=minimal'`, `--header`),
    /// taken out of `arguments`; a field given twice is one field of both values, as HTTP joins
    /// them. Those the client itself writes are refused, and the credentials most of all: a token
    /// typed here would stay in the history.
    static func headerOptions(_ arguments: [String], form: Bool = false) throws
        -> (rest: [String], headers: [String: String], form: String?)
    {
        var options: [String: CommandOptions.Option] = [
            "--header": .repeated("a header field, quoted: -H 'Prefer: return=minimal'")
        ]
        if form { options["--form"] = .value("the form after it, quoted: post URL --form 'name=value&…'") }
        let read = try CommandOptions(arguments, options, aliases: ["-H": "--header"])
        var headers: [String: String] = [:]
        for field in read.values("--header") {
            guard let colon = field.firstIndex(of: ":") else {
                throw REPLError("-H needs a header field, quoted: -H 'Prefer: return=minimal'")
            }
            let name = String(field[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(field[field.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            try Self.checkHeader(name, value)
            let known = headers.keys.first { $0.lowercased() == name.lowercased() } ?? name
            headers[known] = headers[known].map { $0 + ", " + value } ?? value
        }
        return (read.operands, headers, read.value("--form"))
    }

    private static func checkHeader(_ name: String, _ value: String) throws {
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }) else {
            throw REPLError("'\(name)' is not a header field name (letters, digits and !#$%&'*+-.^_`|~)")
        }
        if name.lowercased() == "authorization" {
            throw REPLError(
                "Authorization is the session's: 'login --smart' or a server profile sends it, and a token typed here would stay in the history"
            )
        }
        if ["accept", "content-type", "content-length", "host", "connection", "transfer-encoding"].contains(
            name.lowercased())
        {
            throw REPLError("\(name) is written by the client itself; _format=json in the path asks for a format")
        }
        guard !value.isEmpty else { throw REPLError("the header field \(name) needs a value") }
    }

    private func showAnswer(_ response: FHIRResponse, request: String, savingTo file: String?) throws {
        guard let json = response.json, !(300..<400).contains(response.status) else {
            return showWithoutBody(response)
        }
        let bundle = json["resourceType"]?.stringValue == "Bundle" ? try? FHIRModel.Bundle(json: json) : nil
        context.session.result = ExploreResult(json: json, request: request, bundle: bundle)
        if let file { return try context.presenter.save(json, to: file) }
        // The escape hatch shows exactly what came, in either format.
        context.console.output(json.prettyText + "\n")
    }

    /// A redirect's status and `Location`, or a status alone.
    func showWithoutBody(_ response: FHIRResponse) {
        guard let location = response.location, (300..<400).contains(response.status) else {
            // A create answered with `Prefer: return=minimal` says where the resource is, and only that.
            let located = response.location.map { ", Location: \($0)" } ?? ""
            let json = JSONValue.object(
                JSONObject(
                    [("status", .number(String(response.status)))]
                        + (response.location.map { [("location", JSONValue.string($0))] } ?? [])))
            return context.show(json, lines: ["\(response.status), no body\(located)"])
        }
        let json: JSONValue = ["status": .number(String(response.status)), "location": .string(location)]
        // The redirect is the answer: a check, or `fhirpath location`, reads it as the last result.
        context.session.result = ExploreResult(json: json, request: "\(response.status) \(response.url)", bundle: nil)
        context.show(
            json,
            lines: ["\(response.status), Location: \(location)", "(a redirect is shown, not followed)"])
    }

    /// `post URL --form …` answered. A token endpoint's answer is shown with its tokens hidden,
    /// and the session uses the token from then on, as an app would.
    private func showForm(_ response: FHIRResponse, form: String, on client: FHIRClient) async throws {
        guard let json = response.json, !(300..<400).contains(response.status) else {
            return showWithoutBody(response)
        }
        let shown = HiddenSecrets.hiding(json)
        context.session.result = ExploreResult(json: shown, request: "POST \(response.url)", bundle: nil)
        context.console.output(shown.prettyText + "\n")
        guard json["access_token"]?.stringValue != nil else { return }
        try await adopt(json, from: response.url, form: form, on: client)
    }

    /// Logs in with a token response, when it came from the token endpoint the connected server
    /// announces: a token from anywhere else is not sent to this server.
    private func adopt(_ answer: JSONValue, from url: String, form: String, on client: FHIRClient) async throws {
        guard let endpoints = try? await client.smartEndpoints(), endpoints.token == url else {
            return context.say(
                "the token is not used: \(url) is not the token endpoint \(client.server.baseURL) announces")
        }
        let clientID = QueryString.parameters(form).first { $0.name == "client_id" }?.value ?? "(the form's client)"
        guard
            let login = SMARTLogin(
                answer, baseURL: client.server.baseURL, clientID: clientID, tokenURL: url, now: context.clock())
        else { return }
        try await context.smart.begin(login, on: client)
    }
}
