import FHIRClient
import FHIRModel

/// What a successful answer held, kept once its body is let go: the resources it found
/// (`Type/id`), those it included, and its links, so that a lesson can judge a search by the
/// set of resources it answered and follow its pages, whatever the request's spelling.
public struct AnsweredResources: Sendable, Equatable {
    /// A searchset's matches, or the one resource a read answered.
    public var matches: [String]
    /// A searchset's `include` entries.
    public var included: [String]
    /// Each link's relation and URL (`next`, `previous`, `self`…).
    public var links: [String: String]
    /// Whether the answer was a searchset Bundle, rather than one resource.
    public var isSearchset: Bool
    /// A searchset that says only how many (`_summary=count`), listing none: its set is not
    /// known, unless it counted none.
    public var isCountOnly: Bool

    public init(
        matches: [String], included: [String] = [], links: [String: String] = [:], isSearchset: Bool,
        isCountOnly: Bool = false
    ) {
        (self.matches, self.included, self.links) = (matches, included, links)
        (self.isSearchset, self.isCountOnly) = (isSearchset, isCountOnly)
    }

    /// What `exchange` answered, or nil for an answer that is no resource or searchset, or a
    /// refusal.
    init?(_ exchange: HTTPExchange) {
        guard let status = exchange.status, (200..<300).contains(status), let body = exchange.responseBody,
            body.first == "{", let json = try? JSONParser.parse(body)
        else { return nil }
        self.init(json: json, url: exchange.url)
    }

    /// What `json`, the answer to `url`, holds; nil when it is no resource.
    public init?(json: JSONValue, url: String) {
        guard let type = json["resourceType"]?.stringValue else { return nil }
        guard type == "Bundle", json["type"]?.stringValue == "searchset" else {
            guard let id = json["id"]?.stringValue else { return nil }
            self.init(matches: ["\(type)/\(id)"], isSearchset: false)
            return
        }
        var matches: [String] = []
        var included: [String] = []
        let entries = json["entry"]?.arrayValue ?? []
        for entry in entries {
            guard let resource = entry["resource"], let kind = resource["resourceType"]?.stringValue,
                let id = resource["id"]?.stringValue
            else { continue }
            switch entry["search"]?["mode"]?.stringValue {
            case "include": included.append("\(kind)/\(id)")
            case "outcome": continue
            default: matches.append("\(kind)/\(id)")
            }
        }
        var links: [String: String] = [:]
        for link in json["link"]?.arrayValue ?? [] {
            if let relation = link["relation"]?.stringValue, let url = link["url"]?.stringValue {
                links[relation] = url
            }
        }
        self.init(
            matches: matches, included: included, links: links, isSearchset: true,
            isCountOnly: entries.isEmpty && url.contains("_summary=count")
                && (json["total"].map { $0 != .number("0") } ?? true))
    }
}
