import FHIRClient
import FHIRModel
import FHIRPath

/// FHIR's search on any server, for developers: `search`, `page` through the Bundle's links,
/// `count` with `_summary=count`.
extension CommandGroup {
    static var searching: CommandGroup {
        CommandGroup(
            "Search any server",
            [
                .builtin(
                    "search", usage: "search TYPE [NAME=VALUE ...] [--where FHIRPATH] [> FILE]",
                    summary: "any search the server supports, as a table per resource type",
                    section: "http.html#search",
                    example: "search MedicationAdministration patient=f001 effective-time=ge2016-08-01 _count=5",
                    waiting: "Searching…", complete: { $0.completions.search($1) },
                    run: { try await Searching(context: $0).search($1) }),
                .builtin(
                    "page", usage: "page next|previous|first|last|all [LIMIT] [> FILE]",
                    summary: "follow the last Bundle's link; all follows next to the end", section: "http.html#search",
                    example: "page next", waiting: "Reading the page…",
                    complete: { _, words in words.count == 2 ? ["next", "previous", "first", "last", "all"] : [] },
                    run: { try await Searching(context: $0).page($1) }),
                .builtin(
                    "count", usage: "count TYPE [NAME=VALUE ...]", summary: "how many match (_summary=count)",
                    section: "http.html#search", example: "count MedicationAdministration patient=f001",
                    waiting: "Counting…", complete: { $0.completions.search($1) },
                    run: { try await Searching(context: $0).count($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Searching {
    let context: CommandContext

    fileprivate func search(_ arguments: [String]) async throws {
        let (words, file) = try Presenter.savingTarget(arguments)
        let (arguments, condition) = try Self.whereOption(words)
        guard let type = arguments.first else { throw UsageError() }
        let mark = context.requests.total
        let filter = try condition.map { try context.fhirPath.parse($0) }
        let client = try context.session.connected()
        try client.checkType(type)
        let parameters = try Self.searchParameters(arguments.dropFirst())
        let bundle = try await client.search(type, parameters)
        let query = parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        let request = "GET \(type)" + (query.isEmpty ? "" : "?" + query)
        try context.presenter.present(
            try filtered(bundle, request: request, pages: 1...1, by: filter, since: mark), savingTo: file)
    }

    /// The result of a page, with `--where`'s condition applied and said, when there is one.
    private func filtered(
        _ bundle: FHIRModel.Bundle, request: String, pages: ClosedRange<Int>?, by filter: FHIRPathExpression?,
        since mark: Int, whole: Bool = true
    ) throws -> ExploreResult {
        guard let filter else {
            return ExploreResult(json: bundle.json, request: request, bundle: bundle, pages: pages)
        }
        let (kept, left, matches): (FHIRModel.Bundle, Int, Int)
        do { (kept, left, matches) = try keep(bundle, where: filter) } catch {
            // The student saw an error, not the pages: a check may not count what they held.
            context.requests.narrow(since: mark, to: [])
            throw error
        }
        // What the pages read answered is, for a lesson's check, what the filter left of them.
        let shown = kept.entry.compactMap { entry -> String? in
            guard let type = entry.resource?["resourceType"]?.stringValue, let id = entry.resource?["id"]?.stringValue
            else { return nil }
            return "\(type)/\(id)"
        }
        context.requests.narrow(since: mark, to: Set(shown))
        // Pages put together hold the first one already filtered: only a page read now has a whole count.
        let counted = whole ? "\(left) of the page's \(matches)" : "\(left) kept"
        return ExploreResult(
            json: kept.json, request: request + ", where \(filter.text): \(counted)", bundle: kept, pages: pages,
            filter: filter)
    }

    /// `page next|previous|first|last` follows the last Bundle's link of that relation;
    /// `page all [LIMIT]` follows `next` to the end.
    fileprivate func page(_ arguments: [String]) async throws {
        let (arguments, file) = try Presenter.savingTarget(arguments)
        guard let relation = arguments.first.map(Self.linkRelation), arguments.count <= 2,
            ["next", "previous", "first", "last", "all"].contains(relation)
        else { throw UsageError() }
        guard let current = context.session.result, let bundle = current.bundle else {
            throw REPLError("no search to page; 'search' first")
        }
        if relation == "all" {
            return try await pageAll(
                bundle, holding: current.pages, limit: arguments.dropFirst().first, filter: current.filter,
                savingTo: file)
        }
        guard arguments.count == 1 else { throw UsageError() }
        // DSTU2-era servers may still write `prev`.
        guard let link = bundle.link(relation) ?? (relation == "previous" ? bundle.link("prev") : nil) else {
            let links = bundle.link.compactMap(\.relation).filter { $0 != "self" }
            throw REPLError(
                "the last Bundle has no '\(relation)' link"
                    + (links.isEmpty ? "" : "; it has \(links.map { "'\($0)'" }.joined(separator: ", "))"))
        }
        let mark = context.requests.total
        let page = try await context.session.connected().page(link)
        let number: Int? =
            switch relation {
            case "next": current.pages.map { $0.upperBound + 1 }
            case "previous": current.pages.map { $0.lowerBound - 1 }
            case "first": 1
            default: nil
            }
        // The search's --where goes on filtering: a page of everything would pass for its matches.
        try context.presenter.present(
            try filtered(page, request: "GET \(link)", pages: number.map { $0...$0 }, by: current.filter, since: mark),
            savingTo: file)
    }

    /// Follows `next` links until none is left or `limit` resources are in, saying how far it got:
    /// which pages of the search the result holds (`held`: those of the result shown last, if known).
    private func pageAll(
        _ first: FHIRModel.Bundle, holding held: ClosedRange<Int>?, limit text: String?,
        filter: FHIRPathExpression?, savingTo file: String?
    ) async throws {
        guard let limit = text.map({ Int($0) }) ?? Self.pageAllLimit, limit > 0 else {
            throw REPLError("the limit of 'page all' is a number of resources, such as 1000")
        }
        let client = try context.session.connected()
        let mark = context.requests.total
        defer { context.spinner.note(nil) }
        var bundle = first
        var entries = first.entry
        // Pages read, by their own `self` links and the links followed: a `next` back to one of
        // them (a page linking to itself included) ends the walk instead of repeating a page.
        var seen = Set(first.link("self").map { [client.pageURL($0)] } ?? [])
        var pages = 1
        while entries.count < limit, let next = bundle.link("next").map(client.pageURL), seen.insert(next).inserted {
            pages += 1
            context.spinner.note("page \(pages), \(entries.count) resources so far")
            bundle = try await client.page(next)
            if bundle.entry.isEmpty { break }
            if let own = bundle.link("self") { seen.insert(client.pageURL(own)) }
            entries += bundle.entry
        }
        var all = FHIRModel.Bundle(type: first.type ?? "searchset")
        all.total = first.total
        // Whole pages only, so going on from the next link skips nothing.
        all.entry = entries
        let stopped = entries.count >= limit && bundle.link("next") != nil
        // Where it stopped, so 'page all' or 'page next' goes on from there.
        if stopped, let next = bundle.link("next") { all.link = [BundleLink(relation: "next", url: next)] }
        let read = held.map { $0.lowerBound...($0.upperBound + pages - 1) }
        let request =
            if let read {
                read.count == 1
                    ? "page all: page \(read.lowerBound) only"
                    : "page all: pages \(read.lowerBound) to \(read.upperBound)"
            } else if pages == 1 {
                "page all: no page after the one shown last"
            } else {
                "page all: \(pages - 1) more \(pages == 2 ? "page" : "pages") after the one shown last"
            }
        try context.presenter.present(
            try filtered(all, request: request, pages: read, by: filter, since: mark, whole: false), savingTo: file)
        if stopped {
            context.say(
                "stopped after \(entries.count) resources (the limit is \(limit)); 'page all' goes on from there")
        }
    }

    fileprivate func count(_ arguments: [String]) async throws {
        guard let type = arguments.first else { throw UsageError() }
        let client = try context.session.connected()
        try client.checkType(type)
        let parameters = try Self.searchParameters(arguments.dropFirst())
        let (total, bundle) = try await client.count(type, parameters)
        // The server's answer is kept as any search's is, so `fhirpath total` reads it.
        let query = (parameters + [("_summary", "count")]).map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        context.session.result = ExploreResult(json: bundle.json, request: "GET \(type)?\(query)", bundle: bundle)
        context.show(["resourceType": .string(type), "count": .number(String(total))], lines: ["\(total) \(type)"])
    }

    /// `NAME=VALUE` words as search parameters, in order; repeats are kept (FHIR ANDs them).
    private static func searchParameters(_ words: some Collection<String>) throws -> [(String, String)] {
        try words.map { word in
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                throw REPLError("a search parameter is NAME=VALUE, such as family=Chalmers; '\(word)' is not")
            }
            return (String(word[..<equals]), String(word[word.index(after: equals)...]))
        }
    }

    private static func linkRelation(_ word: String) -> String {
        switch word.lowercased() {
        case "prev", "previous": "previous"
        default: word.lowercased()
        }
    }

    private static let pageAllLimit = 1_000

    /// `search … --where EXPRESSION`: the words without the option, and the expression.
    private static func whereOption(_ arguments: [String]) throws -> ([String], String?) {
        let options = try CommandOptions(
            arguments, ["--where": .value("an expression, such as --where \"status = 'completed'\"")])
        return (options.operands, options.value("--where"))
    }

    /// Keeps the Bundle's matches for which `expression` is true (included resources stay).
    private func keep(_ bundle: FHIRModel.Bundle, where expression: FHIRPathExpression) throws -> (
        FHIRModel.Bundle, Int, Int
    ) {
        var kept = bundle
        let environment = context.fhirPath.environment()
        var matches = 0
        kept.entry = try bundle.entry.filter { entry in
            guard let resource = entry.resource, entry.search?.mode != "include" else { return true }
            matches += 1
            do { return try expression.isTrue(on: resource, environment: environment) } catch {
                throw REPLError("--where: \(error)")
            }
        }
        let left = kept.entry.filter { $0.resource != nil && $0.search?.mode != "include" }.count
        return (kept, left, matches)
    }
}
