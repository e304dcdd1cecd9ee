import FHIRModel
import Foundation

/// Create, update and delete.
extension FHIRService {
    func create(_ context: FHIRExchange, type: String) async -> FHIRResponse {
        let resource: JSONValue
        do { resource = try parseBody(context, type: type) } catch { return error.response }
        if let refusal = await writeRefusal(.create, type: type, id: nil, resource: resource, context) {
            return refusal
        }
        do {
            let stored = try await store.create(type, resource: resource, lastUpdated: now) { write, exists in
                writeIssues(write.resource!, type: write.type, exists: exists, local: base.local)
            }
            return context.resource(stored, status: 201, location: true)
        } catch {
            return await storeFailure(context, error)
        }
    }

    func update(_ context: FHIRExchange, type: String, id: String) async -> FHIRResponse {
        var resource: JSONValue
        do { resource = try parseBody(context, type: type) } catch { return error.response }
        if let bodyID = resource["id"]?.stringValue, bodyID != id {
            return context.outcome(
                400, "invalid", "the body's id '\(bodyID)' does not match the URL's '\(id)'", element: "\(type).id")
        }
        // The URL's id is the one stored: validated as the resource's own (`bad_id` is no id).
        resource = Self.withID(id, resource)
        var expected: Int?
        if let ifMatch = context.request.headers["if-match"] {
            guard let version = Self.version(fromETag: ifMatch) else {
                return context.outcome(400, "invalid", "If-Match must be an ETag such as W/\"1\"")
            }
            expected = version
        }
        if let refusal = await writeRefusal(.update, type: type, id: id, resource: resource, context) {
            return refusal
        }
        let existed = await store.read(type, id) != nil
        return await write(
            context, StoreWrite(type: type, id: id, resource: resource, expectedVersion: expected),
            status: existed ? 200 : 201)
    }

    func delete(_ context: FHIRExchange, type: String, id: String) async -> FHIRResponse {
        if let refusal = await writeRefusal(.delete, type: type, id: id, resource: nil, context) { return refusal }
        do {
            _ = try await store.apply(
                [StoreWrite(type: type, id: id, resource: nil)], lastUpdated: now, local: base.local
            ) { _, _ in [] }
        } catch {
            return await storeFailure(context, error)
        }
        let outcome = OperationOutcome(issue: [
            OperationOutcomeIssue(severity: "information", code: "informational", diagnostics: "deleted \(type)/\(id)")
        ])
        return context.respond(200, outcome.json)
    }

    private func write(_ context: FHIRExchange, _ change: StoreWrite, status: Int) async -> FHIRResponse {
        do {
            let stored = try await store.apply([change], lastUpdated: now, local: base.local) { write, exists in
                writeIssues(write.resource!, type: write.type, exists: exists, local: base.local)
            }
            return context.resource(stored[0], status: status, location: true)
        } catch {
            return await storeFailure(context, error)
        }
    }

    func storeFailure(_ context: FHIRExchange, _ error: StoreError) async -> FHIRResponse {
        switch error {
        case .invalid(let issues):
            return context.outcome(422, issues)
        case .versionConflict(let type, let id, let current):
            let now = current.map { "version \($0)" } ?? "no version"
            return context.outcome(412, "conflict", "\(type)/\(id) is at \(now); read it again before updating")
        case .notFound(let type, let id):
            return context.outcome(404, "not-found", "\(type)/\(id) is not known")
        case .persistence(let message):
            return context.outcome(500, "exception", "the change was not saved: \(message)")
        case .referenced(let referrers):
            return await referenced(context, referrers)
        }
    }

    /// The 409 for a deletion others still name, each referrer the token may read named with
    /// the element that names the target; those it may not read only counted, so that a
    /// patient's token learns no id outside its reach.
    private func referenced(_ context: FHIRExchange, _ referrers: [StoreReferrer]) async -> FHIRResponse {
        let access = access(context)
        var named: [(element: String?, message: String)] = []
        var unseen = 0
        for referrer in referrers {
            guard case .found = await access.read(referrer.type, referrer.id) else {
                unseen += 1
                continue
            }
            named.append(
                (nil, "\(referrer.type)/\(referrer.id) refers to \(referrer.target) (\(referrer.path))"))
        }
        let shown = named.prefix(Self.referrersShown)
        var problems = Array(shown)
        let more = named.count - shown.count + unseen
        if more > 0 {
            let what = unseen == 0 ? "more" : "more, not all of them readable with this token,"
            problems.append((nil, "\(more) \(what) refer to it as well"))
        }
        let targets = Set(referrers.map(\.target)).sorted().joined(separator: ", ")
        problems.insert(
            (nil, "\(targets) cannot be deleted while other resources refer to it: change or delete them first"), at: 0)
        return context.issues(409, "conflict", problems)
    }

    /// How many referrers a 409 names before it counts the rest.
    static let referrersShown = 20

    /// `W/"3"` or `"3"` → 3.
    static func version(fromETag tag: String) -> Int? {
        var text = Substring(tag.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        return Int(text.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }

    struct Refusal: Error {
        let response: FHIRResponse
    }

    /// The body as a resource of `type`: JSON, an object, and the right `resourceType`.
    func parseBody(_ context: FHIRExchange, type: String) throws(Refusal) -> JSONValue {
        let refuse = { (code: String, message: String, element: String?) in
            Refusal(response: context.outcome(400, code, message, element: element))
        }
        guard !context.request.body.isEmpty else {
            throw refuse("invalid", "the request has no body; send a \(type) as JSON", nil)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(context.request.body)
        } catch {
            throw refuse("structure", error.description, nil)
        }
        guard case .object = json else { throw refuse("structure", "the body must be a JSON object", nil) }
        guard let found = json["resourceType"]?.stringValue else {
            throw refuse("invalid", "the body has no resourceType", "resourceType")
        }
        guard found == type else {
            throw refuse("invalid", "the body is a \(found), but the URL is for \(type)", "resourceType")
        }
        return json
    }

    /// `resource` with `id` as its id, where it has none.
    static func withID(_ id: String, _ resource: JSONValue) -> JSONValue {
        guard case .object(var object) = resource, object["id"] == nil else { return resource }
        object["id"] = .string(id)
        return .object(object)
    }
}
