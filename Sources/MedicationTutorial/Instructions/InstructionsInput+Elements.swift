import FHIRModel
import FHIRValidation

extension InstructionsInput {
    /// Members only DSTU2's DosageInstruction or Timing.repeat has.
    static let dstu2Members: Set<String> = [
        "doseQuantity", "doseRange", "additionalInstructions", "rateRatio", "rateRange", "periodUnits",
        "durationUnits", "boundsQuantity",
    ]
    /// Members only R4's Dosage or Timing.repeat has.
    static let r4Members: Set<String> = [
        "doseAndRate", "patientInstruction", "sequence", "additionalInstruction", "maxDosePerAdministration",
        "maxDosePerLifetime", "periodUnit", "durationUnit", "boundsDuration", "dayOfWeek", "timeOfDay", "countMax",
        "offset",
    ]
    /// The dose and rate directly in the dosage: DSTU2's and STU3's, which R4 moved into `doseAndRate`.
    static let directDoseMembers: Set<String> = ["doseQuantity", "doseRange", "rateRatio", "rateRange", "rateQuantity"]
    /// Members only R5's Dosage has: `asNeeded` is a flag, its conditions apart.
    static let r5Members: Set<String> = ["asNeeded", "asNeededFor"]
    static let dosageMembers = Set([
        "text", "timing", "asNeededBoolean", "asNeededCodeableConcept", "asNeeded", "asNeededFor", "site",
        "siteCodeableConcept",
        "siteReference", "route", "method", "maxDosePerPeriod", "rateQuantity",
    ]).union(dstu2Members).union(r4Members)

    static func elementItem(_ object: JSONObject, json: JSONValue) throws -> Item {
        let keys = Set(object.keys)
        let isTiming =
            keys.contains("repeat") || keys.contains("event") || (keys.contains("code") && !keys.contains("timing"))
        guard isTiming || !keys.isDisjoint(with: dosageMembers) else {
            throw InstructionsInputError.notDosage("an object with none of their members")
        }
        let version = try detectVersion(json)
        if isTiming && keys.isDisjoint(with: dosageMembers.subtracting(["text"])) {
            let schedule =
                version == .dstu2
                ? Schedule(try DSTU2.Timing(json: json, path: "Timing"))
                : Schedule(try R4.Timing(json: json, path: "Timing"))
            return Item(content: .timing(schedule), version: version)
        }
        let dosage =
            switch version {
            case .dstu2: OrderDosage(try DSTU2.DosageInstruction(json: json, path: "DosageInstruction"))
            case .stu3: OrderDosage(try STU3.Dosage(json: json, path: "Dosage"))
            case .r4, .r4b: OrderDosage(try R4.Dosage(json: json, path: "Dosage"))
            case .r5: OrderDosage(try R5.Dosage(json: json, path: "Dosage"))
            }
        return Item(content: .dosage(dosage), version: version)
    }

    /// DSTU2 when its own members appear (or `when` is a single code), STU3 when the dose is
    /// directly in a dosage that otherwise has R4's names, R5 when the dosage has R5's
    /// `asNeeded` or `asNeededFor`, else R4; DSTU2's and R4's members at once are an error,
    /// since either reader would silently skip the other version's members.
    static func detectVersion(_ json: JSONValue) throws(InstructionsInputError) -> FHIRVersion {
        let members = memberNames(json, depth: 3)
        let laterNames = members.intersection(r4Members.subtracting(["doseAndRate"]))
        if !members.isDisjoint(with: directDoseMembers), !laterNames.isEmpty, !members.contains("doseAndRate"),
            members.isDisjoint(with: dstu2Members.subtracting(directDoseMembers))
        {
            return .stu3
        }
        let r4 = members.intersection(r4Members).sorted()
        let dstu2 = members.intersection(dstu2Members).sorted()
        if let old = dstu2.first, let new = r4.first { throw .mixedVersions(dstu2: old, r4: new) }
        // R5's Dosage keeps R4's names but for its plain `asNeeded` flag and conditions, and
        // several maxima where R4 has one.
        if let object = json.objectValue,
            !Set(object.keys).isDisjoint(with: r5Members) || object["maxDosePerPeriod"]?.arrayValue != nil
        {
            return .r5
        }
        if !r4.isEmpty { return .r4 }
        if !dstu2.isEmpty { return .dstu2 }
        let rule = json["timing"]?["repeat"] ?? json["repeat"]
        if case .string = rule?["when"] { return .dstu2 }
        return .r4
    }

    private static func memberNames(_ json: JSONValue, depth: Int) -> Set<String> {
        guard depth > 0, case .object(let object) = json else { return [] }
        var names = Set(object.keys)
        for value in object.values { names.formUnion(memberNames(value, depth: depth - 1)) }
        return names
    }
}

/// Input `medbrain instructions` cannot render, in one line.
public enum InstructionsInputError: Error, Sendable, Equatable, CustomStringConvertible {
    case syntax(JSONSyntaxError)
    case shape(FHIRDecodingError)
    case notDosage(String)
    case mixedVersions(dstu2: String, r4: String)
    /// Invariants of the specification the input breaks, each with its key and place.
    case breaksRules([ValidationIssue])

    public var description: String {
        switch self {
        case .syntax(let error): error.description
        case .shape(let error): error.description
        case .notDosage(let found):
            "expected a DosageInstruction, Dosage, Timing, MedicationOrder or MedicationRequest "
                + "(or a Bundle of orders), found \(found)"
        case .mixedVersions(let dstu2, let r4):
            "mixes DSTU2 elements (\(dstu2)) with R4 elements (\(r4)); use one version's names"
        case .breaksRules(let issues):
            "FHIR forbids this: "
                + issues.map { "\($0.path) breaks \($0.rule ?? "a rule") (\($0.message))" }.joined(separator: "; ")
        }
    }
}
