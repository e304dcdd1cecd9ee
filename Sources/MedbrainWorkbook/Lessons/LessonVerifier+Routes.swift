import FHIRModel
import MedbrainREPL

/// Routes nobody wrote down: for each step, the spellings of its solution that FHIR reads
/// alike must complete it, and its mutants must not (``RouteVariants``, ``CommandVariants``).
/// A mutant the data as written cannot tell from the goal runs again with data that can
/// (``DistinguishingCopy``).
extension LessonVerifier {
    /// What the generated routes showed: problems, and how many of each kind held, per step.
    public struct GeneratedRoutes: Sendable, Equatable {
        public var problems: [String] = []
        public var equivalents = 0
        public var mutants = 0
        /// Mutants refused only on data the check added.
        public var distinguished = 0
        /// Mutants that neither the data nor a copy could tell apart, each with why: not
        /// proven either way, said beside the problems.
        public var unproven: [String] = []
        /// Each step that had generated routes.
        public var steps: [StepCount] = []

        public init(problems: [String] = []) { self.problems = problems }
    }

    /// A step's generated routes that held: its number (from 1), equivalents, mutants.
    public struct StepCount: Sendable, Equatable {
        public let step: Int
        public let equivalents: Int
        public let mutants: Int
    }

    func generatedRoutes(in lesson: Lesson) async -> GeneratedRoutes {
        var result = GeneratedRoutes()
        guard lesson.header.server != nil else { return result }
        for (index, step) in lesson.steps.enumerated() where step.kind == .try {
            let routes = await routes(for: step, at: index, of: lesson).filter {
                Self.allowed($0.commands, in: lesson, at: index)
            }
            guard !routes.isEmpty else { continue }
            let place = "step \(index + 1) (\(step.title))"
            var counts = (equivalents: 0, mutants: 0)
            for route in routes {
                let name = route.shouldComplete ? "generated route" : "generated mutant"
                // A mutant must be refused on a student's data too, not only on the data as written.
                var seeds: [String?] = [nil]
                if !route.shouldComplete, !route.writtenDataOnly { seeds.append(Self.mutantSeed) }
                var (problem, unproven): (String?, String?) = (nil, nil)
                for seed in seeds where problem == nil && unproven == nil {
                    let named = { (text: String) in seed.map { "with seed \($0): " + text } ?? text }
                    switch await judge(route, at: index, of: lesson, seed: seed) {
                    case .holds(let distinguished): if distinguished, seed == nil { result.distinguished += 1 }
                    case .fails(let found): problem = named(found)
                    case .unproven(let why): unproven = named(why)
                    }
                }
                let described = "\(place), \(name) \(route.commands.joined(separator: "; "))"
                if let problem {
                    result.problems.append("\(described): \(problem)")
                } else if let unproven {
                    result.unproven.append("\(described): \(unproven)")
                } else if route.shouldComplete {
                    counts.equivalents += 1
                } else {
                    counts.mutants += 1
                }
            }
            result.equivalents += counts.equivalents
            result.mutants += counts.mutants
            result.steps.append(StepCount(step: index + 1, equivalents: counts.equivalents, mutants: counts.mutants))
        }
        return result
    }

    /// The seeded data mutants run on besides the data as written: doses missed, moved and
    /// dropped, where a check that compares with a number of the written data would slip.
    static let mutantSeed = "2"

    private enum Judgement {
        case holds(distinguished: Bool)
        case fails(String)
        /// Completed on the data, and no copy could be added that the step's solution still completes on.
        case unproven(String)
    }

