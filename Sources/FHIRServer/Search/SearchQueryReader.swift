import FHIRModel
import Foundation

/// A search query read and matched as the built-in server does, outside a server: the way in
/// for the fuzzer, which feeds it mutated queries by the million.
public struct SearchQueryReader: Sendable {
    private let index: SearchParameterIndex
    private let base = ServerBase()

    public init(version: FHIRVersion) {
        index = SearchParameterIndex(version: version)
    }

    /// Reads `query` (`name=value&…`, percent-encoded) as a search of `type`, strictly, and
    /// matches its criteria against `resources`: the problem the server would answer with,
    /// else nil, and how many of `resources` match.
    public func read(_ query: String, type: String, on resources: [JSONValue]) -> (problem: String?, matches: Int) {
        let items = query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.removingPercentEncoding ?? String(text) }
            return (name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
        do {
            let plan = try SearchPlan.make(query: items, type: type, lenient: false, parameters: index, base: base)
            let matches = resources.filter { resource in plan.criteria.allSatisfy { $0.matches(resource) } }
            _ = plan.links(base: "http://localhost/fhir/\(type)", total: matches.count)
            return (nil, matches.count)
        } catch {
            return (error.message, 0)
        }
    }
}
