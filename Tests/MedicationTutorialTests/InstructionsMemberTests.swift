import FHIRModel
import Testing

@testable import MedicationTutorial

/// `instructions` tells a pasted dosage's release by its members. Its lists name a dosage's and
/// a Timing.repeat's members together, so they are written in the source; each is checked here
/// against the release's type tables, so none names a member another release has too, or one
/// its release lacks.
@Suite("The members instructions tells releases by")
struct InstructionsMemberTests {
    /// A dosage's members and its Timing.repeat's in `version`, as its type table has them.
    static func members(_ version: FHIRVersion, dosage: String) -> Set<String> {
        let model = version.typeModel
        return model.jsonMembers(of: dosage).union(model.jsonMembers(of: "Timing.repeat"))
    }

    static let dstu2 = members(.dstu2, dosage: "MedicationOrder.dosageInstruction")
    static let r4 = members(.r4, dosage: "Dosage")

    @Test func dstu2sAreDSTU2sAlone() {
        #expect(InstructionsInput.dstu2Members.isSubset(of: Self.dstu2))
        #expect(InstructionsInput.dstu2Members.isDisjoint(with: Self.r4))
    }

    @Test func r4sAreR4sAlone() {
        #expect(InstructionsInput.r4Members.isSubset(of: Self.r4))
        #expect(InstructionsInput.r4Members.isDisjoint(with: Self.dstu2))
    }

    /// The dose and rate written in the dosage itself are exactly those R4 moved into
    /// `doseAndRate`, the list generated for orders from the same tables.
    @Test func theDirectDoseIsWhatR4Moved() {
        #expect(InstructionsInput.directDoseMembers == Set(STU3.dosageMembers))
    }

    @Test func r5sAreWhatR5sDosageAddsToR4s() {
        let added = FHIRVersion.r5.typeModel.jsonMembers(of: "Dosage")
            .subtracting(FHIRVersion.r4.typeModel.jsonMembers(of: "Dosage"))
        #expect(InstructionsInput.r5Members == added)
    }
}
