import FHIRModel

/// The columns a table of resources shows for a type: the id, then what tells one resource
/// of that type from another (a patient's name and birth date, an order's medication and
/// status). Types it does not know get a label found the way a person would look for one.
/// Read from the JSON itself, so any server's resources show, whatever else they hold.
public struct ResourceSummary {
    /// Finds the resource a reference such as `Medication/med-1` points to, when it is at hand.
    public typealias Resolver = (String) -> JSONValue?

    public let headers: [String]
    let cells: (JSONValue, Resolver) -> [String]
    /// Whether a column empty in every row is left out: the summary of any other type guesses
    /// its columns, and a guess that finds nothing in these resources is not worth the room.
    public var dropsEmptyColumns = false

    /// Columns of ids, references, codes and dates: a table never breaks them across lines.
    public static let whole: Set<String> = [
        "id", "version", "status", "gender", "birth date", "patient", "order", "subject", "written", "effective",
        "when",
    ]

    /// The summary for resources of `type`.
    public static func of(_ type: String) -> ResourceSummary {
        switch type {
        case "Patient", "Practitioner", "RelatedPerson", "Person":
            ResourceSummary(headers: ["name", "gender", "birth date"]) { resource, _ in
                [personName(resource), text(resource["gender"]), text(resource["birthDate"])]
            }
        case "Medication":
            ResourceSummary(headers: ["code", "form"]) { resource, _ in
                [concept(resource["code"]), concept(resource["form"] ?? resource["doseForm"])]
            }
        case "MedicationOrder", "MedicationRequest":
            ResourceSummary(headers: ["medication", "status", "patient", "written"]) { resource, resolve in
                [
                    medication(resource, resolve), text(resource["status"]),
                    reference(resource["patient"] ?? resource["subject"]),
                    time(resource["dateWritten"] ?? resource["authoredOn"]),
                ]
            }
        case "MedicationAdministration":
            ResourceSummary(headers: ["status", "effective", "order", "taken"]) { resource, _ in
                [
                    text(resource["status"]), effective(resource),
                    reference(resource["prescription"] ?? resource["request"]), taken(resource),
                ]
            }
        case "Observation":
            ResourceSummary(headers: ["code", "value", "effective", "subject"]) { resource, _ in
                [concept(resource["code"]), value(resource), effective(resource), reference(resource["subject"])]
            }
        default:
            ResourceSummary(
                headers: ["label", "status", "when", "subject"],
                cells: { resource, _ in
                    [label(resource), status(resource), when(resource), reference(subject(resource))]
                }, dropsEmptyColumns: true)
        }
    }

    /// A row: the id first, then this type's cells.
    public func row(_ resource: JSONValue, _ resolve: Resolver) -> [String] {
        [Self.text(resource["id"])] + cells(resource, resolve)
    }

