import FHIRModel
import SMART

/// The store as one request may see and change it. Every route of the FHIR API reaches
/// resources through this value, so the token's reach is decided here, once, for reads, version
/// reads, history, each set a search, chain or `_has` finds at any depth, every round of
/// `_include`/`_revinclude`, and every write of a create, update, delete, batch or transaction.
///
/// Refuses by default: a type the scopes do not name is not seen at all; with a patient scope,
/// only what ``PatientReach`` allows.
struct StoreAccess: Sendable {
    let service: FHIRService
    /// The request's grant; nil on an open server.
    let grant: SMARTGrant?

    /// Everything: an open server, or the server's own look-ups that define a reach.
    static func open(_ service: FHIRService) -> StoreAccess { StoreAccess(service: service, grant: nil) }

    /// What sets this access's answers apart in the search cache.
    var key: String { grant?.answerKey ?? "" }

    /// What one resource is to this access.
    enum Lookup {
        case found(StoredResource)
        /// It exists, but the token does not reach it.
        case outOfReach
        case absent
    }

    /// How far the grant reaches for `permission` on `type` (all on an open server).
    func level(_ permission: SMARTScope.Permission, on type: String) -> SMARTScopes.Reach {
        grant?.reach(permission, on: type) ?? .all
    }

    private var reach: PatientReach? { grant?.patient.map { PatientReach(patient: $0, service: service) } }

    /// Whether the token reaches `resource` of `type` for `permission`.
    func reaches(_ resource: JSONValue, type: String, _ permission: SMARTScope.Permission) async -> Bool {
        switch level(permission, on: type) {
        case .none: false
        case .all: true
        case .patient: await reach?.sees(resource, type: type) ?? false
        }
    }

    func reaches(_ stored: StoredResource, _ permission: SMARTScope.Permission) async -> Bool {
        guard let json = stored.json else { return false }
        return await reaches(json, type: stored.type, permission)
    }

    /// The current version of `type/id`, as the token may have it.
    func read(_ type: String, _ id: String, _ permission: SMARTScope.Permission = .read) async -> Lookup {
        guard let stored = await service.store.read(type, id) else { return .absent }
        return await reaches(stored, permission) ? .found(stored) : .outOfReach
    }

    /// Every version of `type/id` the token reaches; a deletion is shown when a version before it
    /// is. Nil when none is reached of a resource that has versions.
    func history(_ type: String, _ id: String) async -> [StoredResource]? {
        let versions = await service.store.history(type, id)
        guard grant != nil else { return versions }
        var shown: [StoredResource] = []
        for version in versions {
            let reached = version.isDeleted ? !shown.isEmpty : await reaches(version, .read)
            if reached { shown.append(version) }
        }
        return shown.isEmpty && !versions.isEmpty ? nil : shown
    }

    /// `found`, narrowed to what the token reaches for `permission`, in its order.
    func narrowed(_ found: [StoredResource], type: String, _ permission: SMARTScope.Permission) async
        -> [StoredResource]
    {
        switch level(permission, on: type) {
        case .none: return []
        case .all: return found
        case .patient:
            guard let reach else { return [] }
            if let ids = await reach.compartmentIDs(type) { return found.filter { ids.contains($0.id) } }
            var kept: [StoredResource] = []
            for stored in found where await reaches(stored, permission) { kept.append(stored) }
            return kept
        }
    }

    /// One version of `type/id`, as the token may have it; a deletion is found as it is.
    func version(_ type: String, _ id: String, _ version: String) async -> Lookup {
        let versions = await service.store.history(type, id)
        guard let match = versions.first(where: { String($0.versionId) == version }) else { return .absent }
        guard !match.isDeleted, grant != nil else { return .found(match) }
        return await reaches(match, .read) ? .found(match) : .outOfReach
    }

    /// Why the token may not write `resource` as `type/id` (create, update; nil: delete).
    enum WriteRefusal: Equatable {
        /// The scopes or the reach forbid it (403).
        case forbidden(String)
        /// The resource is outside the reach, answered as if it were not there (404): a 403
        /// would tell which ids exist. A patient's token creates with POST only, so an update
        /// of an id it never saw is answered so too, whether or not the id exists.
        case notKnown
    }

    /// Why the token may not write `resource` as `type/id` (create, update; nil: delete), or nil
    /// when it may. The version it replaces or deletes must be the token's to change too.
    func refusalToWrite(_ permission: SMARTScope.Permission, type: String, id: String?, resource: JSONValue?)
        async -> WriteRefusal?
    {
        guard grant != nil else { return nil }
        let existing =
            if let id, permission != .create { await service.store.read(type, id)?.json } else { JSONValue?.none }
        if let id, permission != .create, level(permission, on: type) == .patient,
            await hides(type, id, existing: existing, permission)
        {
            return .notKnown
        }
        return await refusalToWrite(permission, type: type, resource: resource, existing: existing).map {
            .forbidden($0)
        }
    }

    /// Whether a patient's token must be answered as if `type/id` were not there: its current
    /// version is outside the reach, or (an update) it has no version the token ever saw, so
    /// that neither the answer nor a resource created under the id tells that it exists.
    private func hides(_ type: String, _ id: String, existing: JSONValue?, _ permission: SMARTScope.Permission) async
        -> Bool
    {
        guard let reach else { return false }
        if let existing { return !(await reach.sees(existing, type: type)) }
        guard permission == .update else { return false }
        // A deletion of the token's own resource may be undone: the read says 410, not 404.
        let versions = await service.store.history(type, id)
        for version in versions.reversed() where !version.isDeleted {
            return !(await reach.sees(version.json ?? .null, type: type))
        }
        return true
    }

    private func refusalToWrite(
        _ permission: SMARTScope.Permission, type: String, resource: JSONValue?, existing: JSONValue?
    ) async -> String? {
        switch level(permission, on: type) {
        case .none: return "the token's scopes do not allow to \(permission.verb) \(type)"
        case .all: return nil
        case .patient:
            guard let reach else { return "the token's patient scopes need a patient in context (launch/patient)" }
            if let existing, await reach.refusalToChange(existing, type: type) != nil {
                let id = existing["id"]?.stringValue.map { "\(type)/\($0)" } ?? "this \(type)"
                return "the token reaches only Patient/\(reach.patient)'s compartment, and \(id) is not in it"
            }
            guard let resource else { return nil }
            return await reach.refusalToWrite(resource, type: type)
        }
    }
}
