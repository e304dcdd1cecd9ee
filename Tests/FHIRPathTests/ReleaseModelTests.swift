import FHIRModel
import Testing

@testable import FHIRPath

/// Every release has its own types, from the specification's definitions: the questions a
/// path asks of types are answered alike on all five for the elements they share.
@Suite("FHIRPath types on every release")
struct ReleaseModelTests {
    static let releases: [StatedRelease] = StatedRelease.known

    static let patient: JSONValue = [
        "resourceType": "Patient", "id": "p1", "birthDate": "1974-12-25", "deceasedBoolean": false,
        "name": [["given": ["Ann"], "family": "Ng"]],
        "extension": [
            ["url": "http://example.org/age", "valueAge": ["value": 42, "unit": "a", "code": "a"]],
            ["url": "http://example.org/weight", "valueQuantity": ["value": 71, "unit": "kg"]],
        ],
    ]
    static let observation: JSONValue = [
        "resourceType": "Observation", "id": "o1", "status": "final", "issued": "2016-01-10T08:00:00.000+02:00",
        "code": ["text": "weight"], "valueQuantity": ["value": .number("71.5"), "unit": "kg"],
    ]

    /// (resource, expression, what it prints on every release)
    static let questions: [(JSONValue, String, [String])] = [
        (patient, "birthDate is date", ["true"]),
        (patient, "birthDate is string", ["false"]),
        (patient, "(birthDate + 1 day).toString()", ["1974-12-26"]),
        (patient, "deceased is boolean", ["true"]),
        (patient, "deceased.ofType(boolean)", ["false"]),
        (patient, "extension('http://example.org/weight').value is Quantity", ["true"]),
        (patient, "name.given.first() is string", ["true"]),
        (patient, "id is string", ["true"]),
        (observation, "value.ofType(Quantity).value", ["71.5"]),
        (observation, "value is Quantity", ["true"]),
        (observation, "issued is instant", ["true"]),
        (observation, "issued > @2016-01-01T00:00:00Z", ["true"]),
        (observation, "status is code", ["true"]),
    ]

    @Test(arguments: releases)
    func typeQuestionsAreAnsweredAlike(release: StatedRelease) throws {
        let model = try #require(release.version?.typeModel)
        let environment = FHIRPathEnvironment(model: model)
        for (resource, expression, expected) in Self.questions {
            let result = try FHIRPathExpression(expression).evaluate(on: resource, environment: environment)
            #expect(result.map(\.displayText) == expected, "\(release.displayName): \(expression)")
        }
    }

    /// Age is a type of its own from STU3 on; DSTU2's extensions have no `valueAge`.
    @Test(arguments: [
        (StatedRelease.known(.dstu2), [String]()), (.known(.stu3), ["true"]), (.known(.r4), ["true"]),
        (.known(.r4b), ["true"]), (.known(.r5), ["true"]),
    ])
    func anAgeIsAQuantityWhereTheReleaseHasAges(release: StatedRelease, expected: [String]) throws {
        let model = try #require(release.version?.typeModel)
        let environment = FHIRPathEnvironment(model: model)
        let expression = try FHIRPathExpression("extension('http://example.org/age').value is Age")
        #expect(try expression.evaluate(on: Self.patient, environment: environment).map(\.displayText) == expected)
    }

    @Test(arguments: releases)
    func aNameTheTypeDoesNotHaveIsAnError(release: StatedRelease) throws {
        let model = try #require(release.version?.typeModel)
        let environment = FHIRPathEnvironment(model: model)
        #expect(throws: FHIRPathError.self) {
            try FHIRPathExpression("name.given1").evaluate(on: Self.patient, environment: environment)
        }
    }

    /// Each release's own words: the tutorial's renamings are in the release that made them.
    @Test(arguments: [
        (StatedRelease.known(.dstu2), "MedicationAdministration", "wasNotGiven", true),
        (.known(.dstu2), "MedicationAdministration", "effectiveTime", true),
        (.known(.dstu2), "MedicationOrder", "dosageInstruction", true),
        (.known(.stu3), "MedicationAdministration", "notGiven", true),
        (.known(.stu3), "MedicationAdministration", "wasNotGiven", false),
        (.known(.r4), "MedicationAdministration", "statusReason", true),
        (.known(.r4), "MedicationAdministration", "notGiven", false),
        (.known(.r4b), "MedicationAdministration", "effective", true),
        (.known(.r5), "MedicationAdministration", "occurence", true),
        (.known(.r5), "MedicationAdministration", "effective", false),
        (.known(.r5), "MedicationRequest", "medication", true),
    ])
    func eachReleaseHasItsOwnElements(release: StatedRelease, type: String, element: String, has: Bool) throws {
        let model = try #require(release.version?.typeModel)
        #expect((model.element(element, of: type) != nil) == has)
    }

    @Test func cardinalityComesWithTheTypes() throws {
        let status = try #require(FHIRVersion.r4.typeModel.element("status", of: "MedicationAdministration"))
        #expect(status.min == 1 && status.max == 1 && !status.repeats)
        let dosage = try #require(FHIRVersion.dstu2.typeModel.element("dosageInstruction", of: "MedicationOrder"))
        #expect(dosage.min == 0 && dosage.max == nil && dosage.repeats)
        #expect(StatedRelease.unknown("6.0.0").version?.typeModel == nil)
    }
}
