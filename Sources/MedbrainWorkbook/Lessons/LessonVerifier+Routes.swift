import FHIRModel
import MedbrainREPL

/// Routes nobody wrote down: for each search step, the spellings of its solution's request
/// that FHIR answers alike must complete it, and its mutants must not (``RouteVariants``).
extension LessonVerifier {
    /// What the generated routes showed: problems, and how many of each kind held.
    public struct GeneratedRoutes: Sendable, Equatable {
        public var problems: [String] = []
        public var equivalents = 0
        public var mutants = 0

        public init(problems: [String] = []) { self.problems = problems }
    }

    /// The patients of the tutorial's data, for a mutant aimed at another one.
    static let patients = ["f001", "f002", "f003"]

    func generatedRoutes(in lesson: Lesson) async -> GeneratedRoutes {
        var result = GeneratedRoutes()
        guard lesson.allowedCommands.map({ $0.contains("get") }) ?? true, lesson.header.server != nil else {
            return result
        }
        for (index, step) in lesson.steps.enumerated() where step.kind == .try && Self.isSearchStep(step) {
            guard let (path, found, version) = await solutionRequest(at: index, of: lesson),
                let variants = RouteVariants(path: path, version: version)
            else { continue }
            let place = "step \(index + 1) (\(step.title))"
            let firstMatch = found.count > 1 ? found[0].split(separator: "/").last.map(String.init) : nil
            // A page at a time needs `page`, which a lesson may not allow.
            let pages = lesson.allowedCommands.map { $0.contains("page") } ?? true
            let paged = pages ? variants.paged(count: found.count) : nil
            for route in variants.equivalents().map({ ["get \($0)"] }) + (paged.map { [$0.followed] } ?? []) {
                switch await run(route, at: index, of: lesson, shouldComplete: true, first: false) {
                case .holds: result.equivalents += 1
                case .routeFails(let problem), .stepFails(let problem):
                    result.problems.append(
                        "\(place), generated route \(route.joined(separator: "; ")): \(problem)")
                }
            }
            let mutants =
                variants.mutants(patients: Self.patients, firstMatch: firstMatch).map { ["get \($0)"] }
                + (paged.map { [$0.dropped] } ?? [])
            for route in mutants {
                switch await run(route, at: index, of: lesson, shouldComplete: false, first: false) {
                case .holds: result.mutants += 1
                case .routeFails(let problem), .stepFails(let problem):
                    result.problems.append(
                        "\(place), generated mutant \(route.joined(separator: "; ")): \(problem)")
                }
            }
        }
        return result
    }

    /// A step judged only by what its requests asked and answered, whose page size is not part
    /// of its goal: the steps a spelling of the request can be proven on.
    static func isSearchStep(_ step: Lesson.Step) -> Bool {
        // A filter of the REPL's own narrows what the request answered: no spelling of the
        // request alone is the solution.
        if step.commands.contains(where: { $0.contains("--where") }) { return false }
        var asksForSearch = false
        for check in step.checks {
            switch check {
            case .requested(let pattern):
                guard pattern.method == "GET", !pattern.parameters.contains(where: { $0.name == "_count" }) else {
                    return false
                }
                asksForSearch = true
            case .answers(let set):
                guard set.page == nil else { return false }
                asksForSearch = true
            case .sameAs, .fhirpath, .answered: continue
            default: return false
            }
        }
        return asksForSearch
    }

    /// The last type-level search the step's solution sent, below the base (not a page it
    /// followed), what it found with the pages followed (all of it, or nothing when a page was
    /// left), and the release of the server it went to.
    private func solutionRequest(at index: Int, of lesson: Lesson) async -> (String, [String], FHIRVersion)? {
        let repl = makeREPL()
        guard case .success = await reach(index, of: lesson, in: repl), let base = repl.baseURL else {
            await repl.shutdown()
            return nil
        }
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
        let version = repl.state.fhirVersion
        await repl.shutdown()
        guard let search, let version else { return nil }
        let found = search.next == nil ? search.found : []
        return (String(search.url.dropFirst(base.count + 1)), found, version)
    }
}
