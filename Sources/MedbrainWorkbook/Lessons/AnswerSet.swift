import FHIRModel
import MedbrainREPL

/// `answers GET PATH [page N]`: a search judged by the set of resources it answered, as the
/// server itself answers the goal's query, however the student spelled theirs: any parameter
/// that reaches the same element, any reference or include form, any page size with every page
/// followed (each page's `next` joins the search it continues), or a filter of the REPL's
/// (`--where`).
/// A set narrowed or widened fails; so does one of another type.
public struct AnswerSet: Sendable, Equatable {
    /// The goal's query, below the base.
    let path: String
    /// One page of the goal (1 the first), rather than every match.
    let page: Int?

    /// How many of the goal's pages are read before the check gives up: a lesson's goal is small.
    static let pageLimit = 50

    /// Reads `GET PATH [page N]`.
    init(_ words: [String]) throws(WorkbookProblem) {
        guard words.count == 2 || (words.count == 4 && words[2] == "page"), words[0] == "GET" else {
            throw WorkbookProblem("answers needs GET PATH [page N]")
        }
        path = words[1]
        if words.count == 4 {
            guard let number = Int(words[3]), number >= 1 else {
                throw WorkbookProblem("answers: page needs a number from 1")
            }
            page = number
        } else {
            page = nil
        }
    }

    /// The type the goal searches or reads (a compartment search's type is the one after the
    /// patient: `Patient/f001/MedicationOrder`).
    var type: String {
        let segments = path.prefix { $0 != "?" }.split(separator: "/")
        return String(segments.count == 3 && segments[0] == "Patient" ? segments[2] : segments.first ?? "")
    }
    /// Whether the goal is a search (a searchset answers it), rather than a read.
    var isSearch: Bool { path.prefix { $0 != "?" }.split(separator: "/").count != 2 }
    /// Whether the goal asks for included resources too.
    var includes: Bool { path.contains("_include") || path.contains("_revinclude") }

    /// Nil when a search of the step (or the REPL's last result) answered the goal's set.
    /// `requested`: the step's request patterns; a search counts only when it is one of them,
    /// so that one request cannot meet the pattern and another the set.
    func missing(in repl: any LessonHost, requestsSince mark: Int, requested: [RequestPattern] = []) async
        -> String?
    {
        let goal: (matches: Set<String>, included: Set<String>)
        switch await self.goal(in: repl) {
        case .success(let found): goal = found
        case .failure(let problem): return problem.description
        }
        let candidates = searches(in: repl, since: mark, requested: requested)
        if candidates.contains(where: { $0.matches == goal.matches && (!includes || $0.included == goal.included) }) {
            return nil
        }
        guard let last = candidates.last else { return "no search of this step has answered yet" }
        if page != nil { return "the last page fetched is not the page the step asks for" }
        // Say which way the last answer is off, never which resources the goal holds.
        if last.matches == goal.matches {
            return "the last search found the resources asked for, but not what they include"
        }
        if last.matches.isStrictSuperset(of: goal.matches) {
            return "the last search found \(Self.resources(last.matches.count)), more than the step asks for"
        }
        if last.matches.isStrictSubset(of: goal.matches) {
            return "the last search found \(Self.resources(last.matches.count)), fewer than the step asks for"
        }
        return "the last search found other resources than the step asks for"
    }

    static func resources(_ count: Int) -> String { count == 1 ? "1 resource" : "\(count) resources" }

    /// The sets the step's requests answered: each search with the pages that continue it, each
    /// read, and the REPL's last result (a search narrowed by `--where`); one page each when a
    /// page is asked for. A page the student did not follow is not part of what they got: an app
    /// that shows one page of a longer answer shows too few.
    private func searches(in repl: any LessonHost, since mark: Int, requested: [RequestPattern]) -> [(
        matches: Set<String>, included: Set<String>
    )] {
        var groups: [(type: String, asked: Bool, links: Set<String>, pages: [AnsweredResources])] = []
        let (base, version) = (repl.baseURL ?? "", repl.state.fhirVersion)
        for (exchange, answered) in repl.requests.answered(since: mark) {
            guard let answered, !answered.isCountOnly, answered.isSearchset == isSearch,
                let sent = SentRequest(exchange, base: base, version: version), sent.method == "GET"
            else { continue }
            let links = Set(answered.links.values)
            if page == nil, let index = groups.lastIndex(where: { $0.links.contains(exchange.url) }) {
                groups[index].pages.append(answered)
                groups[index].links.formUnion(links)
                continue
            }
            let asked = requested.allSatisfy { $0.matches(exchange, base: base, version: version) }
            groups.append((sent.path.first ?? "", asked, links, [answered]))
        }
        var sets: [(matches: Set<String>, included: Set<String>)] = []
        for group in groups where group.type == type && group.asked {
            sets.append((Set(group.pages.flatMap(\.matches)), Set(group.pages.flatMap(\.included))))
        }
        // The REPL's last result counts when it is a page this step fetched (filtered by
        // `--where`), not what an earlier step left.
        let fetched = Set(groups.filter(\.asked).flatMap(\.links))
        if let json = repl.lastResultJSON, let shown = AnsweredResources(json: json, url: ""), !shown.isCountOnly,
            let own = shown.links["self"], fetched.contains(own),
            shown.matches.allSatisfy({ $0.hasPrefix(type + "/") }), !shown.matches.isEmpty
        {
            sets.append((Set(shown.matches), Set(shown.included)))
        }
        return sets
    }

    /// The goal's set: every page of the server's answer, or the one asked for.
    private func goal(in repl: any LessonHost) async -> Result<
        (matches: Set<String>, included: Set<String>), WorkbookProblem
    > {
        var next: String? = path
        var pages: [AnsweredResources] = []
        let base = (repl.baseURL ?? "") + "/"
        while let current = next, pages.count < (page ?? Self.pageLimit) {
            let json: JSONValue
            do { json = try await repl.fetch(current) } catch {
                return .failure(WorkbookProblem("the server could not answer the search this step asks for (\(error))"))
            }
            guard let answered = AnsweredResources(json: json, url: current) else {
                return .failure(
                    WorkbookProblem("the server's answer to the search this step asks for holds no resource"))
            }
            pages.append(answered)
            next = answered.links["next"].flatMap { $0.hasPrefix(base) ? String($0.dropFirst(base.count)) : nil }
        }
        let chosen = page.map { pages.count == $0 ? [pages[$0 - 1]] : [] } ?? pages
        if let page, chosen.isEmpty { return .failure(WorkbookProblem("the goal's search has no page \(page)")) }
        return .success((Set(chosen.flatMap(\.matches)), Set(chosen.flatMap(\.included))))
    }
}
