import FHIRClient
import FHIRModel
import Foundation
import MedbrainREPL

/// `progress --class`: the instructor's view of the class in the REPL, read from the class
/// server with the key `serve --class` printed (`MEDBRAIN_CLASS_KEY`, never typed into history).
extension LessonCommands {
    func classReport(json: Bool, in repl: any LessonHost) async throws {
        guard let key = instructorKey, !key.isEmpty else {
            throw REPLError(
                "progress --class reads the class with the instructor's key: set MEDBRAIN_CLASS_KEY to the key in the address 'serve --class' printed"
            )
        }
        // Only the server connected now: the key is that class's, and is sent nowhere else.
        guard let origin = repl.baseURL.map(RequestPattern.origin(of:)) else {
            throw REPLError("connect to the class server first: progress --class asks the server you are connected to")
        }
        var request = HTTPRequest(method: "GET", url: origin + "/class/progress.json", body: nil)
        request.set("Authorization", "Bearer \(key)")
        request.set("Accept", "application/json")
        let answer: HTTPAnswer
        do {
            answer = try await NetworkExecutor().perform(request, timeout: 10, limit: 32 << 20, cancellation: nil)
        } catch {
            throw REPLError("the class server at \(origin) could not be reached")
        }
        guard answer.status == 200, let body = try? JSONParser.parse(answer.body) else {
            throw REPLError(
                answer.status == 404
                    ? "\(origin) runs no class"
                    : answer.status == 401
                        ? "the class server refused MEDBRAIN_CLASS_KEY" : "the class server answered \(answer.status)")
        }
        if json { return repl.print(body.prettyText) }
        repl.print("Class \(body["class"]?.stringValue ?? "?"):")
        repl.printTable(header: ["student", "at", "solved", "hints", "wrong", "help"], rows: Self.classRows(body))
        let stuck = Self.stuckLines(body)
        if !stuck.isEmpty { repl.print("Stuck most:") }
        for line in stuck { repl.print(line) }
    }

    /// A row per student: where they are, steps solved, hints, wrong tries, and whether they need help.
    static func classRows(_ body: JSONValue) -> [[String]] {
        (body["students"]?.arrayValue ?? []).map { student in
            let steps = student["steps"]?.arrayValue ?? []
            let count = { (name: String) in
                steps.map { Int($0[name]?.numberText ?? "") ?? 0 }.reduce(0, +)
            }
            let at = student["current"].map {
                "\($0["lesson"]?.stringValue ?? "?") step \($0["step"]?.numberText ?? "?")"
            }
            return [
                student["username"]?.stringValue ?? "?", at ?? "-",
                String(steps.filter { $0["solved"] == .bool(true) }.count), String(count("hints")),
                String(count("wrongAttempts")), student["needsHelp"] == .bool(true) ? "needs help" : "",
            ]
        }
    }

    /// The five steps most students are stuck at, a line each: how many, and who.
    static func stuckLines(_ body: JSONValue) -> [String] {
        (body["stuck"]?.arrayValue ?? []).prefix(5).map { entry in
            let who = entry["students"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "  \(entry["lesson"]?.stringValue ?? "?") step \(entry["step"]?.numberText ?? "?") "
                + "(\(entry["title"]?.stringValue ?? "")): \(who.count) — \(who.joined(separator: ", "))"
        }
    }
}

extension JSONValue {
    /// A number's text as JSON wrote it.
    fileprivate var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}
