import FHIRModel
import FHIRProfiles
import FHIRValidation
import Foundation
import Testing

/// A profile's `minValue[x]` and `maxValue[x]` where the value is written otherwise than the
/// bound: a Quantity in another UCUM unit of the same kind, a date against a Duration measured
/// from the clock (the tests' reads 2026-03-15).
@Suite("value bounds")
struct ValueBoundsTests {
    typealias F = ProfileFixtures

    /// UCUM's metric prefixes and their powers of ten, written again here from UCUM's table 1
    /// (not read from Medbrain), and the atoms of mass and length they go on.
    static let prefixes: [String: Int] = ["": 0, "k": 3, "h": 2, "da": 1, "d": -1, "c": -2, "m": -3, "u": -6, "n": -9]
    static let atoms = ["g", "m"]

    static func quantityProfile(bound: String, value: Int, unit: String) -> String {
        F.profile(
            "q", of: "Observation",
            [
                #"{"id":"Observation.value[x]","path":"Observation.value[x]","\#(bound)Quantity":{"value":\#(value),"system":"http://unitsofmeasure.org","code":"\#(unit)"}}"#
            ])
    }

    static func observation(_ value: Int, _ unit: String) -> String {
        F.observation
            + #","valueQuantity":{"value":\#(value),"system":"http://unitsofmeasure.org","code":"\#(unit)"}}"#
    }

    /// Every pair of prefixes on one atom, values either side of the bound: refused exactly when
    /// the value, brought to the atom's base by the powers above, is past the bound.
    @Test(arguments: atoms)
    func quantitiesInOtherUnitsCompareByTheirSize(atom: String) throws {
        for (valuePrefix, valuePower) in Self.prefixes {
            for (boundPrefix, boundPower) in Self.prefixes {
                for value in [1, 7, 10, 11, 100, 999] {
                    let limit = 10
                    let valueSize = Decimal(value) * pow(10, valuePower + 12)
                    let limitSize = Decimal(limit) * pow(10, boundPower + 12)
                    let definitions = [Self.quantityProfile(bound: "maxValue", value: limit, unit: boundPrefix + atom)]
                    let errors = try F.errors(Self.observation(value, valuePrefix + atom), against: "q", definitions)
                    #expect(
                        errors.isEmpty == (valueSize <= limitSize),
                        "\(value) \(valuePrefix + atom) against at most \(limit) \(boundPrefix + atom): \(errors)")
                }
            }
        }
    }

    /// Units of different kinds, or a unit UCUM does not define, are not compared.
    @Test(arguments: [("g", "m"), ("mg/dL", "g"), ("[nonsense]", "kg")])
    func unitsThatCannotBeComparedAreNotRefused(_ units: (String, String)) throws {
        let definitions = [Self.quantityProfile(bound: "maxValue", value: 0, unit: units.1)]
        #expect(try F.errors(Self.observation(5, units.0), against: "q", definitions).isEmpty)
    }

    /// Units beyond the metric prefixes convert as FHIRPath converts them: 5 pounds is over 2 kg,
    /// 4 pounds under it.
    @Test func customaryUnitsConvertToo() throws {
        let definitions = [Self.quantityProfile(bound: "maxValue", value: 2, unit: "kg")]
        #expect(try !F.errors(Self.observation(5, "[lb_av]"), against: "q", definitions).isEmpty)
        #expect(try F.errors(Self.observation(4, "[lb_av]"), against: "q", definitions).isEmpty)
    }

    /// (effectiveDateTime, refused) against at least 2020-01-01T10:00:00+02:00: instants in other
    /// zones compare by the moment they name, not by their text; a date a zone away from the bound
    /// (2019-12-31, which may end after it) cannot be told and is not refused.
    static let instants: [(String, Bool)] = [
        ("2020-01-01T09:00:00Z", false), ("2020-01-01T08:00:00Z", false), ("2020-01-01T07:30:00Z", true),
        ("2020-01-01T09:59:00+02:00", true), ("2020-01-02", false), ("2019-12-30", true), ("2019-12-31", false),
    ]

    @Test(arguments: instants)
    func timesInOtherZonesCompareByTheirMoment(_ row: (String, Bool)) throws {
        let definitions = [
            F.profile(
                "t", of: "Observation",
                [
                    #"{"id":"Observation.effective[x]","path":"Observation.effective[x]","minValueDateTime":"2020-01-01T10:00:00+02:00"}"#
                ])
        ]
        let errors = try F.errors(F.observation + #","effectiveDateTime":"\#(row.0)"}"#, against: "t", definitions)
        #expect(!errors.isEmpty == row.1, "\(errors)")
    }

    /// (bound, Duration in years, birthDate, refused): a minimum is that long before the
    /// clock's day, a maximum that long after it.
    static let birthDates: [(String, Int, String, Bool)] = [
        ("minValue", 100, "1850-01-01", true),
        ("minValue", 100, "1926-03-14", true),
        ("minValue", 100, "1926-03-15", false),
        ("minValue", 100, "1990-07-01", false),
        ("maxValue", 10, "2036-03-16", true),
        ("maxValue", 10, "2036-03-15", false),
        ("maxValue", 10, "2020-01-01", false),
        ("maxValue", 0, "2026-03-16", true),
    ]

    @Test(arguments: birthDates)
    func aDurationOnADateIsMeasuredFromTheClock(_ row: (String, Int, String, Bool)) throws {
        let definitions = [
            F.profile(
                "b", of: "Patient",
                [
                    #"{"id":"Patient.birthDate","path":"Patient.birthDate","\#(row.0)Duration":{"value":\#(row.1),"system":"http://unitsofmeasure.org","code":"a"}}"#
                ])
        ]
        let errors = try F.errors(#"{"resourceType":"Patient","birthDate":"\#(row.2)"}"#, against: "b", definitions)
        #expect(!errors.isEmpty == row.3, "\(errors)")
        #expect(errors.allSatisfy { $0.path == "Patient.birthDate" })
    }
}
