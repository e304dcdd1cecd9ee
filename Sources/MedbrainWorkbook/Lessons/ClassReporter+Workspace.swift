import FHIRClient
import FHIRModel
import Foundation
import MedbrainREPL

/// A lesson's server on the class server: the student's own workspace there, made from the
/// class's copy of the lesson and the student's seed, reached with the class key. The instructor
/// sees what the student wrote in it; a class server without one leaves the lesson on this machine.
extension ClassReporter {
    /// Starts `lesson`'s server as a workspace of the class server; nil (and the reason kept in
    /// ``workspaceProblem``) when the class cannot, so the REPL starts one here. A server the
    /// lesson starts goes there, in whichever release it asks for (lesson 8 moves to R4); one with
    /// files of the student's own to load starts here, and leaves the lesson's workspace as it is.
    func workspace(for lesson: Lesson) -> WorkspaceLauncher {
        let (id, loads) = (lesson.id, lesson.loads)
        return { [self] setup in
            guard setup.load == loads else { return nil }
            let result = await open(id, version: setup.version)
            workspaceProblem.withLock { $0 = result.problem }
            return result.server
        }
    }

    private func open(_ lesson: String, version: FHIRVersion) async -> (server: BuiltinServer?, problem: String?) {
        var request = HTTPRequest(
            method: "POST", url: link.origin + "/class/workspaces",
            body: JSONValue.object(
                JSONObject([("lesson", .string(lesson)), ("fhirVersion", .string(version.rawValue))])
            ).compactBytes)
        request.set("Content-Type", "application/json")
        request.set("Authorization", "Bearer \(key)")
        guard let answer = try? await executor.perform(request, timeout: 20, limit: 1 << 16, cancellation: nil) else {
            return (nil, "the class server could not be reached")
        }
        let json = try? JSONParser.parse(answer.body)
        guard answer.status == 201, let base = json?["base"]?.stringValue,
            base.hasPrefix(link.origin + "/class/workspaces/")
        else {
            let said = json?["error"]?.stringValue.map { ": \($0)" } ?? ""
            let problem =
                switch answer.status {
                case 404: "the class server has no such lesson\(said)"
                case 401: "the class server no longer takes your class key; 'login --smart' on it joins again"
                default: "the class server answered \(answer.status)\(said)"
                }
            return (nil, problem)
        }
        guard json?["fhirVersion"]?.stringValue == version.rawValue else {
            return (nil, "the class's copy of the lesson runs another FHIR release")
        }
        let (key, executor) = (key, executor)
        let holds: @Sendable (String) async -> Bool = { reference in
            var read = HTTPRequest(method: "GET", url: base + "/" + reference, body: nil)
            read.set("Authorization", "Bearer \(key)")
            return (try? await executor.perform(read, timeout: 10, limit: 8 << 20, cancellation: nil))?.status == 200
        }
        // Left open when the student moves on: the instructor reads what they wrote there, and
        // the class server keeps a few per student, closing the oldest.
        return (BuiltinServer(baseURL: base, credentials: .bearer(token: key), holds: holds, stop: {}), nil)
    }
}
