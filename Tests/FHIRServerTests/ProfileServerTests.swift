import FHIRModel
import FHIRValidation
import Foundation
import TestSupport
import Testing

@testable import FHIRServer

/// The built-in server with US Core added (`serve --package`): `POST [type]/$validate` answers
/// every issue against the profiles asked for and declared, and every route that writes
/// refuses a resource that breaks a profile it declares.
@Suite("profiles on the server")
struct ProfileServerTests {
    static let medicationRequest = "http://hl7.org/fhir/us/core/StructureDefinition/us-core-medicationrequest"

    /// A US Core MedicationRequest of the built-in patient; `requester` keeps us-core-21.
    static func order(requester: Bool, declared: Bool = true) -> String {
        let meta = declared ? #""meta":{"profile":["\#(medicationRequest)"]},"# : ""
        let who = requester ? #","requester":{"display":"Dr Bone"}"# : ""
        return #"{"resourceType":"MedicationRequest",\#(meta)"status":"active","intent":"order","#
            + #""medicationCodeableConcept":{"text":"Novalgin"},"subject":{"reference":"Patient/f001"}\#(who)}"#
    }

    static func usCore() throws -> [String] {
        [try SharedReference.url("us-core/input/resources").path]
    }

    static func errors(_ response: TestResponse) -> [String] {
        (response.json?["issue"]?.arrayValue ?? []).filter { $0["severity"] == "error" }
            .compactMap { $0["diagnostics"]?.stringValue }
    }

    @Test func validateAnswersEveryIssueWithoutStoring() async throws {
        try await withServer(.r4, packages: try Self.usCore()) { client in
            let before = try await client.send("GET", "MedicationRequest?_summary=count").json?["total"]
            let good = try await client.send("POST", "MedicationRequest/$validate", body: Self.order(requester: true))
            #expect(good.status == 200)
            #expect(Self.errors(good).isEmpty, "\(good.outcomeText)")
            let bad = try await client.send("POST", "MedicationRequest/$validate", body: Self.order(requester: false))
            #expect(bad.status == 200)
            #expect(Self.errors(bad).contains { $0.contains("us-core-21") }, "\(bad.outcomeText)")
            let after = try await client.send("GET", "MedicationRequest?_summary=count").json?["total"]
            #expect(before != nil && before == after)
        }
    }

    /// The profile may be asked for in the query or in a Parameters; an unknown one is an error.
    @Test func aProfileAskedFor() async throws {
        try await withServer(.r4, packages: try Self.usCore()) { client in
            let undeclared = Self.order(requester: false, declared: false)
            let plain = try await client.send("POST", "MedicationRequest/$validate", body: undeclared)
            #expect(Self.errors(plain).isEmpty, "\(plain.outcomeText)")
            let query = try await client.send(
                "POST", "MedicationRequest/$validate?profile=\(Self.medicationRequest)", body: undeclared)
            #expect(Self.errors(query).contains { $0.contains("us-core-21") }, "\(query.outcomeText)")
            let parameters =
                #"{"resourceType":"Parameters","parameter":[{"name":"profile","valueUri":"\#(Self.medicationRequest)"},{"name":"resource","resource":\#(undeclared)}]}"#
            let asked = try await client.send("POST", "MedicationRequest/$validate", body: parameters)
            #expect(Self.errors(asked).contains { $0.contains("us-core-21") }, "\(asked.outcomeText)")
            let unknown = try await client.send(
                "POST", "MedicationRequest/$validate?profile=http://example.org/nobody", body: undeclared)
            #expect(Self.errors(unknown).contains { $0.contains("is not known") }, "\(unknown.outcomeText)")
            let wrongType = try await client.send("POST", "Patient/$validate", body: undeclared)
            #expect(wrongType.status == 400)
        }
    }

    /// The statement lists `$validate` in its release's form, and keeps its release's own
    /// rules (an instance's statement names its implementation, cpb-14).
    @Test(arguments: FHIRVersion.allCases)
    func theStatementListsValidateAndIsValid(_ version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let statement = try #require(try await client.send("GET", "metadata").json)
            let type = statement["resourceType"]?.stringValue ?? ""
            let issues = ResourceValidator(version: version).issues(in: statement, type: type) { _, _ in true }
            #expect(!issues.contains { $0.isError }, "\(issues)")
            let rest = statement["rest"]?.arrayValue?.first
            let operations =
                [.dstu2, .stu3].contains(version)
                ? rest?["operation"] : rest?["resource"]?.arrayValue?.first?["operation"]
            #expect(operations?.arrayValue?.first?["name"] == "validate")
        }
    }

    /// `$validate` does not tell whether a referenced resource exists here.
    @Test func validateSaysNothingOfWhatIsStored() async throws {
        try await withServer(.r4) { client in
            let body = Self.order(requester: true, declared: false)
                .replacingOccurrences(of: "Patient/f001", with: "Patient/nobody-here")
            let answer = try await client.send("POST", "MedicationRequest/$validate", body: body)
            #expect(!answer.outcomeText.contains("does not exist"), "\(answer.outcomeText)")
        }
    }

    /// A create, an update and a transaction's entry that break a declared profile are refused;
    /// kept, each is stored.
    @Test func everyWriteKeepsTheProfilesItDeclares() async throws {
        try await withServer(.r4, packages: try Self.usCore()) { client in
            let broken = Self.order(requester: false)
            let create = try await client.send("POST", "MedicationRequest", body: broken)
            #expect(create.status == 422)
            #expect(Self.errors(create).contains { $0.contains("us-core-21") }, "\(create.outcomeText)")
            let update = try await client.send("PUT", "MedicationRequest/us-1", body: broken)
            #expect(update.status == 422)
            let transaction =
                #"{"resourceType":"Bundle","type":"transaction","entry":[{"resource":\#(broken),"request":{"method":"POST","url":"MedicationRequest"}}]}"#
            let refused = try await client.send("POST", "", body: transaction)
            #expect(refused.status == 422, "\(refused.outcomeText)")
            #expect(try await client.send("POST", "MedicationRequest", body: Self.order(requester: true)).status == 201)
            #expect(
                try await client.send("PUT", "MedicationRequest/us-1", body: Self.order(requester: true)).status == 201)
        }
    }
}
