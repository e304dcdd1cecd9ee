/// An order's dosage without the free text its instructions could be read from instead of its
/// structure: a dosage's `text` and `patientInstruction`, its Timing's `code`, the order's
/// narrative. A lesson that asks a student to read or write a Timing judges and serves these.
public enum DosageFreeText {
    /// `order` (a MedicationOrder or MedicationRequest) without its narrative and each dosage's
    /// free text; any other resource as it is.
    public static func removed(fromOrder order: JSONValue) -> JSONValue {
        guard case .object(let object) = order,
            ["MedicationRequest", "MedicationOrder"].contains(object["resourceType"]?.stringValue ?? "")
        else { return order }
        return .object(
            JSONObject(
                object.members.compactMap { key, value in
                    switch key {
                    case "text": nil
                    case "dosageInstruction": (key, .array((value.arrayValue ?? [value]).map(removed(fromDosage:))))
                    default: (key, value)
                    }
                }))
    }

    /// A Dosage (DSTU2's DosageInstruction) without `text` and `patientInstruction`, its
    /// Timing without `code`.
    public static func removed(fromDosage dosage: JSONValue) -> JSONValue {
        guard case .object(let object) = dosage else { return dosage }
        return .object(
            JSONObject(
                object.members.compactMap { key, value in
                    switch key {
                    case "text", "patientInstruction": nil
                    case "timing": (key, removed(fromTiming: value))
                    default: (key, value)
                    }
                }))
    }

    /// A Timing without `code`.
    public static func removed(fromTiming timing: JSONValue) -> JSONValue {
        guard case .object(let object) = timing else { return timing }
        return .object(JSONObject(object.members.filter { $0.key != "code" }))
    }
}
