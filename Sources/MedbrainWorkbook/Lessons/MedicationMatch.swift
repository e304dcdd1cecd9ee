import FHIRModel
import MedbrainREPL

/// Whether two `medication[x]` name one medication, as a pharmacist reading them would: the
/// same Medication by reference, or codes that share a coding (system and code), or the same
/// text, where a reference stands for the code of the Medication it points at.
enum MedicationMatch {
    static func same(_ one: MedicationChoice?, _ other: MedicationChoice?, in repl: any LessonHost) async -> Bool {
        guard let one, let other else { return false }
        if case .reference(let first) = one, case .reference(let second) = other,
            let a = first.target, let b = second.target, a.type == b.type, a.id == b.id
        {
            return true
        }
        guard let first = await concept(of: one, in: repl), let second = await concept(of: other, in: repl) else {
            return false
        }
        return same(first, second)
    }

    static func same(_ first: CodeableConcept, _ second: CodeableConcept) -> Bool {
        let shared = first.coding.contains { coding in
            coding.code != nil
                && second.coding.contains { $0.system == coding.system && $0.code == coding.code }
        }
        return shared || (first.text != nil && first.text == second.text)
    }

    /// The concept itself, or the `code` of the Medication a reference points at.
    private static func concept(of choice: MedicationChoice, in repl: any LessonHost) async -> CodeableConcept? {
        switch choice {
        case .codeableConcept(let concept): return concept
        case .reference(let reference):
            guard let target = reference.target, target.type == "Medication",
                let json = try? await repl.read("Medication/\(target.id)"), let code = json["code"]
            else { return nil }
            return try? CodeableConcept(json: code, path: "Medication.code")
        }
    }
}
