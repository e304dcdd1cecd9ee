import FHIRModel
import FHIRProfiles
import FHIRValidation
import Foundation
import TestSupport
import Testing

/// Definitions read as resources: a profile's differential names elements of its type, keeps
/// what its base fixes and is not its own base; an extension's url is its definition's, and its
/// contexts are elements. R4's own profiles and extensions (its core package, as bundled) are
/// the resources that keep every rule; each is then broken once.
@Suite("rules of profiles and extensions as resources")
struct DefinitionRulesTests {
    typealias F = ProfileFixtures

    /// R4's core profiles and extensions, one JSON object a line.
    static func coreDefinitions() throws -> [JSONValue] {
        let file = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../Sources/FHIRProfiles/Bundled/profiles-r4.jsonl")
        let text = try String(contentsOf: file, encoding: .utf8)
        return try text.split(separator: "\n").filter { $0.hasPrefix("{") }.map { try JSONParser.parse(String($0)) }
    }

    static func errors(_ definition: JSONValue) throws -> [ValidationIssue] {
        try F.validator([]).issues(in: definition).filter(\.isError)
    }

    static func replacing(_ definition: JSONValue, element index: Int, key: String, with value: JSONValue) -> JSONValue
    {
        var object = definition.objectValue!
        var differential = object["differential"]!.objectValue!
        var elements = differential["element"]!.arrayValue!
        var element = elements[index].objectValue!
        element[key] = value
        elements[index] = .object(element)
        differential["element"] = .array(elements)
        object["differential"] = .object(differential)
        return .object(object)
    }

    /// Every element path of every core profile is taken; each with one of its parts misspelled
    /// (a name no type has) is refused at that element.
    @Test func differentialPathsNameElementsOfTheType() throws {
        let definitions = try Self.coreDefinitions()
        #expect(definitions.count > 400)
        var random = SeededGenerator(seed: 441)
        for definition in definitions {
            let url = definition["url"]?.stringValue ?? ""
            let kept = try Self.errors(definition).filter { $0.path.contains("differential") }
            #expect(kept.isEmpty, "\(url): \(kept)")
            let elements = definition["differential"]?["element"]?.arrayValue ?? []
            let deep = elements.indices.filter { elements[$0]["path"]?.stringValue?.contains(".") == true }
            guard let index = deep.randomElement(using: &random), random.next() % 4 == 0 else { continue }
            var parts = elements[index]["path"]!.stringValue!.split(separator: ".").map(String.init)
            let part = Int.random(in: 1..<parts.count, using: &random)
            parts[part] = parts[part].replacingOccurrences(of: "[x]", with: "") + "Zq"
            let broken = Self.replacing(
                definition, element: index, key: "path", with: .string(parts.joined(separator: ".")))
            let paths = try Self.errors(broken).map(\.path)
            #expect(paths.contains("StructureDefinition.differential.element[\(index)].path"), "\(url): \(parts)")
        }
    }

    /// Every core extension keeps its url and contexts; with its `Extension.url` fixed to
    /// another URL, or a context naming an element its type lacks, it is refused there.
    @Test func anExtensionsURLIsItsOwnAndItsContextsAreElements() throws {
        let extensions = try Self.coreDefinitions().filter { $0["type"] == "Extension" }
        #expect(extensions.count > 300)
        for definition in extensions {
            let url = definition["url"]?.stringValue ?? ""
            let elements = definition["differential"]?["element"]?.arrayValue ?? []
            guard let index = elements.firstIndex(where: { $0["id"] == "Extension.url" }) else { continue }
            let broken = Self.replacing(definition, element: index, key: "fixedUri", with: "http://example.org/other")
            #expect(
                try Self.errors(broken).map(\.path) == ["StructureDefinition.differential.element[\(index)]"], "\(url)")
            guard let context = definition["context"]?.arrayValue?.first, context["type"] == "element",
                let expression = context["expression"]?.stringValue,
                let type = expression.split(separator: ".").first, FHIRVersion.r4.release.model.knows(String(type))
            else { continue }
            var object = definition.objectValue!
            object["context"] = .array([
                .object(JSONObject([("type", "element"), ("expression", .string("\(expression).zq"))]))
            ])
            #expect(try Self.errors(.object(object)).map(\.path) == ["StructureDefinition.context[0]"], "\(url)")
        }
    }

    /// R4's own definitions carry the fhir-type extension on an ElementDefinition's `type`
    /// (against its published context, `type.code`, which the bundled data corrects); elsewhere it
    /// is still refused.
    @Test func theFhirTypeExtensionGoesOnAType() throws {
        let fhirType =
            #"{"url":"http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type","valueUrl":"string"}"#
        let onType = F.profile(
            "p", of: "Patient",
            [
                #"{"id":"Patient.name.text","path":"Patient.name.text","type":[{"extension":[\#(fhirType)],"code":"string"}]}"#
            ])
        let onBinding = F.profile(
            "p", of: "Patient",
            [
                #"{"id":"Patient.gender","path":"Patient.gender","binding":{"extension":[\#(fhirType)],"strength":"required","valueSet":"http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1"}}"#
            ])
        let mentions = { (text: String) in
            try Self.errors(try JSONParser.parse(text)).filter { $0.message.contains("structuredefinition-fhir-type") }
        }
        #expect(try mentions(onType).isEmpty)
        #expect(try mentions(onBinding).count == 1)
    }

    static let base = F.profile(
        "ext-base", of: "Extension",
        [#"{"id":"Extension.url","path":"Extension.url","fixedUri":"\#(F.base)ext-base"}"#])

    /// A profile of a profile keeps the values its base fixes, and its base is another profile.
    @Test func aDerivedProfileKeepsItsBasesFixedValues() throws {
        let validator = try F.validator([Self.base])
        let derived = { (fixed: String) in
            try JSONParser.parse(
                F.profile(
                    "ext-derived", of: "Extension", basedOn: F.base + "ext-base",
                    [#"{"id":"Extension.url","path":"Extension.url","fixedUri":"\#(fixed)"}"#]))
        }
        let changed = validator.issues(in: try derived(F.base + "ext-derived")).filter(\.isError).map(\.message)
        #expect(changed.contains { $0.contains("cannot change") }, "\(changed)")
        let kept = validator.issues(in: try derived(F.base + "ext-base")).filter(\.isError).map(\.message)
        #expect(!kept.contains { $0.contains("cannot change") }, "\(kept)")
        let own = try JSONParser.parse(
            F.profile("p", of: "Patient", basedOn: F.base + "p", [#"{"id":"Patient.name","path":"Patient.name"}"#]))
        #expect(validator.issues(in: own).filter(\.isError).map(\.path) == ["StructureDefinition.baseDefinition"])
    }
}
