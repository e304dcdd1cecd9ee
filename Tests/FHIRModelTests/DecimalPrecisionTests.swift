import FHIRModel
import Foundation
import Testing

/// FHIR decimals keep their written precision: `1.50` is not `1.5`.
@Suite("Decimal precision")
struct DecimalPrecisionTests {
    @Test func doseQuantityKeepsTrailingZeroInBothVersions() throws {
        let order = try Support.decode(DSTU2.MedicationOrder.self, Fixture.dstu2MedicationOrder)
        guard case .quantity(let dose)? = order.dosageInstruction.first?.dose else {
            Issue.record("expected doseQuantity")
            return
        }
        #expect(dose.value?.text == "1.50")
        #expect(order.dosageInstruction.first?.timing?.repeat?.period?.text == "1")

        let administration = try Support.decode(R4.MedicationAdministration.self, Fixture.r4MedicationAdministration)
        #expect(administration.dosage?.dose?.value?.text == "1.50")
    }

    @Test func observationAndBundleDecimalsKeepTheirText() throws {
        let observation = try Support.decode(Observation.self, Fixture.dstu2Observation)
        #expect(observation.valueQuantity?.value?.text == "1.50")
        let r4 = try Support.decode(Observation.self, Fixture.r4Observation)
        #expect(r4.valueQuantity?.value?.text == "1e3")
        let bundle = try Support.decode(Bundle.self, Fixture.dstu2SearchBundle)
        #expect(bundle.entry.first?.search?.score?.text == "0.5")
    }

    @Test func rangeDoseKeepsBothEnds() throws {
        let request = try Support.decode(R4.MedicationRequest.self, Fixture.r4MedicationRequest)
        guard case .range(let range)? = request.dosageInstruction.first?.doseAndRate.first?.dose else {
            Issue.record("expected doseRange")
            return
        }
        #expect(range.low?.value?.text == "0.5")
        #expect(range.high?.value?.text == "1.50")
    }

    @Test("a decimal is written exactly as read", arguments: ["1.50", "0.5", "1e3", "-0.0", "1E-7", "100", "0.000100"])
    func decimalTextSurvivesWriting(_ literal: String) throws {
        let json = try Support.json(#"{"value": \#(literal), "unit": "mg"}"#)
        let quantity = try Quantity(json: json, path: "Quantity")
        #expect(quantity.value?.text == literal)
        #expect(quantity.json.compactText == #"{"value":\#(literal),"unit":"mg"}"#)
    }

    @Test(
        "equal values with different precision stay different",
        arguments: [("1.50", "1.5"), ("1e3", "1000"), ("-0.0", "0"), ("0.5", ".5e0")])
    func precisionIsSignificant(_ written: String, _ other: String) {
        let first = FHIRDecimal(text: written)
        let second = FHIRDecimal(text: other)
        #expect(first != second)
        #expect(JSONValue.number(written) != JSONValue.number(other))
    }

    @Test func numericViewsAgreeAcrossSpellings() {
        #expect(FHIRDecimal(text: "1.50").decimalValue == FHIRDecimal(text: "1.5").decimalValue)
        #expect(FHIRDecimal(text: "1e3").decimalValue == Decimal(1000))
        #expect(FHIRDecimal(text: "1e3").doubleValue == 1000)
        #expect(FHIRDecimal(text: "-0.0").doubleValue == 0)
        #expect(FHIRDecimal(text: "-0.0").doubleValue.sign == .minus)
        #expect(FHIRDecimal(text: "0.5").doubleValue == 0.5)
    }

    @Test func literalsMakeTheirShortestText() {
        let integer: FHIRDecimal = 500
        let fraction: FHIRDecimal = 0.25
        #expect(integer.text == "500")
        #expect(fraction.text == "0.25")
        #expect(fraction.description == "0.25")
    }

    @Test func integersRefuseDecimalSpellings() throws {
        for literal in ["2.0", "2e0", "1.50"] {
            let json = try Support.json(#"{"frequency": \#(literal)}"#)
            #expect(
                throws: FHIRDecodingError(
                    path: "Timing.repeat.frequency", message: "expected an integer, found a number")
            ) {
                try DSTU2.TimingRepeat(json: json, path: "Timing.repeat")
            }
        }
        // DSTU2's count is a plain integer, so -0 is 0; frequency is a positiveInt and refuses it.
        let json = try Support.json(#"{"count": -0}"#)
        #expect(try DSTU2.TimingRepeat(json: json, path: "Timing.repeat").count == 0)
        #expect(
            throws: FHIRDecodingError(path: "Timing.repeat.frequency", message: "expected a positive integer, found 0")
        ) {
            try DSTU2.TimingRepeat(json: try Support.json(#"{"frequency": -0}"#), path: "Timing.repeat")
        }
    }
}
