import FHIRModel
import Testing

/// STU3's shapes of the tutorial's resources: the requester's `agent`, the dose directly in the
/// Dosage, `notGiven` and `prescription`; each read into the tutorial's terms as the R4 resource
/// it came from is.
@Suite("STU3 conversion")
struct STU3ConversionTests {
    @Test func anOrderInSTU3() throws {
        let r4 = try Support.json(Fixture.r4MedicationRequest)
        let stu3 = try VersionConversion.convert(r4, to: .stu3)
        #expect(stu3["requester"] == ["agent": r4["requester"]!])
        let dosage = try #require(stu3["dosageInstruction"]?.arrayValue?.first)
        #expect(dosage["doseRange"] != nil && dosage["doseAndRate"] == nil)
        #expect(dosage["asNeededCodeableConcept"] == ["text": "if the fever returns"])
        #expect(Order.version(of: stu3) == .stu3)
        #expect(try Order(json: stu3) == Order(json: r4))
        let back = try VersionConversion.convert(stu3, to: .r4)
        #expect(back["requester"] == r4["requester"])
        #expect(back["dosageInstruction"]?[index: 0]?["doseAndRate"]?[index: 0]?["doseRange"] == dosage["doseRange"])
    }

    @Test func anAdministrationNotGivenInSTU3() throws {
        let r4 = try Support.json(Fixture.r4MedicationAdministration)
        let stu3 = try VersionConversion.convert(r4, to: .stu3)
        #expect(stu3["notGiven"] == true)
        #expect(stu3["status"] == "completed")
        #expect(stu3["prescription"] == r4["request"])
        #expect(stu3["effectivePeriod"] == r4["effectivePeriod"])
        #expect(stu3["reasonNotGiven"] == r4["statusReason"])
        #expect(Administration.version(of: stu3) == .stu3)
        let read = try Administration(json: stu3)
        #expect(!read.taken)
        #expect(read.order == (try Administration(json: r4)).order)
        let tape = try JSONTape(parsing: Array(stu3.compactText.utf8))
        #expect(try Administration(node: tape.root, at: .root("MedicationAdministration")) == read)
        #expect(!Administration.isTaken(tape.root))
        #expect(try VersionConversion.convert(stu3, to: .r4)["status"] == "not-done")
    }

    /// Codes one release has and another lacks become the nearest the target has.
    @Test(arguments: [
        ("ended", "option", FHIRVersion.stu3, "completed", String?.some("proposal")),
        ("ended", "filler-order", .stu3, "completed", "order"),
        ("ended", "plan", .r4, "completed", "plan"),
        ("ended", "option", .r5, "ended", "option"),
        ("ended", "order", .dstu2, "completed", nil),
    ])
    func codesTheTargetLacks(
        status: String, intent: String, target: FHIRVersion, written: String, intentWritten: String?
    ) {
        var order = Order(R5.MedicationRequest(id: "o"))
        (order.status, order.intent) = (status, intent)
        let json = order.json(in: target)
        #expect(json["status"]?.stringValue == written)
        #expect(json["intent"]?.stringValue == intentWritten)
    }

    /// A dose taken keeps no reason it was not given, which STU3 and DSTU2 forbid beside it.
    @Test func aReasonOnlyForADoseNotGiven() throws {
        var dose = Administration(id: "a", taken: true)
        dose.reasonsNotTaken = [CodeableConcept(text: "paused")]
        #expect(dose.json(in: .stu3)["reasonNotGiven"] == nil)
        #expect(dose.json(in: .dstu2)["reasonNotGiven"] == nil)
        dose.taken = false
        #expect(dose.json(in: .stu3)["reasonNotGiven"] == [["text": "paused"]])
    }

    /// A DSTU2 administration keeps its own version: `prescription` alone does not make it STU3.
    @Test func dstu2StaysDSTU2() throws {
        let dstu2 = try Support.json(Fixture.dstu2MedicationAdministration)
        #expect(Administration.version(of: dstu2) == .dstu2)
        let stu3 = try VersionConversion.convert(dstu2, to: .stu3)
        #expect(stu3["subject"] == dstu2["patient"] && stu3["patient"] == nil)
        #expect(try Administration(json: stu3).taken == Administration(json: dstu2).taken)
    }
}
