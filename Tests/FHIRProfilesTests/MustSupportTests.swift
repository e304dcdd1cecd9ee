import FHIRModel
import FHIRProfiles
import FHIRValidation
import Testing

/// Must-support, as the profiles page defines it: an element a system claiming the profile
/// must be able to hold, which an instance may still leave out. Every combination of marked or
/// not, required or not, present or not: an absent, optional, marked element is said (as
/// information, never an error); nothing else is.
@Suite("must-support")
struct MustSupportTests {
    typealias F = ProfileFixtures

    @Test(arguments: [true, false], [0, 1])
    func anAbsentMustSupportElementIsSaidNotRefused(marked: Bool, min: Int) throws {
        let element =
            #"{"id":"Observation.subject","path":"Observation.subject","min":\#(min),"mustSupport":\#(marked)}"#
        let definitions = [F.profile("ms", of: "Observation", [element])]
        for present in [true, false] {
            let resource = F.observation + (present ? #","subject":{"reference":"Patient/1"}}"# : "}")
            let issues = try F.validator(definitions).issues(
                in: try JSONParser.parse(resource), profiles: [F.base + "ms"])
            let said = issues.filter { $0.message.contains("must-support") }
            #expect(said.count == (marked && min == 0 && !present ? 1 : 0), "\(issues)")
            #expect(said.allSatisfy { $0.severity == .information && $0.path == "Observation.subject" })
            #expect(issues.filter(\.isError).count == (min == 1 && !present ? 1 : 0), "\(issues)")
        }
    }
}
