import FHIRModel
import Foundation
import TestSupport
import Testing

/// Each release's search parameters, as `scripts/fhir-definitions` vendored them: R4's against
/// the specification's own Bundle (the other releases' are compared with theirs by the
/// FHIRStarter interop suites, where the package that ships them is installed).
@Suite("search parameters as data")
struct SearchParameterTableTests {
    /// `(release, table, model)` for every release Medbrain knows.
    static let releases: [(StatedRelease, FHIRSearchParameters, FHIRTypeModel)] = StatedRelease.known.map {
        ($0, $0.version!.searchParameters, $0.version!.typeModel)
    }

    @Test func r4HasEveryParameterOfTheSpecificationAndNoOther() throws {
        let url = try SharedReference.url("fhir-definitions/r4-search-parameters.json")
        let bundle = try JSONParser.parse(try Data(contentsOf: url))
        var official: [String: Set<String>] = [:]
        for entry in bundle["entry"]?.arrayValue ?? [] {
            guard let resource = entry["resource"], let code = resource["code"]?.stringValue else { continue }
            for base in resource["base"]?.arrayValue ?? [] {
                official[base.stringValue ?? "", default: []].insert(code)
            }
        }
        let ours = FHIRVersion.r4.searchParameters.byType.filter { !$0.value.isEmpty }.mapValues {
            Set($0.filter(\.isListed).map(\.code))
        }
        #expect(official.count > 100)
        #expect(ours == official)
        #expect(official.values.map(\.count).reduce(0, +) == 1706)
    }

    @Test(arguments: releases.map(\.0))
    func everyTypeIsAResourceOfItsRelease(release: StatedRelease) throws {
        let table = try #require(release.version?.searchParameters)
        let model = try #require(release.version?.typeModel)
        let strangers = table.byType.keys.filter { !model.isResource($0) }
        #expect(strangers.isEmpty, "\(strangers.sorted())")
        #expect(table.byType.count > 80)
    }

    /// The tutorial's searches, by the names each release gives them; `_id` and `_lastUpdated`
    /// come from Resource.
    @Test(arguments: [
        (StatedRelease.known(.dstu2), "MedicationOrder", ["patient", "status", "datewritten", "_id", "_lastUpdated"]),
        (
            .known(.dstu2), "MedicationAdministration",
            ["patient", "prescription", "effectivetime", "notgiven", "status"]
        ),
        (.known(.stu3), "MedicationAdministration", ["patient", "prescription", "effective-time", "not-given"]),
        (.known(.r4), "MedicationAdministration", ["patient", "request", "effective-time", "status", "_id"]),
        (.known(.r4b), "MedicationRequest", ["patient", "status", "authoredon", "intent"]),
        (.known(.r5), "MedicationAdministration", ["patient", "request", "date", "status"]),
        (.known(.r4), "Patient", ["family", "given", "name", "identifier", "email", "birthdate", "_lastUpdated"]),
    ])
    func tutorialSearchesAreThere(release: StatedRelease, type: String, codes: [String]) throws {
        let table = try #require(release.version?.searchParameters)
        let found = Set(table.parameters(of: type).map(\.code))
        #expect(Set(codes).isSubset(of: found), "\(Set(codes).subtracting(found).sorted())")
    }

    /// DSTU2's are STU3's under DSTU2's names, on DSTU2's elements; STU3's own names are not there.
    @Test func dstu2SpeaksItsOwnNames() throws {
        let orders = FHIRVersion.dstu2.searchParameters.byType["MedicationOrder"] ?? []
        #expect(orders.first { $0.code == "patient" }?.expression == "MedicationOrder.patient")
        #expect(orders.first { $0.code == "datewritten" }?.expression == "MedicationOrder.dateWritten")
        #expect(!orders.contains { $0.code == "authoredon" || $0.code == "intent" })
        let doses = FHIRVersion.dstu2.searchParameters.byType["MedicationAdministration"] ?? []
        #expect(doses.first { $0.code == "notgiven" }?.expression == "MedicationAdministration.wasNotGiven")
        #expect(!doses.contains { $0.code == "not-given" })
        #expect(FHIRVersion.dstu2.searchParameters.byType["MedicationRequest"] == nil)
    }

    /// The names kept for other releases' apps are accepted but not listed.
    @Test func aliasesAreNotListed() throws {
        let doses = FHIRVersion.r4.searchParameters.byType["MedicationAdministration"] ?? []
        let notGiven = try #require(doses.first { $0.code == "notgiven" })
        #expect(!notGiven.isListed)
        #expect(notGiven.expression == "MedicationAdministration.status = 'not-done'")
        #expect(FHIRVersion.r4.searchParameters.listedCount(of: "MedicationAdministration") == 13)
    }

    @Test func aLineReadsAsItsParts() throws {
        let table = FHIRSearchParameters(
            table: "# comment\nObservation : DomainResource\n  subject reference Group|Patient Observation.subject\n"
                + "  _text string - -\nDomainResource : Resource\nResource :\n  _id token - Resource.id\n"
        )
        let parameters = table.byType["Observation"] ?? []
        #expect(
            parameters == [
                SearchParameterDefinition(
                    code: "subject", kind: .reference, targets: ["Group", "Patient"], expression: "Observation.subject"),
                SearchParameterDefinition(code: "_text", kind: .string, expression: nil),
            ])
        // What a type inherits comes from the table's own `Name : Base` lines.
        #expect(table.parameters(of: "Observation").map(\.code) == ["subject", "_text", "_id"])
        #expect(table.bases == ["Observation": "DomainResource", "DomainResource": "Resource"])
    }
}