    public static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .number(let literal)?: literal
        case .bool(let flag)?: flag ? "true" : "false"
        default: ""
        }
    }

    /// The first HumanName: its text, else given names and family (a list in DSTU2).
    static func personName(_ resource: JSONValue) -> String {
        guard let name = resource["name"]?.arrayValue?.first else { return "" }
        if let text = name["text"]?.stringValue { return text }
        let family = name["family"]?.arrayValue?.map { text($0) } ?? [text(name["family"])]
        let given = name["given"]?.arrayValue?.map { text($0) } ?? []
        return (given + family).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A CodeableConcept as a person reads it: its text, a coding's display, else its code.
    static func concept(_ value: JSONValue?) -> String {
        if let text = value?["text"]?.stringValue { return text }
        let codings = value?["coding"]?.arrayValue ?? []
        if let display = codings.lazy.compactMap({ $0["display"]?.stringValue }).first { return display }
        return codings.first.map { text($0["code"]) } ?? ""
    }

    /// A Reference's display, else the reference itself.
    static func reference(_ value: JSONValue?) -> String {
        value?["display"]?.stringValue ?? text(value?["reference"])
    }

    /// The medication's name: the concept, else the referenced Medication's code when it
    /// came along (`_include`), else the reference. R5 holds both in one CodeableReference,
    /// `medication`, as its `concept` or its `reference`.
    static func medication(_ resource: JSONValue, _ resolve: Resolver) -> String {
        let codeable = resource["medication"]
        if let concept = resource["medicationCodeableConcept"] ?? codeable?["concept"] { return self.concept(concept) }
        let named = resource["medicationReference"] ?? codeable?["reference"]
        let target = named?["reference"]?.stringValue.flatMap(resolve)
        if let code = target?["code"], !concept(code).isEmpty, named?["display"] == nil {
            return concept(code)
        }
        return reference(named)
    }

    /// A dateTime to the minute, as a table has room for: `2016-08-16 08:00`; the JSON has it whole.
    static func time(_ value: JSONValue?) -> String {
        let full = text(value)
        guard full.count > 16, full.dropFirst(10).first == "T" else { return full }
        return full.prefix(10) + " " + full.dropFirst(11).prefix(5)
    }

    /// A dateTime or a Period's start, under each version's name for it: DSTU2's
    /// effectiveTime[x], effective[x] from STU3 to R4B, R5's occurence[x] (so spelled).
    static func effective(_ resource: JSONValue) -> String {
        for name in ["effectiveDateTime", "effectiveTimeDateTime", "effectiveInstant", "occurenceDateTime"] {
            if let value = resource[name] { return time(value) }
        }
        let period = resource["effectivePeriod"] ?? resource["effectiveTimePeriod"] ?? resource["occurencePeriod"]
        return time(period?["start"])
    }

    /// `no` when the dose was not given (DSTU2 `wasNotGiven`, STU3 `notGiven`, R4 and R5
    /// `not-done`), else `yes`.
    static func taken(_ resource: JSONValue) -> String {
        if case .bool(true)? = resource["wasNotGiven"] ?? resource["notGiven"] { return "no" }
        return text(resource["status"]) == "not-done" ? "no" : "yes"
    }

    /// An Observation's value: a quantity with its unit, a concept, or a plain value.
    static func value(_ resource: JSONValue) -> String {
        if let quantity = resource["valueQuantity"] {
            return [text(quantity["value"]), text(quantity["unit"])].filter { !$0.isEmpty }.joined(separator: " ")
        }
        if let concept = resource["valueCodeableConcept"] { return self.concept(concept) }
        for name in ["valueString", "valueBoolean", "valueInteger", "valueDateTime"] {
            if let value = resource[name] { return text(value) }
        }
        return ""
    }

    /// What a person would call a resource of a type this does not know.
    public static func label(_ resource: JSONValue) -> String {
        if case .string(let name)? = resource["name"] { return name }
        let person = personName(resource)
        if !person.isEmpty { return person }
        for name in ["title", "description"] {
            if let text = resource[name]?.stringValue { return text }
        }
        if let code = resource["code"] { return concept(code) }
        // `vaccineCode`, `medicationCodeableConcept`: the first concept that names what it is.
        let members = resource.objectValue?.members ?? []
        for (key, value) in members where key.hasSuffix("Code") || key.hasSuffix("CodeableConcept") || key == "type" {
            let named = concept(value.arrayValue?.first ?? value)
            if !named.isEmpty { return named }
        }
        return ""
    }

    /// `status`, else a status of its own kind (a Condition's `clinicalStatus`), as its code.
    static func status(_ resource: JSONValue) -> String {
        if let status = resource["status"]?.stringValue { return status }
        let members = resource.objectValue?.members ?? []
        guard let (_, value) = members.first(where: { $0.0.hasSuffix("Status") }) else { return "" }
        return value.stringValue ?? concept(value)
    }

    /// When it happened: the first element that holds a date or a Period (its start), to the
    /// minute: `effectiveDateTime`, `onsetDateTime`, `occurrenceDateTime`, `period`, `recorded`.
    static func when(_ resource: JSONValue) -> String {
        for (key, value) in resource.objectValue?.members ?? [] where !["id", "meta", "text"].contains(key) {
            if let text = value.stringValue, text.count >= 10, FHIRDateTime(text) != nil { return time(value) }
            if let start = value["start"]?.stringValue, FHIRDateTime(start) != nil { return time(value["start"]) }
        }
        return ""
    }

    /// Whom it is about: `subject`, else `patient` or `beneficiary`.
    static func subject(_ resource: JSONValue) -> JSONValue? {
        resource["subject"] ?? resource["patient"] ?? resource["beneficiary"]
    }
}
