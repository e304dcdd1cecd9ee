import FHIRModel
import SMART

/// SMART scopes enforced on every interaction: a request without a valid token is refused
/// (401), one its scopes do not allow too (403); what a token reaches of the store is decided by
/// ``StoreAccess``, through which every route reads and writes.
extension FHIRService {
    /// The grant of the request's bearer token, or the 401 that refuses it.
    func authenticate(_ request: FHIRRequest, _ context: FHIRExchange, with server: AuthorizationServer)
        -> Result<SMARTGrant, AccessRefusal>
    {
        guard let header = request.headers["authorization"], let token = Self.bearerToken(header) else {
            return .failure(
                AccessRefusal(
                    response: unauthorized(context, error: nil, "a bearer token is required: log in with SMART first")))
        }
        guard let grant = server.grant(for: token) else {
            return .failure(
                AccessRefusal(
                    response: unauthorized(
                        context, error: "invalid_token", "the token is not valid here, or has expired")))
        }
        return .success(grant)
    }

    /// The grant of a valid `Authorization: Bearer TOKEN` header, for routes beside the FHIR API
    /// (a class's join) that ask who signed in; nil without SMART, a token, or a valid one.
    public func grant(authorization header: String?) -> SMARTGrant? {
        guard let authorization, let header, let token = Self.bearerToken(header) else { return nil }
        return authorization.grant(for: token)
    }

    /// The token of `Bearer TOKEN` (the scheme in any case, spaces around the token), read
    /// without copying the header twice: every request with a token comes through here.
    public static func bearerToken(_ header: String) -> String? {
        let bytes = header.utf8
        guard bytes.count > 7, bytes.prefix(6).elementsEqual("bearer".utf8, by: { $0 | 0x20 == $1 }),
            bytes.dropFirst(6).first == UInt8(ascii: " ")
        else { return nil }
        let token = bytes.dropFirst(7).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let end = token.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        guard let end else { return nil }
        return String(Substring(token[...end]))
    }

    private func unauthorized(_ context: FHIRExchange, error: String?, _ message: String) -> FHIRResponse {
        var response = context.outcome(401, "login", message)
        var challenge = "Bearer realm=\"Medbrain\""
        if let error { challenge += ", error=\"\(error)\", error_description=\"\(message)\"" }
        response.headers.append(("WWW-Authenticate", challenge))
        return response
    }

    /// The 403 for an interaction outside the token's scopes, or nil when they allow it.
    func refusal(_ permission: SMARTScope.Permission, on type: String, _ context: FHIRExchange) -> FHIRResponse? {
        guard let grant = context.grant, grant.reach(permission, on: type) == .none else { return nil }
        if grant.patient == nil, grant.scopes.reach(permission, on: type, hasPatient: true) != .none {
            return context.outcome(
                403, "forbidden", "the token's patient scopes need a patient in context (launch/patient)")
        }
        return context.outcome(
            403, "forbidden", "the token's scopes (\(grant.scopes)) do not allow to \(permission.verb) \(type)")
    }

    /// The store as the request's token reaches it: the only way the routes reach resources.
    func access(_ context: FHIRExchange) -> StoreAccess {
        StoreAccess(service: self, grant: context.grant)
    }

    /// The 403 for a write the token may not make (404 for one outside its reach, as a read
    /// answers it), or nil when it may.
    func writeRefusal(
        _ permission: SMARTScope.Permission, type: String, id: String?, resource: JSONValue?, _ context: FHIRExchange
    ) async -> FHIRResponse? {
        switch await access(context).refusalToWrite(permission, type: type, id: id, resource: resource) {
        case nil: return nil
        case .forbidden(let reason): return context.outcome(403, "forbidden", reason)
        case .notKnown: return context.outcome(404, "not-found", "\(type)/\(id ?? "") is not known")
        }
    }
}

extension FHIRService {
    /// The 403 for a transaction with an entry the token does not reach: every entry is checked
    /// as its own interaction would be, before anything is written.
    func refusal(of plan: TransactionPlan, _ context: FHIRExchange) async -> FHIRResponse? {
        guard context.grant != nil else { return nil }
        for (write, status) in zip(plan.resolvedWrites(), plan.statuses) {
            let permission: SMARTScope.Permission =
                write.resource == nil ? .delete : status.hasPrefix("201") ? .create : .update
            if let refusal = refusal(permission, on: write.type, context) { return refusal }
            if let refusal = await writeRefusal(
                permission, type: write.type, id: write.id, resource: write.resource, context)
            {
                return refusal
            }
        }
        return nil
    }
}

extension FHIRService {
    /// The patients the authorization page offers: each id and name, in the store's order.
    public func patientChoices() async -> [(id: String, name: String)] {
        await store.search("Patient", criteria: []).found.map { stored in
            let name = stored.json?["name"]?.arrayValue?.first
            let given = name?["given"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let family = name?["family"].map {
                $0.stringValue ?? $0.arrayValue?.compactMap(\.stringValue).joined(separator: " ") ?? ""
            }
            let text = (given + [family ?? ""]).filter { !$0.isEmpty }.joined(separator: " ")
            return (stored.id, text.isEmpty ? stored.id : text)
        }
    }
}

/// A request refused before it reaches the FHIR API.
struct AccessRefusal: Error {
    let response: FHIRResponse
}
