import FHIRModel

/// The orders without the free text that states their instructions: each dosage's `text` and
/// `patientInstruction`, its Timing's `code`, and the order's narrative. A lesson whose student
/// reads the Timings themselves (`%withhold instructions`) serves these, so that no route to the
/// data (a read, a search, FHIRPath, a file saved) hands over the sentence the step asks for.
enum InstructionText {
    static func removed(_ resource: JSONValue) -> JSONValue {
        guard case .object(let object) = resource,
            ["MedicationRequest", "MedicationOrder"].contains(object["resourceType"]?.stringValue ?? "")
        else { return resource }
        return .object(
            JSONObject(
                object.members.compactMap { key, value in
                    switch key {
                    case "text": nil
                    case "dosageInstruction": (key, .array((value.arrayValue ?? [value]).map(dosage)))
                    default: (key, value)
                    }
                }))
    }

    private static func dosage(_ dosage: JSONValue) -> JSONValue {
        guard case .object(let object) = dosage else { return dosage }
        return .object(
            JSONObject(
                object.members.compactMap { key, value in
                    switch key {
                    case "text", "patientInstruction": nil
                    case "timing":
                        if case .object(let timing) = value {
                            (key, .object(JSONObject(timing.members.filter { $0.key != "code" })))
                        } else {
                            (key, value)
                        }
                    default: (key, value)
                    }
                }))
    }
}
