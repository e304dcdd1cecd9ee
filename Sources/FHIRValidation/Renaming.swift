import FHIRModel

/// What a release calls an element of the tutorial's resources that another release named
/// otherwise: said beside "not an element", so a student who rewrites a DSTU2 administration
/// for R4 learns R4's word. Written by hand from the releases' own change notes; the type
/// models say only that the old name is gone.
enum Renaming {
    private struct Entry {
        /// The releases that use the new name: from the one that renamed it on, or only some.
        let versions: ClosedRange<FHIRVersion>
        let type: String
        /// The old name; for a choice, its stem (`effectiveTime` for `effectiveTimeDateTime`).
        let old: String
        let isChoice: Bool
        let note: String
    }

    /// From R4 on (R4B and R5 kept R4's names for these).
    private static let later: ClosedRange<FHIRVersion> = .r4 ... .latest

    private static let entries: [Entry] = [
        Entry(
            versions: later, type: "MedicationAdministration", old: "wasNotGiven", isChoice: false,
            note: "a dose not given is status = not-done"),
        Entry(
            versions: later, type: "MedicationAdministration", old: "notGiven", isChoice: false,
            note: "a dose not given is status = not-done"),
        Entry(
            versions: .stu3 ... .stu3, type: "MedicationAdministration", old: "wasNotGiven", isChoice: false,
            note: "a dose not given is notGiven = true"),
        Entry(
            versions: later, type: "MedicationAdministration", old: "reasonNotGiven", isChoice: false,
            note: "the reason is statusReason"),
        Entry(
            versions: later, type: "MedicationAdministration", old: "prescription", isChoice: false,
            note: "the order is request"),
        Entry(
            versions: .stu3 ... .latest, type: "MedicationAdministration", old: "patient", isChoice: false,
            note: "the patient is subject"),
        Entry(
            versions: .stu3 ... .r4b, type: "MedicationAdministration", old: "effectiveTime", isChoice: true,
            note: "the time is effective[x]"),
        Entry(
            versions: .r5 ... .latest, type: "MedicationAdministration", old: "effectiveTime", isChoice: true,
            note: "the time is occurence[x]"),
        Entry(
            versions: .r5 ... .latest, type: "MedicationAdministration", old: "effective", isChoice: true,
            note: "the time is occurence[x]"),
        Entry(
            versions: .r5 ... .latest, type: "MedicationAdministration", old: "medication", isChoice: true,
            note: "the medication is medication, a CodeableReference"),
        Entry(
            versions: .r5 ... .latest, type: "MedicationRequest", old: "medication", isChoice: true,
            note: "the medication is medication, a CodeableReference"),
    ]

    /// The note for the member `name` (a JSON key) of `type` in `version`, if it was renamed.
    static func note(for name: String, in type: String, version: FHIRVersion) -> String? {
        entries.first { entry in
            entry.versions.contains(version) && entry.type == type
                && (entry.isChoice ? name.hasPrefix(entry.old) && name.count > entry.old.count : name == entry.old)
        }.map { "\(version.displayName) says: \($0.note)" }
    }
}
