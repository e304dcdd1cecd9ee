import Foundation

/// Several patients' records as one R4 transaction, written so that they cross: one patient's
/// Observation was taken at another's visit, and a Practitioner and the Medications are shared.
/// `owner` says whose each resource is, as the test wrote it.
enum PatientRecords {
    static func transaction(patients: Int) -> (bundle: String, owner: [String: String]) {
        var entries: [String] = []
        var owner: [String: String] = [:]
        func add(_ type: String, _ id: String, _ body: String, of patient: String?) {
            entries.append(
                #"{"resource":{"resourceType":"\#(type)","id":"\#(id)",\#(body)},"request":{"method":"PUT","url":"\#(type)/\#(id)"}}"#
            )
            if let patient { owner["\(type)/\(id)"] = patient }
        }
        add("Practitioner", "dr", #""name":[{"family":"Lindner"}]"#, of: nil)
        add("Medication", "med", #""code":{"text":"Tramadol"}"#, of: nil)
        for index in 0..<patients {
            let p = "p\(index)"
            let subject = #""subject":{"reference":"Patient/\#(p)"}"#
            add("Patient", p, #""name":[{"family":"Family\#(index)","given":["Given\#(index)"]}]"#, of: p)
            add("Encounter", "enc-\(p)", #""status":"finished","class":{"code":"AMB"},\#(subject)"#, of: p)
            // The next patient's visit: p's reading names it, so an _include of encounter from
            // p's readings would bring another patient's Encounter.
            let visit = "enc-p\((index + 1) % patients)"
            for reading in 0..<3 {
                add(
                    "Observation", "obs-\(p)-\(reading)",
                    #""status":"final","code":{"coding":[{"system":"http://loinc.org","code":"8480-6"}]},\#(subject),"encounter":{"reference":"Encounter/\#(visit)"},"performer":[{"reference":"Practitioner/dr"}],"valueQuantity":{"value":\#(120 + reading)}"#,
                    of: p)
            }
            add(
                "MedicationRequest", "rx-\(p)",
                #""status":"active","intent":"order","medicationReference":{"reference":"Medication/med"},\#(subject)"#,
                of: p)
            add(
                "MedicationAdministration", "dose-\(p)",
                #""status":"completed","medicationReference":{"reference":"Medication/med"},\#(subject),"request":{"reference":"MedicationRequest/rx-\#(p)"},"effectiveDateTime":"2016-08-16T08:00:00Z""#,
                of: p)
        }
        return (#"{"resourceType":"Bundle","type":"transaction","entry":[\#(entries.joined(separator: ","))]}"#, owner)
    }
}
