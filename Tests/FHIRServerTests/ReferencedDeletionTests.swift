import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

/// A resource others name cannot be deleted (409, naming them), as HAPI refuses it: the same
/// reading of references as the check that refuses a write naming a resource that is not there,
/// so that no route leaves a reference a write could not have made.
@Suite("Deleting a referenced resource")
struct ReferencedDeletionTests {
    /// Over every way of writing a reference, by the test's own reading
    /// (``AbsoluteReferenceTests/own(_:)``): a delete of p0 is refused exactly when the
    /// Observation names this server's p0, and a write naming the absent p9 is refused exactly
    /// when the same form would name this server's p9.
    @Test func aDeleteAndAWriteReadEveryReferenceFormAlike() async throws {
        let service = try await AbsoluteReferenceTests.service(holding: [])
        var refused = (deletes: 0, writes: 0)
        for (index, reference) in AbsoluteReferenceTests.queries.enumerated() {
            let observation = AbsoluteReferenceTests.observation(index, reference).compactText
            let put = await Self.request(service, "PUT", "Observation/obs\(index)", observation)
            #expect(put.status == 201, "\(reference): \(put.text)")
            let names = if case .local("Patient/p0") = AbsoluteReferenceTests.own(reference) { true } else { false }
            let delete = await Self.request(service, "DELETE", "Patient/p0")
            #expect(delete.status == (names ? 409 : 200), "\(reference): \(delete.status) \(delete.text)")
            if names {
                #expect(delete.text.contains("Observation/obs\(index) refers to Patient/p0 (Observation.subject)"))
                refused.deletes += 1
            } else {
                let patient = AbsoluteReferenceTests.patients[0].compactText
                #expect(await Self.request(service, "PUT", "Patient/p0", patient).status == 201)
            }
            #expect(await Self.request(service, "DELETE", "Observation/obs\(index)").status == 200)

            let absent = reference.replacingOccurrences(of: "p0", with: "p9")
            let namesAbsent =
                if case .local("Patient/p9") = AbsoluteReferenceTests.own(absent) { true } else { false }
            let write = await Self.request(
                service, "POST", "Observation", AbsoluteReferenceTests.observation(index, absent).compactText)
            #expect(write.status == (namesAbsent ? 422 : 201), "\(absent): \(write.status) \(write.text)")
            if namesAbsent { refused.writes += 1 }
        }
        // Both sides were met: forms naming this server's resource and forms naming none of its.
        let tried = AbsoluteReferenceTests.queries.count
        #expect(refused.deletes > 5 && refused.deletes < tried / 2)
        #expect(refused.writes == refused.deletes)
    }

    /// Deleting a resource no one names is allowed; one still named is kept, the 409 naming
    /// each referrer and where; a transaction deleting the referrer with it is allowed, as is
    /// the delete once the referrer names something else.
    @Test func aNamedResourceIsKeptUntilNothingNamesIt() async throws {
        let service = try await AbsoluteReferenceTests.service(holding: ["Patient/p0", "Patient/p0", "Patient/p1"])
        let refused = await Self.request(service, "DELETE", "Patient/p0")
        #expect(refused.status == 409)
        let issues = refused.json?["issue"]?.arrayValue?.compactMap { $0["diagnostics"]?.stringValue } ?? []
        #expect(
            issues == [
                "Patient/p0 cannot be deleted while other resources refer to it: change or delete them first",
                "Observation/obs0 refers to Patient/p0 (Observation.subject)",
                "Observation/obs1 refers to Patient/p0 (Observation.subject)",
            ])
        #expect(refused.json?["issue"]?.arrayValue?.first?["code"] == "conflict")
        #expect(await service.store.read("Patient", "p0") != nil)

        let moved = AbsoluteReferenceTests.observation(1, "Patient/p1").compactText
        #expect(await Self.request(service, "PUT", "Observation/obs1", moved).status == 200)
        let both = """
            {"resourceType":"Bundle","type":"transaction","entry":[
             {"request":{"method":"DELETE","url":"Patient/p0"}},
             {"request":{"method":"DELETE","url":"Observation/obs0"}}]}
            """
        #expect(await Self.request(service, "POST", "", both).status == 200)
        #expect(await service.store.read("Patient", "p0") == nil)
        // A transaction that deletes the target but leaves its referrer is refused whole.
        let half = """
            {"resourceType":"Bundle","type":"transaction","entry":[
             {"request":{"method":"DELETE","url":"Patient/p1"}},
             {"request":{"method":"DELETE","url":"Observation/obs2"}}]}
            """
        let answer = await Self.request(service, "POST", "", half)
        #expect(answer.status == 409 && answer.text.contains("Observation/obs1 refers to Patient/p1"))
        #expect(await service.store.read("Observation", "obs2") != nil)
    }

    /// A 409 names at most twenty referrers and counts the rest.
    @Test func manyReferrersAreCounted() async throws {
        let service = try await AbsoluteReferenceTests.service(holding: Array(repeating: "Patient/p0", count: 25))
        let answer = await Self.request(service, "DELETE", "Patient/p0")
        let issues = answer.json?["issue"]?.arrayValue?.compactMap { $0["diagnostics"]?.stringValue } ?? []
        #expect(issues.count == 22)
        #expect(issues.last == "5 more refer to it as well")
    }

    /// A patient's token deleting its own reading that another patient's resource names hears
    /// 409, but not which resource: that one is only counted.
    @Test func aPatientsTokenIsNotToldOfResourcesOutsideItsReach() async throws {
        let harness = try await SMARTHarness.make(resources: [
            AbsoluteReferenceTests.patients[0], AbsoluteReferenceTests.patients[1],
            Self.reading("obs-p0", patient: "p0", derivedFrom: nil),
            Self.reading("obs-p1", patient: "p1", derivedFrom: "Observation/obs-p0"),
        ])
        let token = try harness.token()
        let answer = await harness.request("DELETE", "Observation/obs-p0", token: token)
        #expect(answer.status == 409)
        #expect(!answer.text.contains("obs-p1") && !answer.text.contains("p1"))
        #expect(answer.text.contains("1 more, not all of them readable with this token, refer to it as well"))
        // A user's token, which reads every patient's, is told which.
        let user = try harness.token(scope: "user/*.cruds", patient: nil)
        let open = await harness.request("DELETE", "Observation/obs-p0", token: user)
        #expect(open.status == 409)
        #expect(open.text.contains("Observation/obs-p1 refers to Observation/obs-p0 (Observation.derivedFrom[0])"))
    }

    static func reading(_ id: String, patient: String, derivedFrom: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("resourceType", "Observation"), ("id", .string(id)), ("status", "final"),
            ("code", .object(JSONObject([("text", "x")]))),
            ("subject", .object(JSONObject([("reference", .string("Patient/\(patient)"))]))),
        ]
        if let derivedFrom {
            members.append(("derivedFrom", .array([.object(JSONObject([("reference", .string(derivedFrom))]))])))
        }
        return .object(JSONObject(members))
    }

    static func request(_ service: FHIRService, _ method: String, _ path: String, _ body: String? = nil) async
        -> FHIRResponse
    {
        await SMARTReachDifferentialTests.request(service, method, path, body: body)
    }
}
