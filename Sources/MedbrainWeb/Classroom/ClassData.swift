import FHIRModel
import MedbrainDataset

/// Each student's own record on the class server: the tutorial's patient f001 with its orders
/// and doses, made from the student's seed, under ids of their own (`Patient/alice`,
/// `MedicationRequest/alice-ord-01`), so one student's writes never land in another's record
/// and a token for one reaches no other. Medications are the class's, shared: no patient's.
public enum ClassData {
    /// The tutorial's patient, whose record each student gets a copy of.
    static let patient = "f001"

    /// Every student's copy, in `version`.
    public static func resources(for roster: ClassRoster, version: FHIRVersion) throws -> [JSONValue] {
        try roster.students.flatMap { try copy(for: $0, version: version) }
    }

    static func copy(for student: ClassRoster.Student, version: FHIRVersion) throws -> [JSONValue] {
        let dataset = try BuiltinDataset.resources(for: version, seed: DatasetSeed(student.seed))
        let owned = record(of: "Patient/\(patient)", in: dataset)
        var renamed: [String: String] = [:]
        for resource in dataset {
            guard let reference = reference(of: resource), owned.contains(reference),
                let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue
            else { continue }
            renamed[reference] = "\(type)/" + (id == patient ? student.username : "\(student.username)-\(id)")
        }
        return dataset.compactMap { resource in
            guard let reference = reference(of: resource), let new = renamed[reference] else { return nil }
            var copy = rewritten(resource, renamed)
            copy = setting(copy, "id", .string(String(new.split(separator: "/")[1])))
            if resource["resourceType"]?.stringValue == "Patient" {
                copy = setting(copy, "name", .array([.object(JSONObject([("text", .string(student.name))]))]))
            }
            return copy
        }
    }

    /// The patient and every resource that refers to the record, and to those, as far as it goes
    /// (orders name the patient, doses name the orders).
    static func record(of patient: String, in resources: [JSONValue]) -> Set<String> {
        var owned: Set<String> = [patient]
        var grew = true
        while grew {
            grew = false
            for resource in resources {
                guard let reference = reference(of: resource), !owned.contains(reference) else { continue }
                if !references(in: resource).isDisjoint(with: owned) {
                    owned.insert(reference)
                    grew = true
                }
            }
        }
        return owned
    }

    static func reference(of resource: JSONValue) -> String? {
        guard let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue else { return nil }
        return "\(type)/\(id)"
    }

    /// Every `reference` string in `json`.
    static func references(in json: JSONValue) -> Set<String> {
        switch json {
        case .object(let object):
            var found: Set<String> = []
            for index in 0..<object.count {
                if object.key(at: index) == "reference", let text = object.value(at: index).stringValue {
                    found.insert(text)
                }
                found.formUnion(references(in: object.value(at: index)))
            }
            return found
        case .array(let items): return items.reduce(into: []) { $0.formUnion(references(in: $1)) }
        default: return []
        }
    }

    /// `json` with each `reference` that names a renamed resource pointing at its copy.
    static func rewritten(_ json: JSONValue, _ renamed: [String: String]) -> JSONValue {
        switch json {
        case .object(let object):
            var copy = JSONObject(capacity: object.count)
            for index in 0..<object.count {
                let (key, value) = (object.key(at: index), object.value(at: index))
                if key == "reference", let text = value.stringValue, let new = renamed[text] {
                    copy.append(key, .string(new))
                } else {
                    copy.append(key, rewritten(value, renamed))
                }
            }
            return .object(copy)
        case .array(let items): return .array(items.map { rewritten($0, renamed) })
        default: return json
        }
    }

    static func setting(_ json: JSONValue, _ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let object) = json else { return json }
        var members = object.members.map { ($0.key, $0.value) }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(JSONObject(members))
    }
}
