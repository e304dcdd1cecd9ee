import FHIRModel
import FHIRServer
import Foundation
import Testing

/// A search the server does not understand is answered with what is wrong with each item: the
/// closest parameter of the type's (from the release's search table), the modifiers a parameter
/// takes, the values a control takes.
@Suite("Search hints")
struct SearchHintTests {
    @Test(arguments: [
        ("Patient?famly=x", "famly=x (did you mean family?)"),
        ("Patient?birthdat=2000", "birthdat=2000 (did you mean birthdate?)"),
        ("Patient?_cont=5", "_cont=5 (did you mean _count?)"),
        ("Patient?_count=abc", "_count=abc (_count takes a whole number, 0 or more)"),
        ("Patient?_summary=all", "_summary=all (_summary takes count, data, text or false)"),
        ("Patient?_sort=bogus", "_sort=bogus (Patient has no search parameter 'bogus')"),
        (
            "Patient?_sort=-birthdat",
            "_sort=-birthdat (Patient has no search parameter 'birthdat'; did you mean birthdate?)"
        ),
        ("Patient?family:exactly=x", "family:exactly=x (family takes :exact, :contains, :missing)"),
        ("Patient?gender:below=x", "gender:below=x (gender takes :exact, :not, :text, :missing)"),
        (
            "Observation?subject:Bogus=1",
            "subject:Bogus=1 (subject takes :identifier, :Device, :Group, :Location, :Patient, :missing)"
        ),
        ("Patient?zzzzzzzz=1", "zzzzzzzz=1 (send"),
    ])
    func eachItemSaysWhatIsWrong(path: String, said: String) async throws {
        let service = FHIRService(
            version: .r4, store: ResourceStore(), clock: FixedClock(Date(timeIntervalSince1970: 0)))
        let answer = await SMARTReachDifferentialTests.request(service, "GET", path, body: nil)
        #expect(answer.status == 400)
        let text = answer.json?["issue"]?.arrayValue?.first?["diagnostics"]?.stringValue ?? ""
        #expect(text.contains(": " + said), "\(text)")
    }
}
