import FHIRModel

/// What a token for one patient may see and change: the patient's compartment, as the release's
/// table (``PatientCompartment``) defines it, and of the types that hold no patient's data
/// (Medication, Practitioner) those that name no other patient. Changes reach only the
/// compartment, and a resource written may name no other patient, nor link to what the token
/// cannot see.
struct PatientReach: Sendable {
    let patient: String
    let service: FHIRService

    /// How many references a `@securityContext`-like element is followed through before the
    /// answer is no: a loop of Binaries ends.
    static let maximumSharingDepth = 4

    /// Whether the token may read (or find) `resource`.
    func sees(_ resource: JSONValue, type: String) async -> Bool {
        guard service.compartment.parameters(of: type) != nil else { return !namesAnotherPatient(resource) }
        return await holds(resource, type: type)
    }

    /// Why the token may not write `resource` (create, or the new content of an update), or nil:
    /// it must be the patient's to change, and link to nothing the token cannot see.
    func refusalToWrite(_ resource: JSONValue, type: String) async -> String? {
        if let refusal = await refusalToChange(resource, type: type) { return refusal }
        for reference in Self.references(in: resource) {
            guard let target = service.base.local(reference), target.type != "Patient" else { continue }
            if let json = await service.store.read(target.type, target.id)?.json,
                !(await sees(json, type: target.type))
            {
                return "\(reference) is outside Patient/\(patient)'s compartment"
            }
        }
        return nil
    }

    /// Why the token may not change `resource` (write it, replace or delete it), or nil: it must
    /// be of a type that holds patients' data, in the patient's compartment, and name no other
    /// patient, whose record the change would reach.
    func refusalToChange(_ resource: JSONValue, type: String) async -> String? {
        guard service.compartment.parameters(of: type) != nil else {
            return "\(type) holds no patient's data, and a patient's token changes only the patient's record"
        }
        guard await holds(resource, type: type) else {
            return "a \(type) written with this token must name Patient/\(patient) as its patient"
        }
        if let other = Self.references(in: resource).first(where: { namesAnotherPatient($0) }) {
            return "a patient's token may not change what names another patient (\(other))"
        }
        return nil
    }

    /// Whether `resource` is in the patient's compartment.
    func holds(_ resource: JSONValue, type: String, depth: Int = 0) async -> Bool {
        guard let names = service.compartment.parameters(of: type) else { return false }
        if type == "Patient", resource["id"]?.stringValue == patient { return true }
        for name in names where await pointsAt(from: resource, type: type, parameter: name) {
            return true
        }
        guard depth < Self.maximumSharingDepth else { return false }
        for element in service.compartment.sharingElements(of: type) {
            for value in resource[element].map(Self.list) ?? [] {
                guard let text = value["reference"]?.stringValue, let target = service.base.local(text)
                else { continue }
                if target.type == "Patient" { if target.id == patient { return true } else { continue } }
                if let json = await service.store.read(target.type, target.id)?.json,
                    await holds(json, type: target.type, depth: depth + 1)
                {
                    return true
                }
            }
        }
        return false
    }

    /// The ids of `type`'s resources in the compartment, through the store's indexes, or nil when
    /// each must be looked at (a type of no patient's, or one shared through an element).
    func compartmentIDs(_ type: String) async -> Set<String>? {
        guard let names = service.compartment.parameters(of: type),
            service.compartment.sharingElements(of: type).isEmpty
        else { return nil }
        var ids: Set<String> = type == "Patient" ? [patient] : []
        for name in names {
            guard let plan = try? service.searchPlan([(name, "Patient/\(patient)")], type: type, lenient: false),
                let found = try? await service.matches(type, plan: plan, depth: 0, access: .open(service))
            else { continue }
            ids.formUnion(found.found.map(\.id))
        }
        return ids
    }

    /// Whether `parameter` of `resource` names the patient; a chain (`agent.patient`) follows the
    /// references it names one step.
    private func pointsAt(from resource: JSONValue, type: String, parameter: String) async -> Bool {
        let parts = parameter.split(separator: ".", maxSplits: 1).map(String.init)
        guard let found = service.searchParameters.parameters(of: type).first(where: { $0.name == parts[0] }) else {
            return false
        }
        for value in found.values(resource) {
            guard let text = value["reference"]?.stringValue, let target = service.base.local(text) else {
                continue
            }
            if parts.count == 1 {
                if target.type == "Patient", target.id == patient { return true }
            } else if let json = await service.store.read(target.type, target.id)?.json,
                await pointsAt(from: json, type: target.type, parameter: parts[1])
            {
                return true
            }
        }
        return false
    }

    /// Whether a reference anywhere in `resource` (contained resources and extensions too) names
    /// a patient other than this one.
    func namesAnotherPatient(_ resource: JSONValue) -> Bool {
        Self.references(in: resource).contains(where: namesAnotherPatient)
    }

    /// Whether `reference` names a patient other than this one: another of this server's, or
    /// any other server's (`http://example.org/fhir/Patient/p0` is not this server's p0).
    private func namesAnotherPatient(_ reference: String) -> Bool {
        switch service.base.target(reference) {
        case .local(let type, let id): type == "Patient" && id != patient
        case .elsewhere(let url): Reference(reference: url).target?.type == "Patient"
        case nil: false
        }
    }

    /// Every `reference` string in `json`, at any depth.
    static func references(in json: JSONValue) -> [String] {
        var found: [String] = []
        collect(json, into: &found)
        return found
    }

    private static func collect(_ json: JSONValue, into found: inout [String]) {
        switch json {
        case .object(let object):
            for (key, value) in object.members {
                if key == "reference", let text = value.stringValue {
                    found.append(text)
                } else {
                    collect(value, into: &found)
                }
            }
        case .array(let items): for item in items { collect(item, into: &found) }
        default: break
        }
    }

    private static func list(_ value: JSONValue) -> [JSONValue] { value.arrayValue ?? [value] }
}
