import FHIRModel
import MedbrainREPL

/// What a step's solution sent and got, read from a session that ran it: where the generated
/// routes start from.
extension LessonVerifier {
    /// The last search a solution sent (not a page it followed), below the base; what it found
    /// with the pages followed (nothing when a page was left); its first match as the server
    /// holds it; and the release of the server.
    struct SolutionSearch {
        let path: String
        let found: [String]
        let firstMatch: JSONValue?
        /// For each type the search names a resource of, another resource of that type.
        let others: [String: String]
        let version: FHIRVersion
    }

    func solutionSearch(at index: Int, of lesson: Lesson) async -> SolutionSearch? {
        let repl = makeREPL()
        let search = await solutionSearch(at: index, of: lesson, in: repl)
        await repl.shutdown()
        return search
    }

    private func solutionSearch(at index: Int, of lesson: Lesson, in repl: REPL) async -> SolutionSearch? {
        guard case .success = await reach(index, of: lesson, in: repl), let base = repl.baseURL,
            let version = repl.state.fhirVersion
        else { return nil }
        let mark = repl.requests.total
        _ = await repl.executeQuietly(lesson.steps[index].commands)
        var search: (url: String, found: [String], links: Set<String>, next: String?)?
        for (exchange, answered) in repl.requests.answered(since: mark) {
            guard exchange.method == "GET", exchange.status == 200, exchange.url.hasPrefix(base + "/"),
                let answered, answered.isSearchset
            else { continue }
            if var current = search, current.links.contains(exchange.url) {
                // A page of the search before: it joins it.
                current.found += answered.matches
                current.links.formUnion(answered.links.values)
                current.next = answered.links["next"]
                search = current
            } else {
                search = (exchange.url, answered.matches, Set(answered.links.values), answered.links["next"])
            }
        }
        guard let search else { return nil }
        let found = search.next == nil ? search.found : []
        var first: JSONValue?
        if let match = found.first { first = try? await repl.fetch(match) }
        let path = String(search.url.dropFirst(base.count + 1))
        var others: [String: String] = [:]
        for named in RouteVariants(path: path, version: version)?.references ?? [] {
            let type = String(named.prefix { $0 != "/" })
            others[type] = await another(type, than: named, in: repl)
        }
        return SolutionSearch(path: path, found: found, firstMatch: first, others: others, version: version)
    }

    /// The id of a resource of `type` on the session's server other than `reference`.
    private func another(_ type: String, than reference: String, in repl: REPL) async -> String? {
        let listed = (try? await repl.fetch("\(type)?_count=2")).flatMap { AnsweredResources(json: $0, url: "") }
        return listed?.matches.first { $0 != reference }.map { String($0.dropFirst(type.count + 1)) }
    }

    /// A step judged by a read: its checks ask for a read (`answers GET Type/id`, `requested GET
    /// Type/id`) and look at nothing else a spelling of the read could change.
    static func isReadStep(_ step: Lesson.Step) -> Bool {
        var asksForRead = false
        for check in step.checks {
            switch check {
            case .requested(let pattern):
                guard pattern.method == "GET", pattern.path.count == 2, !pattern.path.contains("*"),
                    pattern.parameters.isEmpty, pattern.path[0].first?.isUppercase == true
                else { return false }
                asksForRead = true
            case .answers(let set):
                guard !set.isSearch else { return false }
                asksForRead = true
            case .sameAs, .fhirpath, .answered: continue
            default: return false
            }
        }
        return asksForRead
    }

    /// The routes of the read the solution sent last: by absolute URL and by its version
    /// (equivalents), and of another resource of the type (a mutant).
    func readRoutes(at index: Int, of lesson: Lesson) async -> [GeneratedRoute] {
        let repl = makeREPL()
        let routes = await readRoutes(at: index, of: lesson, in: repl)
        await repl.shutdown()
        return routes
    }

    private func readRoutes(at index: Int, of lesson: Lesson, in repl: REPL) async -> [GeneratedRoute] {
        guard case .success = await reach(index, of: lesson, in: repl), let base = repl.baseURL else { return [] }
        let mark = repl.requests.total
        _ = await repl.executeQuietly(lesson.steps[index].commands)
        let read = repl.requests.answered(since: mark).last { exchange, answered in
            exchange.method == "GET" && exchange.status == 200 && answered?.isSearchset == false
                && exchange.url.hasPrefix(base + "/")
        }
        guard let reference = read?.answered?.matches.first else { return [] }
        let type = String(reference.prefix { $0 != "/" })
        let version = (try? await repl.fetch(reference))?["meta"]?["versionId"]?.stringValue
        let other = await another(type, than: reference, in: repl)
        return CommandVariants.read(reference, version: version, other: other.map { "\(type)/\($0)" })
    }

    /// For each of `references`, another resource of its type on the server the step runs on
    /// (`Patient/f001` → `Patient/f002`); none without references.
    func others(_ references: [String], at index: Int, of lesson: Lesson) async -> [String: String] {
        guard !references.isEmpty else { return [:] }
        let repl = makeREPL()
        var others: [String: String] = [:]
        if case .success = await reach(index, of: lesson, in: repl) {
            for reference in references {
                let type = String(reference.prefix { $0 != "/" })
                others[reference] = await another(type, than: reference, in: repl).map { "\(type)/\($0)" }
            }
        }
        await repl.shutdown()
        return others
    }
}
