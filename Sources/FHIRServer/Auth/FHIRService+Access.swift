import FHIRModel
import SMART

/// SMART scopes enforced on every interaction: a request without a valid token is refused
/// (401), one its scopes do not allow too (403), and a patient scope reaches only the patient's
/// compartment, by any route (read, search and what it includes, history, writes, batch and
/// transaction entries).
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

    /// The token of `Bearer TOKEN` (the scheme in any case, spaces around the token), read
    /// without copying the header twice: every request with a token comes through here.
    static func bearerToken(_ header: String) -> String? {
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

    /// The 403 for a resource outside the token's reach: of a type the patient compartment
    /// holds, not in the patient's; nil when the token reaches it.
    func refusal(_ permission: SMARTScope.Permission, _ resource: JSONValue, type: String, _ context: FHIRExchange)
        async
        -> FHIRResponse?
    {
        guard let grant = context.grant, grant.reach(permission, on: type) == .patient, let patient = grant.patient
        else { return nil }
        if await isInCompartment(resource, type: type, patient: patient) { return nil }
        let id = resource["id"]?.stringValue.map { "\(type)/\($0)" } ?? "this \(type)"
        return context.outcome(
            403, "forbidden", "the token reaches only Patient/\(patient)'s compartment, and \(id) is not in it")
    }

    /// Whether the grant reaches `stored` for `permission` (included resources, history entries).
    func reaches(_ stored: StoredResource, _ permission: SMARTScope.Permission, _ context: FHIRExchange) async -> Bool {
        guard let grant = context.grant else { return true }
        switch grant.reach(permission, on: stored.type) {
        case .none: return false
        case .all: return true
        case .patient:
            guard let patient = grant.patient, let json = stored.json else { return false }
            return await isInCompartment(json, type: stored.type, patient: patient)
        }
    }

    /// Whether `resource` is in `patient`'s compartment, or of a type that holds no patient's
    /// data.
    func isInCompartment(_ resource: JSONValue, type: String, patient: String) async -> Bool {
        guard let names = compartment.parameters(of: type) else { return true }
        if type == "Patient", resource["id"]?.stringValue == patient { return true }
        for name in names {
            if await pointsAt(patient, from: resource, type: type, parameter: name) { return true }
        }
        return false
    }

    /// Whether `parameter` of `resource` names the patient; a chain (`agent.patient`) follows the
    /// references it names one step.
    private func pointsAt(_ patient: String, from resource: JSONValue, type: String, parameter: String) async -> Bool {
        let parts = parameter.split(separator: ".", maxSplits: 1).map(String.init)
        guard let found = searchParameters.parameters(of: type).first(where: { $0.name == parts[0] }) else {
            return false
        }
        for value in found.values(resource) {
            guard let text = value["reference"]?.stringValue, let target = Reference(reference: text).target else {
                continue
            }
            if parts.count == 1 {
                if target.type == "Patient", target.id == patient { return true }
            } else if let read = await store.read(target.type, target.id), let json = read.json,
                await pointsAt(patient, from: json, type: target.type, parameter: parts[1])
            {
                return true
            }
        }
        return false
    }

    /// The ids of `type` in `patient`'s compartment, found through the store's indexes; nil when
    /// the type holds no patient's data.
    func compartmentIDs(_ type: String, patient: String) async -> Set<String>? {
        guard let names = compartment.parameters(of: type) else { return nil }
        var ids: Set<String> = type == "Patient" ? [patient] : []
        for name in names {
            guard let plan = try? searchPlan([(name, "Patient/\(patient)")], type: type, lenient: false),
                let found = try? await matches(type, plan: plan, depth: 0)
            else { continue }
            ids.formUnion(found.found.map(\.id))
        }
        return ids
    }

    /// `matches` narrowed to what the grant reaches for a search.
    func reachable(_ matches: [StoredResource], type: String, _ context: FHIRExchange) async -> [StoredResource] {
        guard let grant = context.grant, grant.reach(.search, on: type) == .patient, let patient = grant.patient,
            let ids = await compartmentIDs(type, patient: patient)
        else { return matches }
        return matches.filter { ids.contains($0.id) }
    }
}

extension FHIRService {
    /// The 403 for a search whose chains or reverse chains search types the token's scopes do
    /// not let it search.
    func chainRefusal(_ plan: SearchPlan, _ context: FHIRExchange) -> FHIRResponse? {
        for chain in plan.chains {
            for type in chain.types {
                if let refusal = refusal(.search, on: type, context) { return refusal }
            }
        }
        return nil
    }

    /// The 403 for a transaction with an entry the token does not reach: every entry is checked
    /// as its own interaction would be, before anything is written.
    func refusal(of plan: TransactionPlan, _ context: FHIRExchange) async -> FHIRResponse? {
        guard context.grant != nil else { return nil }
        for (write, status) in zip(plan.resolvedWrites(), plan.statuses) {
            let permission: SMARTScope.Permission =
                write.resource == nil ? .delete : status.hasPrefix("201") ? .create : .update
            if let refusal = refusal(permission, on: write.type, context) { return refusal }
            if let resource = write.resource,
                let refusal = await refusal(permission, resource, type: write.type, context)
            {
                return refusal
            }
            if permission != .create, let json = await store.read(write.type, write.id)?.json,
                let refusal = await refusal(permission, json, type: write.type, context)
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