    /// Runs a route; a mutant that completed the step on the data as written runs again with
    /// its distinguishing copy, if it has one.
    private func judge(_ route: GeneratedRoute, at index: Int, of lesson: Lesson, seed: String?) async -> Judgement {
        let verdict = await run(
            route.commands, at: index, of: lesson, shouldComplete: route.shouldComplete, first: false, seed: seed)
        switch verdict {
        case .holds: return .holds(distinguished: false)
        case .stepFails(let problem): return .fails(problem)
        case .routeFails(let problem):
            guard let copy = route.copy else { return .fails(problem) }
            let prepare = { (repl: REPL) in await Self.add(copy, in: repl) }
            // The copy must leave the step as it was: its own solution still completes it.
            switch await run(
                lesson.steps[index].commands, at: index, of: lesson, shouldComplete: true, first: false, seed: seed,
                prepare: prepare)
            {
            case .holds: break
            case .routeFails(let why), .stepFails(let why):
                return .unproven("the data cannot tell it apart, and with a copy of \(copy.source) to tell it: \(why)")
            }
            let again = await run(
                route.commands, at: index, of: lesson, shouldComplete: false, first: false, seed: seed,
                prepare: prepare)
            switch again {
            case .holds: return .holds(distinguished: true)
            case .routeFails(let problem), .stepFails(let problem):
                return .fails("\(problem), even with a copy of \(copy.source) whose \(copy.element) is \(copy.value)")
            }
        }
    }

    /// Adds the copy to the session's server; nil when it is there, or why not.
    static func add(_ copy: DistinguishingCopy, in repl: REPL) async -> String? {
        do {
            guard case .object(var object) = try await repl.fetch(copy.source) else { return "not a resource" }
            // A new resource: its own id and version; its tags, profiles and narrative kept, so
            // a goal that searches by them still finds it.
            object["id"] = nil
            if case .object(var meta)? = object["meta"] {
                (meta["versionId"], meta["lastUpdated"]) = (nil, nil)
                object["meta"] = meta.isEmpty ? nil : .object(meta)
            }
            object[copy.element] = .string(copy.value)
            _ = try await repl.place(.object(object))
            return nil
        } catch {
            return "the data that tells it apart could not be added (\(error))"
        }
    }

    /// Whether a lesson that allows only some commands allows each of the route's.
    static func allowed(_ commands: [String], in lesson: Lesson, at index: Int) -> Bool {
        guard let allowed = lesson.allowedCommands(at: index) else { return true }
        return commands.allSatisfy { command in allowed.contains(String(command.prefix { $0 != " " })) }
    }

    /// The routes a step's solution makes: as a search, a read, a Timing written, a scope asked for.
    private func routes(for step: Lesson.Step, at index: Int, of lesson: Lesson) async -> [GeneratedRoute] {
        var routes: [GeneratedRoute] = []
        if Self.isSearchStep(step) { routes += await searchRoutes(at: index, of: lesson) }
        if Self.isReadStep(step) { routes += await readRoutes(at: index, of: lesson) }
        for case .said(let sentence) in step.checks {
            routes += CommandVariants.timing(step.commands, sentence: sentence)
        }
        if step.checks.contains(where: { if case .requested = $0 { true } else { false } }) {
            routes += CommandVariants.scopes(step.commands)
        }
        if step.checks.contains(where: { if case .doseWritten = $0 { true } else { false } }) {
            routes += DoseVariants.routes(
                step.commands, others: await others(DoseVariants.references(in: step.commands), at: index, of: lesson))
        }
        return routes
    }

    private func searchRoutes(at index: Int, of lesson: Lesson) async -> [GeneratedRoute] {
        guard let solution = await solutionSearch(at: index, of: lesson),
            let variants = RouteVariants(path: solution.path, version: solution.version)
        else { return [] }
        let found = solution.found
        let firstMatch = found.count > 1 ? found[0].split(separator: "/").last.map(String.init) : nil
        var routes = variants.equivalents().map { GeneratedRoute.equivalent("get \($0)") }
        if let paged = variants.paged(count: found.count) {
            routes.append(GeneratedRoute(commands: paged.followed, shouldComplete: true))
            routes.append(GeneratedRoute(commands: paged.dropped, shouldComplete: false, writtenDataOnly: true))
        }
        routes += variants.mutants(others: solution.others, firstMatch: firstMatch).map { .mutant("get \($0)") }
        if let match = solution.firstMatch {
            routes += [variants.statusNarrowing(of: match), variants.dateNarrowing(of: match)].compactMap { $0 }
        }
        return routes
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
                guard set.page == nil, set.isSearch else { return false }
                asksForSearch = true
            case .sameAs, .fhirpath, .answered: continue
            default: return false
            }
        }
        return asksForSearch
    }
}
