import FHIRClient
import FHIRModel

/// The escape hatches, `get` and `post`: any interaction the other commands lack, written by
/// hand as the shortcuts' requests are (`trace` shows them).
extension CommandGroup {
    static var requesting: CommandGroup {
        CommandGroup(
            "Any request",
            [
                .builtin(
                    "get", usage: "get PATH [> FILE]", summary: "any GET, relative to the base; prints the JSON",
                    section: "http.html", example: "get Patient/f001/_history/1", waiting: "Waiting…",
                    run: { try await $0.get($1) }),
                .builtin(
                    "post", usage: "post PATH @FILE|JSON",
                    summary: "any POST: a transaction or batch to the base, an operation", section: "http.html",
                    example: "post / @transaction.json", waiting: "Waiting…", run: { try await $0.post($1) }),
            ])
    }
}

extension CommandContext {
    /// `get PATH`: any GET, relative to the base or absolute; prints the answer's JSON.
    fileprivate func get(_ arguments: [String]) async throws {
        let (arguments, file) = try Self.savingTarget(arguments)
        guard arguments.count == 1 else { throw UsageError() }
        try await exchange("GET", arguments[0], body: nil, savingTo: file)
    }

    /// `post PATH @FILE|JSON`: a transaction or batch to the base, an operation, a search by POST.
    fileprivate func post(_ arguments: [String]) async throws {
        guard arguments.count == 2 else { throw UsageError() }
        try await exchange("POST", arguments[0], body: try ResourceInput.read(arguments[1]), savingTo: nil)
    }

    private func exchange(_ method: String, _ path: String, body: JSONValue?, savingTo file: String?) async throws {
        let response = try await connected().request(method, path, body: body)
        guard let json = response.json else {
            return show(["status": .number(String(response.status))], lines: ["\(response.status), no body"])
        }
        let bundle = json["resourceType"]?.stringValue == "Bundle" ? try? FHIRModel.Bundle(json: json) : nil
        session.result = ExploreResult(json: json, request: "\(method) \(path)", bundle: bundle)
        if let file { return try save(json, to: file) }
        // The escape hatch shows exactly what came, in either format.
        console.output(json.prettyText + "\n")
    }
}
