import FHIRModel
import FHIRValidation
import MedbrainREPL

/// A Timing or Dosage a student wrote for `instructions JSON`, judged as a teacher marks it:
/// valid in the lesson's release (its elements, and the specification's invariants: a
/// Duration's unit in UCUM, a period with its unit), and saying the sentence asked for by its
/// structure, not by free text typed beside it (a Dosage's `text`, a Timing's `code`).
enum WrittenTiming {
    /// Nil when `own` holds; else what is wrong, in the words of the goal.
    static func problem(_ own: OwnInstructions, sentence: String, version: FHIRVersion?) -> String? {
        if let version, let issue = issues(in: own.input, version: version).first(where: \.isError) {
            return "what you wrote is not a valid \(version.displayName) \(type(of: own.input)): "
                + "\(issue.path): \(issue.ruledMessage)"
        }
        guard own.fromStructure.map(LessonCheck.spaced).contains(sentence) else {
            return "the sentence comes from free text, not from the Timing's structure (its repeat)"
        }
        return nil
    }

    /// What the JSON is: a Dosage holds a timing or a text; anything else written is a Timing.
    static func type(of json: JSONValue) -> String {
        if json["resourceType"] != nil { return json["resourceType"]?.stringValue ?? "resource" }
        return json["timing"] != nil || json["text"] != nil || json["doseQuantity"] != nil ? "Dosage" : "Timing"
    }

    /// The release's problems with it: a resource as the server would judge it, a Dosage or
    /// Timing as that datatype (DSTU2, which has no Dosage, by its Timing).
    static func issues(in json: JSONValue, version: FHIRVersion) -> [ValidationIssue] {
        let validator = ResourceValidator(version: version)
        let kind = type(of: json)
        if json["resourceType"] != nil {
            return validator.issues(in: json, type: kind, exists: { _, _ in true }).filter { !$0.isMissingTarget }
        }
        if let issues = validator.issues(inElement: json, type: kind) { return issues }
        return json["timing"].flatMap { validator.issues(inElement: $0, type: "Timing") } ?? []
    }
}
