import FHIRModel
import FHIRProfiles
import FHIRValidation
import Foundation

/// Small profiles written for the tests, each rule of profile validation on its own, and the
/// validator that reads them.
enum ProfileFixtures {
    static let base = "http://example.org/fhir/StructureDefinition/"

    /// A StructureDefinition constraining `type`, with `elements` as its differential.
    static func profile(
        _ name: String, of type: String, basedOn baseDefinition: String? = nil, _ elements: [String]
    ) -> String {
        """
        {"resourceType":"StructureDefinition","url":"\(base)\(name)","name":"\(name)","type":"\(type)",\
        "kind":"resource","abstract":false,"derivation":"constraint",\
        "baseDefinition":"\(baseDefinition ?? "http://hl7.org/fhir/StructureDefinition/\(type)")",\
        "differential":{"element":[\(elements.joined(separator: ","))]}}
        """
    }

    /// The validator with `definitions` (StructureDefinitions, ValueSets, CodeSystems) added.
    static func validator(_ definitions: [String], version: FHIRVersion = .r4) throws -> ProfileValidator {
        var resources = ConformanceResources(version: version)
        for text in definitions { try resources.add(try JSONParser.parse(text)) }
        return ProfileValidator(resources: resources) { today }
    }

    /// The day the tests' clock reads: 2026-03-15, noon UTC.
    static let today = Date(timeIntervalSince1970: 1_773_576_000)

    /// The errors of `resource` against the profile `name`.
    static func errors(_ resource: String, against name: String, _ definitions: [String]) throws -> [ValidationIssue] {
        try validator(definitions).issues(in: try JSONParser.parse(resource), profiles: [base + name])
            .filter(\.isError)
    }

    static let observation = #"{"resourceType":"Observation","status":"final","code":{"text":"x"}"#

    /// A category CodeableConcept of observation-category.
    static func category(_ code: String, system: String = "http://terminology.hl7.org/CodeSystem/observation-category")
        -> String
    {
        #"{"coding":[{"system":"\#(system)","code":"\#(code)"}]}"#
    }
}
