import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

/// A patient's token against the definition of its reach: each generated request
/// (``ReachQueryGrammar``) is answered by the SMART server with p0's token, and by an open server
/// holding only what the test's own definition (``ReachDefinition``, from R4's compartment)
/// says p0 may see. The two must agree on every status and every resource, in order; a resource
/// outside the reach is never answered. A chain, `_has` or include that looked through another
/// patient's data answers differently from the server that never had it.
///
/// Its seeds run one after another (`.serialized`): together they would hold both of CI's cores
/// for a minute, and the servers other tests start would wait.
@Suite("SMART reach, differential", .serialized)
struct SMARTReachDifferentialTests {
    /// Requests per data seed; several seeds, so data as well as queries vary. 100,000 in all;
    /// `scripts/smart-mutations` asks for fewer (MEDBRAIN_REACH_REQUESTS), as it runs the SMART
    /// tests once per rule.
    static let requests = ProcessInfo.processInfo.environment["MEDBRAIN_REACH_REQUESTS"].flatMap { Int($0) } ?? 25_000
    static let seeds: [UInt64] = [43, 44, 45, 46]

    @Test(arguments: seeds) func aPatientsTokenAnswersAsTheServerOfItsReachAlone(seed: UInt64) async throws {
        let resources = CrossedRecords.make(seed: seed)
        let definition = try ReachDefinition(patient: "p0", resources: resources)
        let harness = try await SMARTHarness.make(resources: resources)
        let alone = FHIRService(
            version: .r4, store: ResourceStore(), clock: harness.clock, base: ServerBase(SMARTHarness.names))
        try await SMARTHarness.load(resources.filter(definition.sees), into: alone)
        let token = try harness.token(scope: "launch/patient patient/*.rs", patient: "p0")
        let keys = resources.map(ReachDefinition.key)
        var random = SeededGenerator(seed: seed)
        var differences = 0
        var outside = 0
        var seen = 0
        for _ in 0..<Self.requests {
            let (method, path, body) = ReachQueryGrammar.request(keys: keys, &random)
            let withToken = await harness.request(method, path, token: token, body: body)
            let answer = Outline(withToken)
            for key in SMARTCompartmentTests.resources(in: withToken.json ?? .null) {
                seen += 1
                guard !(definition.byKey[key].map(definition.sees) ?? false) else { continue }
                outside += 1
                if outside <= 5 { Issue.record("\(method) \(path) \(body ?? "") answered \(key), outside p0's reach") }
            }
            let expected = Outline(await Self.request(alone, method, path, body: body))
            if answer != expected {
                differences += 1
                if differences <= 5 {
                    Issue.record("\(method) \(path) \(body ?? "")\nwith the token: \(answer)\nalone: \(expected)")
                }
            }
        }
        #expect(outside == 0, "\(outside) resources outside the reach were answered")
        #expect(differences == 0, "\(differences) of \(Self.requests) requests were answered otherwise")
        // The requests reached resources: the comparison looked at something.
        #expect(seen > Self.requests / 2)
    }

    /// Writes at random with p0's `patient/*.cruds` token: creates, updates and deletes of anyone's
    /// resources, some with a reference moved to another patient or resource. One is allowed
    /// exactly when the test's definition says the resource (and the version it replaces) is p0's
    /// and names no other patient nor links to what p0 cannot see; refused with 404 when p0
    /// cannot see what it replaces (the answer to a read of it), else with 403.
    @Test(arguments: seeds) func aPatientsTokenWritesOnlyIntoItsOwnRecord(seed: UInt64) async throws {
        var current = Dictionary(
            uniqueKeysWithValues: CrossedRecords.make(seed: seed).map { (ReachDefinition.key($0), $0) })
        let harness = try await SMARTHarness.make(
            resources: Array(current.values).sorted { ReachDefinition.key($0) < ReachDefinition.key($1) })
        let token = try harness.token(scope: "launch/patient patient/*.cruds", patient: "p0")
        var random = SeededGenerator(seed: seed)
        var allowed = 0
        var permitted = 0
        for index in 0..<Self.writes {
            let definition = try ReachDefinition(patient: "p0", resources: Array(current.values))
            // Half the writes are to p0's own resources, half to anyone's.
            let own = Bool.random(using: &random)
            let key = current.keys.sorted().filter { !own || definition.holds(current[$0]!, depth: 0) }
                .randomElement(using: &random)!
            let existing = current[key]!
            let type = String(key.prefix { $0 != "/" })
            // A reference moves to anything at all, or (for own resources) to what p0 may see:
            // so that writes the reach lets through are tried as often as those it refuses.
            let targets = current.keys.sorted().filter { !own || definition.sees(current[$0]!) }
            let changed =
                own && Bool.random(using: &random)
                ? ReachWrites.everyReferenceMoved(existing, keys: targets, &random)
                : ReachWrites.moved(existing, keys: targets, &random)
            let method = ["POST", "PUT", "PUT", "DELETE"].randomElement(using: &random)!
            let path = method == "POST" ? type : key
            let sent = ReachWrites.withoutID(changed, if: method == "POST")
            let body = method == "DELETE" ? nil : String(decoding: sent.compactBytes, as: UTF8.self)
            let answer = await harness.request(method, path, token: token, body: body)
            // JSONValue takes a nil literal as JSON null: the absent sides are Optional's none.
            let written: JSONValue? = method == "DELETE" ? .none : .some(sent)
            let replaced: JSONValue? = method == "POST" ? .none : .some(existing)
            let may = definition.mayWrite(written, replacing: replaced)
            // A refusal is 403, but 404 for a resource p0 cannot see, as its read is answered.
            let refusal = replaced.map { definition.sees($0) ? 403 : 404 } ?? 403
            let refused = [403, 404].contains(answer.status)
            #expect(
                may ? !refused : answer.status == refusal,
                "\(index): \(method) \(path) \(body ?? "") answered \(answer.status) \(answer.text)")
            if !refused { permitted += 1 }
            guard (200..<300).contains(answer.status) else { continue }
            allowed += 1
            if method == "DELETE" {
                current[key] = nil
            } else if let json = answer.json {
                current[ReachDefinition.key(json)] = json
            }
        }
        // Both sides were tried: writes the reach let through (some then refused as invalid) and
        // writes it refused.
        #expect(permitted > Self.writes / 20 && permitted < Self.writes * 9 / 10, "\(permitted) of \(Self.writes)")
        #expect(allowed > 0)
    }

    static let writes = 1_500

    static func request(_ service: FHIRService, _ method: String, _ path: String, body: String?) async -> FHIRResponse {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        return await service.handle(
            FHIRRequest(
                method: method, components: (parts.first ?? "").split(separator: "/").map(String.init),
                query: QueryString.parameters(parts.count > 1 ? parts[1] : nil), headers: ["host": "127.0.0.1"],
                body: Array((body ?? "").utf8)))
    }
}

