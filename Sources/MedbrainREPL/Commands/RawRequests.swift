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
                    run: { try await $0.get($1) }),
                .builtin(
                    "post", usage: "post PATH [-H 'NAME: VALUE']… @FILE|JSON|--form FORM",
                    summary: "any POST: a transaction or batch to the base, an operation, a form to an OAuth endpoint",
                    section: "http.html", example: "post / @transaction.json", waiting: "Waiting…", tail: .json,
                    run: { try await $0.post($1) }),
            ])
    }
}

extension CommandContext {
    /// `get PATH`: any GET, relative to the base or absolute; prints the answer's JSON.
    fileprivate func get(_ arguments: [String]) async throws {
        let (words, file) = try Self.savingTarget(arguments)
        let (arguments, headers, _) = try Self.headerOptions(words)
        guard arguments.count == 1 else { throw UsageError() }
        let response = try await connected().request(
            "GET", arguments[0], headers: headers, followingRedirects: false)
        try show(response, request: "GET \(arguments[0])", savingTo: file)
    }

    /// `post PATH @FILE|JSON`: a transaction or batch to the base, an operation, a search by POST;
    /// `post PATH --form FORM`: a form, as typed (`name=value&…`), to an OAuth endpoint.
    fileprivate func post(_ words: [String]) async throws {
        let (arguments, headers, form) = try Self.headerOptions(words, form: true)
        guard arguments.count == (form == nil ? 2 : 1) else { throw UsageError() }
        let client = try connected()
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
        try show(response, request: "POST \(arguments[0])", savingTo: nil)
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

    private func show(_ response: FHIRResponse, request: String, savingTo file: String?) throws {
        guard let json = response.json, !(300..<400).contains(response.status) else {
            return showWithoutBody(response)
        }
        let bundle = json["resourceType"]?.stringValue == "Bundle" ? try? FHIRModel.Bundle(json: json) : nil
        session.result = ExploreResult(json: json, request: request, bundle: bundle)
        if let file { return try save(json, to: file) }
        // The escape hatch shows exactly what came, in either format.
        console.output(json.prettyText + "\n")
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
            return show(json, lines: ["\(response.status), no body\(located)"])
        }
        let json: JSONValue = ["status": .number(String(response.status)), "location": .string(location)]
        // The redirect is the answer: a check, or `fhirpath location`, reads it as the last result.
        session.result = ExploreResult(json: json, request: "\(response.status) \(response.url)", bundle: nil)
        show(
            json,
            lines: ["\(response.status), Location: \(location)", "(a redirect is shown, not followed)"])
    }
}
