import FHIRModel
import MedbrainDataset
import MedicationTutorial
import Testing

@Suite("Instructions for the built-in dataset's orders")
struct DatasetInstructionsTests {
    /// Each order's sentence as R4 says it; DSTU2 lacks offset, countMax and patientInstruction.
    static let orders: [(id: String, r4: String, dstu2: String, german: String)] = [
        (
            "ord-01", "20 drops by mouth twice a day. Put the drops on a spoon or into a little water and swallow",
            "20 drops by mouth twice a day",
            "20 Tropfen zum Einnehmen zweimal täglich. Put the drops on a spoon or into a little water and swallow"
        ),
        (
            "ord-02", "1 drop into the nose 2 to 3 times every 8 hours, as needed", "",
            "1 Tropfen in die Nase 2- bis 3-mal alle 8 Stunden, bei Bedarf"
        ),
        (
            "ord-03", "2 drops into the nose 3 times every 6 to 8 hours", "",
            "2 Tropfen in die Nase dreimal alle 6 bis 8 Stunden"
        ),
        (
            "ord-04",
            "1 tablet by mouth once a day 30 minutes before breakfast. Swallow whole with a full glass of water; no milk or dairy at the same time",
            "1 tablet by mouth once a day before breakfast. Swallow whole with a full glass of water; no milk or dairy at the same time",
            "1 Tablette zum Einnehmen einmal täglich 30 Minuten vor dem Frühstück. Swallow whole with a full glass of water; no milk or dairy at the same time"
        ),
        (
            "ord-05", "1 g intravenously once a day over 4 hours (maximum 6 hours)", "",
            "1 g intravenös einmal täglich über 4 Stunden (höchstens 6 Stunden)"
        ),
        (
            "ord-06", "1 tablet by mouth twice a day for 7 days. Finish the whole pack even if you feel better sooner",
            "1 tablet by mouth twice a day for 7 days",
            "1 Tablette zum Einnehmen zweimal täglich für 7 Tage. Finish the whole pack even if you feel better sooner"
        ),
        (
            "ord-07", "1 drop into the nose 3 times a day for 3 to 5 days. Do not use for longer than one week", "",
            "1 Tropfen in die Nase dreimal täglich für 3 bis 5 Tage. Do not use for longer than one week"
        ),
        (
            "ord-08", "0.5 ml by mouth 3 times a day from 26 March 2013 until 30 March 2013", "",
            "0,5 ml zum Einnehmen dreimal täglich vom 26. März 2013 bis zum 30. März 2013"
        ),
        (
            "ord-09", "2 drops into the nose once a day, take 2 to 3 times",
            "2 drops into the nose once a day, take twice",
            "2 Tropfen in die Nase einmal täglich, insgesamt 2- bis 3-mal"
        ),
        ("ord-10", "No instructions", "", "Keine Anweisungen"),
        ("ord-11", "1 tablet by mouth twice a day", "", "1 Tablette zum Einnehmen zweimal täglich"),
        (
            "ord-12", "15 drops by mouth 3 times a day, as needed", "",
            "15 Tropfen zum Einnehmen dreimal täglich, bei Bedarf"
        ),
        (
            "ord-13", "2 drops into the nose once a day at bedtime", "",
            "2 Tropfen in die Nase einmal täglich vor dem Schlafengehen"
        ),
    ]

    @Test(arguments: FHIRVersion.allCases)
    func everyOrder(version: FHIRVersion) throws {
        let sentences = try Self.sentences(version: version, language: Render.english)
        #expect(sentences.count == Self.orders.count)
        for order in Self.orders {
            let expected = version == .dstu2 && !order.dstu2.isEmpty ? order.dstu2 : order.r4
            #expect(sentences[order.id] == expected, "\(order.id)")
        }
    }

    @Test func everyOrderInGerman() throws {
        let sentences = try Self.sentences(version: .r4, language: Render.german)
        for order in Self.orders {
            #expect(sentences[order.id] == order.german, "\(order.id)")
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func medicationNamesResolveReferences(version: FHIRVersion) throws {
        let resources = try BuiltinDataset.resources(for: version)
        var medications: [String: Medication] = [:]
        for json in resources where json["resourceType"] == "Medication" {
            let medication = try Medication(json: json)
            medications["Medication/\(medication.id ?? "")"] = medication
        }
        let orders = try Self.orders(version: version, in: resources)
        let referenced = try #require(orders.first { $0.id == "ord-11" })
        #expect(MedicationName.of(referenced.medication) == nil)
        #expect(
            MedicationName.of(referenced.medication, medications: medications) == "Ciproxin 400 mg film-coated tablet")
        #expect(MedicationName.of(nil, in: Render.german) == "unbenanntes Medikament")
        let coded = try #require(orders.first { $0.id == "ord-01" })
        #expect(MedicationName.of(coded.medication) == "Novalgin 500 mg/ml drops")
    }

    static func orders(version: FHIRVersion, in resources: [JSONValue]) throws -> [Order] {
        try resources.compactMap { json -> Order? in
            switch json["resourceType"]?.stringValue {
            case "MedicationOrder", "MedicationRequest": try Order(json: json)
            default: nil
            }
        }
    }

    static func sentences(version: FHIRVersion, language: Language) throws -> [String: String] {
        let renderer = InstructionsRenderer(language: language)
        var sentences: [String: String] = [:]
        for order in try orders(version: version, in: try BuiltinDataset.resources(for: version)) {
            let dosage = order.dosages.first ?? OrderDosage()
            sentences[order.id ?? ""] = renderer.instructions(for: dosage, version: version).sentence
        }
        return sentences
    }
}
