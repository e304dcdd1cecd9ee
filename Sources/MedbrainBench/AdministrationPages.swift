import FHIRModel
import MedicationTutorial

/// Administrations of the tutorial's first order for patient f001, in R4's shape, as many as
/// asked: resources for a data file, or searchset pages as a server sends them.
struct AdministrationPages {
    let count: Int
    /// The order the administrations belong to: the first of patient f001's in the dataset.
    let order: String

    /// Doses twice a day over the ten years before the dataset's day, every fifth not taken.
    func resource(_ index: Int) -> JSONValue {
        let day = CivilDay(year: 2016, month: 8, day: 16).adding(days: -((index / 2) % 3650))
        let (year, month, dayOfMonth) = day.components
        let time =
            "\(year)-\(GroupingBenchmark.two(month))-\(GroupingBenchmark.two(dayOfMonth))T"
            + (index % 2 == 0 ? "08" : "20") + ":\(GroupingBenchmark.two(index % 60)):00+02:00"
        return .object(
            JSONObject([
                ("resourceType", "MedicationAdministration"), ("id", .string("scale-\(index)")),
                ("status", .string(index % 5 == 0 ? "not-done" : "completed")),
                ("medicationCodeableConcept", ["text": "Novalgin 500 mg/ml drops"]),
                ("subject", ["reference": "Patient/f001"]), ("effectiveDateTime", .string(time)),
                ("request", ["reference": .string("MedicationRequest/\(order)")]),
            ]))
    }

    var resources: [JSONValue] { (0..<count).map(resource) }

    /// The searchset page of entries `start..<start + size`, compact, as the built-in server
    /// writes it.
    func page(from start: Int, size: Int = 1000) -> [UInt8] {
        var bundle = Bundle(type: "searchset")
        bundle.total = count
        bundle.entry = (start..<min(start + size, count)).map { index in
            BundleEntry(
                fullUrl: "http://127.0.0.1:8080/fhir/MedicationAdministration/scale-\(index)",
                resource: resource(index), searchMode: "match")
        }
        return bundle.json.compactBytes
    }
}
