import FHIRClient
import FHIRModel

/// FHIR's instance interactions on any server: read (and vread), history, create, update with
/// If-Match, delete.
extension CommandGroup {
    static var interacting: CommandGroup {
        CommandGroup(
            "Read and write resources",
            [
                .builtin(
                    "read", usage: "read TYPE ID | TYPE/ID[/_history/V] [> FILE]",
                    summary: "one resource as JSON (a version with _history/V)", section: "http.html#read",
                    example: "read Patient f001", waiting: "Reading…", complete: { $0.completions.types($1) },
                    run: { try await Interactions(context: $0).readResource($1) }),
                .builtin(
                    "history", usage: "history TYPE ID [> FILE]", summary: "every version of a resource",
                    section: "http.html#history", example: "history Patient f001", waiting: "Reading the history…",
                    complete: { $0.completions.types($1) }, run: { try await Interactions(context: $0).history($1) }),
                .builtin(
                    "create", usage: "create TYPE @FILE|JSON", summary: "create a resource; the server names it",
                    section: "http.html#create", example: "create Patient @patient.json", waiting: "Creating…",
                    tail: .json,
                    complete: { $0.completions.types($1) }, run: { try await Interactions(context: $0).create($1) }),
                .builtin(
                    "update", usage: "update TYPE ID @FILE|JSON",
                    summary: "replace a resource, refused if it changed since 'read'", section: "http.html#update",
                    example: "update Patient f001 @patient.json", waiting: "Updating…", tail: .json,
                    complete: { $0.completions.types($1) }, run: { try await Interactions(context: $0).update($1) }),
                .builtin(
                    "delete", usage: "delete TYPE ID [--yes]", summary: "delete a resource (asks first on a terminal)",
                    section: "http.html#delete", example: "delete Observation 1 --yes",
                    complete: { context, words in words.count == 4 ? ["--yes"] : context.completions.types(words) },
                    run: { try await Interactions(context: $0).delete($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Interactions {
    let context: CommandContext

    /// `read TYPE ID`, `read TYPE/ID` or `read TYPE/ID/_history/V`.
    fileprivate func readResource(_ arguments: [String]) async throws {
        let (arguments, file) = try Presenter.savingTarget(arguments)
        let path = try Self.resourcePath(arguments, allowingVersion: true)
        let client = try context.session.connected()
        try client.checkType(path.type)
        let response = try await client.request("GET", path.text)
        guard let json = response.json else { throw REPLError("the server answered \(response.status) with no body") }
        try Self.checkAnswer(json, type: path.type, id: path.id)
        remember(json, etag: response.etag)
        try context.presenter.present(ExploreResult(json: json, request: "GET \(path.text)"), savingTo: file)
    }

    /// `history TYPE ID`: every version of one resource, newest first.
    fileprivate func history(_ arguments: [String]) async throws {
        let (arguments, file) = try Presenter.savingTarget(arguments)
        let path = try Self.resourcePath(arguments, allowingVersion: false)
        let client = try context.session.connected()
        try client.checkType(path.type)
        let bundle = try await client.history(path.type, id: path.id)
        try context.presenter.present(
            ExploreResult(json: bundle.json, request: "GET \(path.text)/_history", bundle: bundle), savingTo: file)
    }

    /// `create TYPE @FILE|JSON`: the server gives the new resource its id.
    fileprivate func create(_ arguments: [String]) async throws {
        guard arguments.count == 2 else { throw UsageError() }
        try Self.checkName(type: arguments[0], id: "new")
        let client = try context.session.connected()
        try client.checkType(arguments[0])
        let resource = try ResourceInput.typed(try ResourceInput.read(arguments[1]), as: arguments[0])
        let response = try await client.request("POST", arguments[0], body: resource)
        let stored = response.json.flatMap { $0["resourceType"]?.stringValue == arguments[0] ? $0 : nil }
        let id = stored?["id"]?.stringValue ?? response.createdID(of: arguments[0])
        if let stored { remember(stored, etag: response.etag) }
        context.session.result = stored.map { ExploreResult(json: $0, request: "POST \(arguments[0])") }
        let version = Self.version(stored, etag: response.etag)
        context.show(
            ["created": .string("\(arguments[0])/\(id ?? "?")"), "version": CommandContext.json(version)],
            lines: [
                "created \(arguments[0])/\(id ?? "(the server named no id)")"
                    + (version.map { " (version \($0))" } ?? "")
            ])
    }

    /// `update TYPE ID @FILE|JSON`, with If-Match on the version last read, so nobody's
    /// change is overwritten unseen.
    fileprivate func update(_ arguments: [String]) async throws {
        guard arguments.count == 3 else { throw UsageError() }
        let (type, id) = (arguments[0], arguments[1])
        try Self.checkName(type: type, id: id)
        let client = try context.session.connected()
        try client.checkType(type)
        guard case .object(var object) = try ResourceInput.typed(try ResourceInput.read(arguments[2]), as: type) else {
            throw UsageError()
        }
        if let other = object["id"]?.stringValue, other != id {
            throw REPLError("the resource's id is \(other), not \(id)")
        }
        object["id"] = .string(id)
        let etag = context.session.versionsRead["\(type)/\(id)"]
        let response: FHIRResponse
        do {
            response = try await client.update(.object(object), id: id, ifMatch: etag)
        } catch {
            guard case .refused(412, _) = error else { throw error }
            throw REPLError(
                "\(type)/\(id) changed on the server since it was read (412); 'read \(type) \(id)' and edit that")
        }
        let stored = response.json ?? .object(object)
        remember(stored, etag: response.etag)
        context.session.result = ExploreResult(json: stored, request: "PUT \(type)/\(id)")
        let version = Self.version(response.json, etag: response.etag)
        context.show(
            ["updated": .string("\(type)/\(id)"), "version": CommandContext.json(version)],
            lines: [
                "updated \(type)/\(id)" + (version.map { " (version \($0))" } ?? "")
                    + (etag == nil ? "; it was not read first, so no If-Match was sent" : "")
            ])
    }

    /// `delete TYPE ID [--yes]`: on a terminal it asks first, unless `--yes`.
    fileprivate func delete(_ arguments: [String]) async throws {
        let options = try CommandOptions(arguments, ["--yes": .flag])
        let (sure, words) = (options.has("--yes"), options.operands)
        guard words.count == 2 else { throw UsageError() }
        let (type, id) = (words[0], words[1])
        try Self.checkName(type: type, id: id)
        let client = try context.session.connected()
        try client.checkType(type)
        if !sure, let confirm = context.confirm {
            guard confirm("delete \(type)/\(id) on \(client.server.baseURL)? [y/N] ") else {
                return context.say("not deleted")
            }
        }
        _ = try await client.delete(type, id: id)
        context.session.versionsRead["\(type)/\(id)"] = nil
        context.say("deleted \(type)/\(id)")
    }

    /// Keeps what a later `update` needs: the ETag, else one made from `meta.versionId`.
    private func remember(_ resource: JSONValue, etag: String?) {
        guard let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue else { return }
        let version = resource["meta"]?["versionId"]?.stringValue
        context.session.versionsRead["\(type)/\(id)"] = etag ?? version.map { "W/\"\($0)\"" }
    }

    /// `3` from `W/"3"`, or the resource's `meta.versionId`.
    private static func version(_ resource: JSONValue?, etag: String?) -> String? {
        if let version = resource?["meta"]?["versionId"]?.stringValue { return version }
        return etag.map { $0.replacingOccurrences(of: "W/", with: "").trimmingCharacters(in: ["\""]) }
    }

    /// A resource named as `TYPE ID`, `TYPE/ID` or (when allowed) `TYPE/ID/_history/V`.
    private static func resourcePath(_ arguments: [String], allowingVersion: Bool) throws
        -> (type: String, id: String, text: String)
    {
        let parts = arguments.count == 2 ? arguments : (arguments.first?.split(separator: "/").map(String.init) ?? [])
        guard arguments.count <= 2, parts.count == 2 || (allowingVersion && parts.count == 4 && parts[2] == "_history"),
            parts.allSatisfy({ !$0.isEmpty })
        else { throw UsageError() }
        try checkName(type: parts[0], id: parts[1])
        if parts.count == 4 { try checkName(type: parts[0], id: parts[3], what: "version") }
        return (parts[0], parts[1], parts.joined(separator: "/"))
    }

    /// A type and id as FHIR writes them, so neither can smuggle a path or query into the URL.
    private static func checkName(type: String, id: String, what: String = "id") throws {
        guard type.first?.isUppercase == true, type.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw REPLError("'\(type)' is not a resource type (such as Patient)")
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        guard (1...64).contains(id.count), id.allSatisfy(allowed.contains), id != ".", id != ".." else {
            throw REPLError("'\(id)' is not a FHIR \(what): letters, digits, '-' and '.', at most 64")
        }
    }

    /// What came back is the resource asked for, not another one a confused server sent.
    private static func checkAnswer(_ json: JSONValue, type: String, id: String) throws {
        let (sentType, sentID) = (json["resourceType"]?.stringValue ?? "no resource", json["id"]?.stringValue)
        guard sentType == type, sentID == nil || sentID == id else {
            throw REPLError("asked for \(type)/\(id), the server sent \(sentType)" + (sentID.map { "/\($0)" } ?? ""))
        }
    }
}
