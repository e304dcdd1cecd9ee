import FHIRModel
import FHIRValidation
import MedbrainREPL
import MedicationTutorial

/// `conforms PROFILE`: a resource written in this step (by `post`, `create`, `put`, or a
/// command that writes) conforms to one of the tutorial's profiles (Tables 1–4): read back from
/// the server, valid in the connected release, and meeting the profile whole. Whichever route
/// wrote it, the resource is what is judged; the problem said is the first of the last try.
public struct ProfileConformance: Sendable, Equatable {
    public let profile: String

    /// Fails on a profile Medbrain does not ship in any release, so `lessons check` finds it.
    /// Only the profiles' files are read here: the validators wait for a step that checks.
    init(profile: String) throws(WorkbookProblem) {
        let shipped = FHIRVersion.allCases.flatMap(TutorialProfiles.definitions(of:)).compactMap {
            $0["url"]?.stringValue
        }
        guard shipped.contains(profile) else {
            throw WorkbookProblem("conforms needs one of the tutorial's profiles, not \(profile)")
        }
        self.profile = profile
    }

    /// Nil when one of `written` (`Type/id` of the resources this step wrote) conforms.
    func missing(in repl: any LessonHost, written: [String]) async -> String? {
        guard let version = repl.state.fhirVersion else { return "not connected" }
        let profiles = TutorialProfiles.of(version)
        guard let type = profiles.type(ofProfile: profile) else {
            return "\(profile) is not one of the tutorial's profiles in \(version.displayName)"
        }
        let candidates = written.filter { $0.hasPrefix("\(type)/") }
        guard !candidates.isEmpty else { return "no \(type) written in this step yet" }
        var (first, seen): (String?, Set<String>) = (nil, [])
        for reference in candidates.reversed() where seen.insert(reference).inserted {
            guard let json = try? await repl.read(reference) else {
                first = first ?? "\(reference) is not on the server"
                continue
            }
            let invalid = ResourceValidator(version: version).issues(in: json, type: type) { _, _ in true }
            let problems = (invalid + profiles.conformance(of: json, to: profile)).filter(\.isError)
            guard let problem = problems.first else { return nil }
            first = first ?? "\(reference): \(problem)"
        }
        return first
    }
}
