import FHIRModel
import FHIRValidation
import Foundation
import TestSupport
import Testing

/// The rules on resources that define or list searches, tried on generated resources against
/// the specification's own SearchParameters, read here from R4's `search-parameters.json`
/// (../shared/reference/fhir-definitions), not from Medbrain's tables: a SearchParameter derived
/// from one keeps its type and bases, a CapabilityStatement's `searchParam` has its definition's
/// type, a composite has two components or more, and a Bundle has one link of each navigation
/// relation.
@Suite("rules of search definitions and links")
struct SearchDefinitionRulesTests {
    struct Official {
        let url: String
        let type: String
        let bases: [String]
    }

    static func officials() throws -> [Official] {
        let url = try SharedReference.url("fhir-definitions/r4-search-parameters.json")
        let bundle = try JSONParser.parse(Array(try Data(contentsOf: url)))
        return (bundle["entry"]?.arrayValue ?? []).compactMap { entry in
            let resource = entry["resource"]
            guard let url = resource?["url"]?.stringValue, let type = resource?["type"]?.stringValue else { return nil }
            let bases = resource?["base"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return Official(url: url, type: type, bases: bases)
        }
    }

    static let types = ["token", "string", "reference", "date", "number", "quantity", "uri", "composite", "special"]
    static let resourceTypes = ["Patient", "Observation", "Organization", "MedicationRequest", "Encounter"]

    static func errors(_ resource: JSONValue, version: FHIRVersion = .r4) -> [ValidationIssue] {
        let type = resource["resourceType"]?.stringValue ?? ""
        return ResourceValidator(version: version).issues(in: resource, type: type) { _, _ in true }.filter(\.isError)
    }

    /// A SearchParameter derived from one of the specification's, with its type and bases kept
    /// or changed: refused at `type` exactly when the type differs, at a `base` exactly when
    /// that base is not one the original searches.
    @Test func aDerivedParameterKeepsItsOriginalsTypeAndBases() throws {
        let officials = try Self.officials().filter { $0.type != "composite" && !$0.bases.contains("Resource") }
        #expect(officials.count > 1000)
        var random = SeededGenerator(seed: 1712)
        for _ in 0..<300 {
            let original = officials.randomElement(using: &random)!
            let type = Bool.random(using: &random) ? original.type : Self.types.randomElement(using: &random)!
            var bases = [original.bases.randomElement(using: &random)!]
            if Bool.random(using: &random) { bases.append(Self.resourceTypes.randomElement(using: &random)!) }
            let parameter: JSONValue = .object(
                JSONObject([
                    ("resourceType", "SearchParameter"), ("url", "http://example.org/SearchParameter/x"),
                    ("name", "X"), ("status", "active"), ("description", "x"), ("code", "x"),
                    ("derivedFrom", .string(original.url)), ("base", .array(bases.map { .string($0) })),
                    ("type", .string(type)),
                ]))
            let paths = Set(Self.errors(parameter).map(\.path))
            #expect(paths.contains("SearchParameter.type") == (type != original.type), "\(original.url) as \(type)")
            for (index, base) in bases.enumerated() {
                #expect(
                    paths.contains("SearchParameter.base[\(index)]") == !original.bases.contains(base),
                    "\(original.url) on \(base)")
            }
        }
    }

    /// A CapabilityStatement naming the specification's parameters, each with its own type or
    /// another: refused at exactly the ones whose type is not their definition's.
    @Test func aCapabilityStatementsParametersHaveTheirDefinitionsType() throws {
        let officials = try Self.officials()
        var random = SeededGenerator(seed: 2024)
        for _ in 0..<40 {
            let chosen = (0..<6).map { _ in officials.randomElement(using: &random)! }
            let declared = chosen.map {
                Bool.random(using: &random) ? $0.type : Self.types.randomElement(using: &random)!
            }
            let parameters = zip(chosen, declared).enumerated().map { index, pair in
                #"{"name":"p\#(index)","definition":"\#(pair.0.url)","type":"\#(pair.1)"}"#
            }
            let statement = try JSONParser.parse(
                #"{"resourceType":"CapabilityStatement","status":"active","date":"2026-01-01","kind":"instance","fhirVersion":"4.0.1","format":["json"],"implementation":{"description":"x"},"rest":[{"mode":"server","resource":[{"type":"Patient","searchParam":[\#(parameters.joined(separator: ","))]}]}]}"#
            )
            let paths = Set(Self.errors(statement).map(\.path))
            for index in chosen.indices {
                let place = "CapabilityStatement.rest[0].resource[0].searchParam[\(index)].type"
                #expect(paths.contains(place) == (declared[index] != chosen[index].type), "\(chosen[index].url)")
            }
        }
    }

    /// A composite parameter with 0 to 3 components, and a token one with as many: only a
    /// composite with fewer than two is refused.
    @Test(arguments: [FHIRVersion.r4, .r4b, .r5])
    func aCompositeCombinesTwoOrMoreValues(version: FHIRVersion) throws {
        for type in ["composite", "token"] {
            for count in 0...3 {
                let components = (0..<count).map { _ in
                    #"{"definition":"http://hl7.org/fhir/SearchParameter/Observation-code","expression":"code"}"#
                }
                let processing = version == .r5 ? #","processingMode":"normal""# : ""
                // No components is no `component` element: an empty array is not JSON FHIR allows.
                let listed = count == 0 ? "" : #","component":[\#(components.joined(separator: ","))]"#
                let parameter = try JSONParser.parse(
                    #"{"resourceType":"SearchParameter","url":"http://example.org/SearchParameter/x","name":"X","status":"active","description":"x","code":"x","base":["Observation"],"type":"\#(type)","expression":"Observation.code"\#(processing)\#(listed)}"#
                )
                let refused = Self.errors(parameter, version: version).contains { $0.path == "SearchParameter" }
                #expect(refused == (type == "composite" && count < 2), "\(type) with \(count)")
            }
        }
    }

    /// Bundles with generated links: refused at each link that repeats a navigation relation
    /// (self, first, previous, prev, next, last, by the paging the specification describes)
    /// already given, and never for another relation.
    @Test func aBundleHasOneLinkOfEachNavigationRelation() throws {
        let relations = ["self", "first", "previous", "prev", "next", "last", "alternate", "describedby"]
        let navigation: Set<String> = ["self", "first", "previous", "prev", "next", "last"]
        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let chosen = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                relations.randomElement(using: &random)!
            }
            let links = chosen.map { #"{"relation":"\#($0)","url":"http://x.org/fhir/Patient?page=1"}"# }
            let bundle = try JSONParser.parse(
                #"{"resourceType":"Bundle","type":"searchset","link":[\#(links.joined(separator: ","))]}"#)
            let refused = Set(Self.errors(bundle).map(\.path)).filter { $0.hasPrefix("Bundle.link[") }
            var expected: Set<String> = []
            for (index, relation) in chosen.enumerated()
            where navigation.contains(relation) && chosen[..<index].contains(relation) {
                expected.insert("Bundle.link[\(index)]")
            }
            #expect(refused == expected, "\(chosen)")
        }
    }
}
