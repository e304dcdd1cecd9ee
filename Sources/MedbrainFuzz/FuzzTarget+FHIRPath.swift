import FHIRModel
import FHIRPath
import Foundation
import MedbrainDataset

extension FuzzTarget {
    /// The FHIRPath engine: each input parsed and, when it parses, evaluated on one resource.
    /// Both must end with a value or a `FHIRPathError`; deep nesting and huge collections
    /// included, which the engine refuses with a message.
    static func fhirPath(seeds: [String], input: JSONValue) -> FuzzTarget {
        // A fixed clock and zone, so `now()` and `today()` do not make a run differ from the next;
        // collections refused at 10,000 items rather than 10,000,000, so that the inputs which
        // double a collection at each step reach the refusal in a moment, not seconds.
        let environment = FHIRPathEnvironment(
            now: Date(timeIntervalSince1970: 1_471_334_400), timeZone: TimeZone(identifier: "UTC") ?? .current,
            maximumCollection: 10_000)
        return FuzzTarget(name: "FHIRPath", seeds: seeds) { bytes in
            guard let expression = try? FHIRPathExpression(String(decoding: bytes, as: UTF8.self)) else { return }
            _ = try? expression.evaluate(on: input, environment: environment)
        }
    }
}

/// The FHIRPath seeds: every expression of HL7's R4 suite and the suite's `patient-example`
/// to evaluate them on, read from `../shared/reference/fhirpath` beside the repository (without
/// that folder, a handful of expressions and the built-in dataset's patient), and expressions at
/// the engine's limits.
struct FHIRPathSeeds {
    let expressions: [String]
    let input: JSONValue
    /// Where they came from, for the summary.
    let source: String

    static func load(root: String) throws -> FHIRPathSeeds {
        let folder = root + "/../shared/reference/fhirpath"
        let suite = folder + "/tests-fhir-r4.xml"
        if let text = try? String(contentsOfFile: suite, encoding: .utf8),
            let data = FileManager.default.contents(atPath: folder + "/r4/patient-example.json")
        {
            let expressions = suiteExpressions(in: text)
            if !expressions.isEmpty {
                return FHIRPathSeeds(
                    expressions: expressions + limits, input: try JSONParser.parse([UInt8](data)),
                    source: "HL7's suite and \(limits.count) at the limits")
            }
        }
        FileHandle.standardError.write(
            Data(
                ("medbrain-fuzz: HL7's FHIRPath suite not found in \(folder); "
                    + "seeding FHIRPath with \(fallback.count) expressions and the built-in patient instead\n").utf8))
        let patient = try BuiltinDataset.resources(for: .r4).first { $0["resourceType"] == "Patient" }
        guard let patient else { throw CorpusError(description: "the built-in dataset has no Patient") }
        return FHIRPathSeeds(
            expressions: fallback + limits, input: patient, source: "fallback and \(limits.count) at the limits")
    }

    /// Expressions the engine must refuse with a message, not a stack overflow: nesting far
    /// past the parser's depth, long left-deep chains of operators, members, calls and indexers
    /// (which the parser builds in a loop), and collections that double at each step.
    static let limits: [String] = {
        func times(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }
        return [
            times("(", 10_000) + "1" + times(")", 10_000), times("-", 10_000) + "1",
            times("iif(true, ", 5_000) + "1" + times(")", 5_000), "1" + times(" + 1", 10_000),
            "true" + times(" and true", 10_000), "1" + times(" | 1", 10_000), "Patient" + times(".name", 10_000),
            "Patient.name" + times(".where(true)", 10_000), "Patient.name" + times("[0]", 10_000),
            "true" + times(".not()", 10_000), "Patient.descendants().aggregate($total.combine($total), 1).count()",
            "(1 | 2)" + times(".select($this | ($this + 1)).select(1 | 2)", 40) + ".count()",
            "Patient.descendants()" + times(".combine(Patient.descendants())", 30) + ".count()",
        ]
    }()

    /// Seeds when the suite is missing: paths, filters, arithmetic, dates, strings, types.
    static let fallback = [
        "Patient.name.given", "name.where(use = 'official').family.first()",
        "Patient.birthDate < @2000-01-01 and gender = 'male'", "(1 | 2 | 3).select($this * 2).sum() = 12",
        "telecom.where(system = 'phone').value.matches('^[0-9 ]+$')", "Patient.identifier.count() > 0 implies active",
        "today() - 1 'year' < now()", "'abc'.substring(1, 1) + 'x'.upper() & {}", "5.5 'mg' + 2 'mg'",
        "Patient.children().descendants().ofType(string).distinct().count()",
        "iif(deceased.exists(), 'dead', 'alive').length() mod 3 div 1",
        "contact.relationship.coding.repeat(code).toString().combine(name.given).exists()",
    ]

    /// Every `<expression>`'s text in the suite, comments removed and the XML entities undone
    /// (a scanner, not FoundationXML, which a release build would link with libxml2's
    /// development files).
    static func suiteExpressions(in xml: String) -> [String] {
        var text = xml
        while let start = text.range(of: "<!--") {
            let end = text.range(of: "-->", range: start.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
            text.removeSubrange(start.lowerBound..<end)
        }
        return text.components(separatedBy: "<expression").dropFirst().compactMap { part in
            guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</expression>") else { return nil }
            return part[part.index(after: open)..<close.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
