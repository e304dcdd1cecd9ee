import FHIRModel
import Foundation
import MedicationTutorial
import Testing

@testable import MedbrainWeb

/// The pages for the built-in dataset, in both versions, say what the FHIR API says.
@Suite struct PageRenderingTests {
    @Test(arguments: FHIRVersion.allCases)
    func patientListShowsEveryPatientWithOrders(version: FHIRVersion) async throws {
        let harness = try await ViewHarness(version)
        let html = try #require(try await harness.page("/")).html
        let patients = await harness.search("Patient", [])
        #expect(patients.count == 3)
        for patient in patients {
            let id = try #require(patient["id"]?.stringValue)
            let orders = await harness.search(version.orderType, [("patient", id)])
            let birthDate = patient["birthDate"]?.stringValue ?? "unknown"
            #expect(html.contains("<a href=\"/patients/\(id)\">"))
            #expect(html.contains("<td>\(birthDate)</td><td>\(orders.count)</td>"), "Patient/\(id)")
        }
        #expect(html.contains("<caption>3 patients on this server</caption>"))
    }

    @Test(arguments: FHIRVersion.allCases, ["en", "de"])
    func ordersSayTheRendererSentence(version: FHIRVersion, language: String) async throws {
        let harness = try await ViewHarness(version)
        let html = try #require(try await harness.page("/patients/f001?lang=\(language)")).html
        let renderer = InstructionsRenderer(language: try LanguageCatalog.standard().language(language))
        let orders = await harness.search(version.orderType, [("patient", "f001")])
        #expect(orders.count == 11)
        for json in orders {
            let order = try Order(json: json)
            let sentence = renderer.instructions(for: order.dosages.first ?? OrderDosage(), version: version).sentence
            #expect(html.contains("<td lang=\"\(language)\">\(Escaped.html(sentence))</td>"), "\(order.id ?? "")")
            #expect(html.contains("href=\"/resources/\(version.orderType)/\(order.id ?? "")\""))
        }
        #expect(html.contains("<html lang=\"en\">"))
    }

    @Test(arguments: FHIRVersion.allCases)
    func resourcePageShowsTheStoredJSONAndItsRequest(version: FHIRVersion) async throws {
        let harness = try await ViewHarness(version)
        let html = try #require(try await harness.page("/resources/Patient/f002")).html
        let stored = try #require(await harness.fhir("GET", "Patient/f002").json)
        #expect(html.contains("GET http://class.example:8080/fhir/Patient/f002"))
        #expect(html.contains("<pre class=\"json\"><code>\(Escaped.html(stored.prettyText))</code></pre>"))
    }

    @Test(arguments: FHIRVersion.allCases)
    func dosesListEveryAdministrationOfTheChosenOrder(version: FHIRVersion) async throws {
        let harness = try await ViewHarness(version)
        let html = try #require(try await harness.page("/patients/f001?order=ord-11")).html
        let parameter = version == .dstu2 ? "prescription" : "request"
        let doses = await harness.search("MedicationAdministration", [(parameter, "\(version.orderType)/ord-11")])
        #expect(!doses.isEmpty)
        let listed = html.components(separatedBy: "<li class=\"").count - 1
        #expect(listed == doses.count)
        for dose in doses {
            #expect(html.contains("/resources/MedicationAdministration/\(dose["id"]?.stringValue ?? "")"))
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func stepCountsAreChartedInTimeOrder(version: FHIRVersion) async throws {
        let harness = try await ViewHarness(version)
        for (steps, day) in [(9000, 17), (4000, 15), (12000, 16)] {
            let created = await harness.fhir(
                "POST", "Observation",
                body: [
                    "resourceType": "Observation", "status": "final",
                    "code": ["coding": [["system": "http://loinc.org", "code": "55423-8", "display": "Steps"]]],
                    "subject": ["reference": "Patient/f003"],
                    "effectiveDateTime": .string("2016-08-\(day)T20:00:00+02:00"),
                    "valueQuantity": ["value": .number(String(steps)), "unit": "steps"],
                ])
            #expect(created.status == 201)
        }
        let html = try #require(try await harness.page("/patients/f003")).html
        #expect(html.contains("<h3>Steps</h3>"))
        let values = html.components(separatedBy: "data-value=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(values == ["4000", "12000", "9000"])
        #expect(html.contains("<td>2016-08-15T20:00:00+02:00</td><td>4000 steps</td>"))
        #expect(html.contains("<p>No orders for this patient.</p>"))
    }

    @Test func ordersLinkTheirMedication() async throws {
        let harness = try await ViewHarness(.r4)
        let html = try #require(try await harness.page("/patients/f001")).html
        #expect(html.contains("<th scope=\"row\"><a href=\"/resources/Medication/"))
    }

    @Test func unknownPatientResourceAndLanguageAreClearPages() async throws {
        let harness = try await ViewHarness(.r4)
        let patient = try #require(try await harness.page("/patients/nobody"))
        #expect(patient.status == 404)
        #expect(patient.html.contains("There is no Patient/nobody on this server."))
        let resource = try #require(try await harness.page("/resources/Patient/nobody"))
        #expect(resource.status == 404)
        let language = try #require(try await harness.page("/patients/f001?lang=xx"))
        #expect(language.status == 400)
        #expect(language.html.contains("There are no instructions in &#39;xx&#39;; try de, en."))
    }

    @Test func pathsOutsideTheViewAreLeftToTheServer() async throws {
        let harness = try await ViewHarness(.dstu2)
        #expect(try await harness.page("/favicon.ico") == nil)
        #expect(try await harness.page("/patients/f001/orders") == nil)
    }
}

/// HTML escaping as Mustache does it, to find a value in a page.
enum Escaped {
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// Today's schedule beside the chart: the active orders' doses of the day, each as `schedule`
/// judges it, with the administration that says so.
@Suite("The patient page's schedule")
struct TodayScheduleTests {
    @Test(arguments: FHIRVersion.allCases)
    func todaysDosesWithWhatWasRecorded(version: FHIRVersion) async throws {
        let harness = try await ViewHarness(version)
        let html = try #require(try await harness.page("/patients/f001")).html
        #expect(html.contains("Today's schedule, 2016-08-16"))
        let states = html.components(separatedBy: "<li data-state=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        // Orders 1 and 11 are active, twice a day (08:00 and 20:00 UTC here): both morning doses
        // were recorded taken before 08:00; it is 08:00, so the evening's are not yet due.
        #expect(states == ["taken", "taken", "not-yet-due", "not-yet-due"])
        #expect(html.contains("/resources/MedicationAdministration/adm-062"))
    }
}