/// What an answer says, without its links: its status (403 and 404 alike, as "not seen"), and
/// the resources it holds in order with their search mode, a Bundle's total, a batch's answers.
struct Outline: Equatable, CustomStringConvertible {
    let status: Int
    let parts: [String]

    init(_ response: FHIRResponse) {
        self.init(status: response.status, json: response.json)
    }

    init(status: Int, json: JSONValue?) {
        self.status = status == 403 ? 404 : status
        guard self.status != 404, let json else {
            parts = []
            return
        }
        parts = Self.parts(of: json)
    }

    private static func parts(of json: JSONValue) -> [String] {
        guard json["resourceType"]?.stringValue == "Bundle" else {
            let type = json["resourceType"]?.stringValue ?? ""
            return type == "OperationOutcome" ? [type] : [ReachDefinition.key(json)]
        }
        var found: [String] = json["total"].map { ["total \($0.compactText)"] } ?? []
        for entry in json["entry"]?.arrayValue ?? [] {
            if let status = entry["response"]?["status"]?.stringValue {
                let inner = Outline(status: Int(status.prefix(3)) ?? 0, json: entry["resource"])
                found.append("[\(inner)]")
            } else if let resource = entry["resource"] {
                found.append(ReachDefinition.key(resource) + " " + (entry["search"]?["mode"]?.stringValue ?? ""))
            }
        }
        return found
    }

    var description: String { "\(status) \(parts.joined(separator: ", "))" }
}

/// How the write test changes a resource before sending it.
enum ReachWrites {
    /// `resource` with one of its references (if any) moved, half the time, to a patient or
    /// one of `keys`.
    static func moved(_ resource: JSONValue, keys: [String], _ random: inout SeededGenerator) -> JSONValue {
        guard Bool.random(using: &random) else { return resource }
        let target =
            Bool.random(using: &random) || keys.isEmpty
            ? "Patient/\(CrossedRecords.patients.randomElement(using: &random)!)" : keys.randomElement(using: &random)!
        // The first, second or third reference met is the one moved.
        var passed = -Int.random(in: 0..<3, using: &random)
        return retarget(resource, to: target, passed: &passed)
    }

    /// `resource` with every reference to a patient moved to p0, and every other to one of
    /// `keys` (for p0's own resources: one whose every link p0 may see, a write the reach must
    /// let through unless a reference's type does not fit).
    static func everyReferenceMoved(_ json: JSONValue, keys: [String], _ random: inout SeededGenerator) -> JSONValue {
        switch json {
        case .object(var object):
            if let reference = object["reference"]?.stringValue {
                // A patient stays a patient, and becomes p0; anything else becomes one of `keys`.
                let others = keys.filter { !$0.hasPrefix("Patient/") }
                let isPatient = reference.hasPrefix("Patient/") || reference.contains("/Patient/")
                let key = isPatient ? "Patient/p0" : others.randomElement(using: &random)
                object["reference"] = key.map(JSONValue.string) ?? object["reference"]
                return .object(object)
            }
            for (key, value) in object.members { object[key] = everyReferenceMoved(value, keys: keys, &random) }
            return .object(object)
        case .array(let items): return .array(items.map { everyReferenceMoved($0, keys: keys, &random) })
        default: return json
        }
    }

    private static func retarget(_ json: JSONValue, to target: String, passed: inout Int) -> JSONValue {
        switch json {
        case .object(var object):
            if object["reference"]?.stringValue != nil {
                passed += 1
                if passed == 1 { object["reference"] = .string(target) }
                return .object(object)
            }
            for (key, value) in object.members { object[key] = retarget(value, to: target, passed: &passed) }
            return .object(object)
        case .array(let items): return .array(items.map { retarget($0, to: target, passed: &passed) })
        default: return json
        }
    }

    static func withoutID(_ resource: JSONValue, if drop: Bool) -> JSONValue {
        guard drop, case .object(var object) = resource else { return resource }
        object["id"] = nil
        object["meta"] = nil
        return .object(object)
    }
}
