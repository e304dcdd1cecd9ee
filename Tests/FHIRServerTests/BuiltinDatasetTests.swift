import FHIRModel
import FHIRServer
import FHIRValidation
import MedbrainDataset
import Testing

@Suite("the built-in dataset")
struct BuiltinDatasetTests {
    @Test func bothVersionsHoldTheSameDataset() async throws {
        let dstu2 = try BuiltinDataset.resources(for: .dstu2)
        let r4 = try BuiltinDataset.resources(for: .r4)
        let key = { (resource: JSONValue) in
            "\(resource["resourceType"]?.stringValue ?? "")/\(resource["id"]?.stringValue ?? "")"
        }
        #expect(dstu2.count == r4.count)
        #expect(
            dstu2.map(key).map { $0.replacingOccurrences(of: "MedicationOrder", with: "MedicationRequest") }
                == r4.map(key))
        let validator = (dstu2: ResourceValidator(version: .dstu2), r4: ResourceValidator(version: .r4))
        let ids = (dstu2: Set(dstu2.map(key)), r4: Set(r4.map(key)))
        for resource in dstu2 {
            let type = resource["resourceType"]?.stringValue ?? ""
            #expect(validator.dstu2.issues(in: resource, type: type) { ids.dstu2.contains("\($0)/\($1)") } == [])
        }
        for resource in r4 {
            let type = resource["resourceType"]?.stringValue ?? ""
            #expect(validator.r4.issues(in: resource, type: type) { ids.r4.contains("\($0)/\($1)") } == [])
        }
    }

    @Test func datasetCoversTheTutorialStates() throws {
        let r4 = try BuiltinDataset.resources(for: .r4)
        let orders = try r4.filter { $0["resourceType"] == "MedicationRequest" }.map {
            Order(try R4.MedicationRequest(json: $0))
        }
        let ofF001 = orders.filter { $0.patient?.reference == "Patient/f001" }
        #expect(ofF001.count >= 8)
        #expect(!orders.contains { $0.patient?.reference == "Patient/f003" })
        #expect(orders.contains { $0.dosages.isEmpty })
        #expect(orders.contains { if case .reference(let ref) = $0.medication { ref.display == nil } else { false } })
        let schedules = orders.flatMap(\.dosages).compactMap(\.schedule)
        #expect(schedules.contains { $0.frequencyMax != nil })
        #expect(schedules.contains { $0.periodMax != nil })
        #expect(schedules.contains { $0.durationMax != nil })
        #expect(schedules.contains { $0.offset != nil && !$0.when.isEmpty })
        #expect(schedules.contains { $0.count != nil })
        #expect(schedules.contains { if case .duration = $0.bounds { true } else { false } })
        #expect(schedules.contains { if case .range = $0.bounds { true } else { false } })
        #expect(schedules.contains { if case .period = $0.bounds { true } else { false } })
        let administrations = try r4.filter { $0["resourceType"] == "MedicationAdministration" }
            .map { Administration(try R4.MedicationAdministration(json: $0)) }
        let years = Set(administrations.compactMap { $0.effective?.startText?.prefix(4) })
        #expect(years.count >= 2)
        #expect(administrations.contains { !$0.taken } && administrations.contains { $0.taken })
        let days = administrations.compactMap { $0.effective?.startText?.prefix(10) }.map(String.init)
        #expect(days.contains(BuiltinDataset.today))
        #expect(days.contains { $0 > BuiltinDataset.today })
        #expect(administrations.contains { if case .period = $0.effective { true } else { false } })
    }
}
