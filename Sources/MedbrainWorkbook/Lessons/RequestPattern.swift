import FHIRClient
import FHIRModel

/// A request a step asks for, as `? requested GET Patient email=…` writes it: the method, the
/// path after the base (`Patient`, `Patient/f001`, `metadata`) and parameters that must all be
/// there, in any order, with or without percent-encoding; other parameters may be there too.
/// A path segment `*` stands for any one segment (`MedicationAdministration/*`: a read of any id).
/// A path that begins with `/` is from the server's origin instead (`/auth/token`: an
/// authorization server's endpoint beside the FHIR base).
public struct RequestPattern: Sendable, Equatable {
    public let method: String
    public let path: [String]
    let fromOrigin: Bool
    public let parameters: [Parameter]

    public struct Parameter: Sendable, Equatable {
        let name: String
        let value: String?
    }

    /// `METHOD PATH [NAME=VALUE|NAME …]`, or nil when the words are not one.
    init?(_ words: [String]) {
        guard words.count >= 2, words[0] == words[0].uppercased(), words[0].allSatisfy(\.isLetter) else { return nil }
        method = words[0]
        let target = words[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = target[0].split(separator: "/").map(String.init)
        fromOrigin = target[0].hasPrefix("/")
        let query = (target.count > 1 ? target[1].split(separator: "&") : []) + words.dropFirst(2).map { $0[...] }
        var parameters: [Parameter] = []
        for item in query {
            // `=x` or `=` names no parameter: not a pattern a lesson can mean.
            guard let (name, value) = QueryString.parameters(item).first, !name.isEmpty else { return nil }
            parameters.append(Parameter(name: name, value: item.contains("=") ? value : nil))
        }
        self.parameters = parameters
        guard !path.isEmpty else { return nil }
    }

    /// Whether a request sent to the server at `base` is this one: the whole path after the
    /// base matches (so `MedicationAdministration/*` is no `…/_history`), and each parameter as
    /// the server of `version` reads it (``SearchEquivalence``). Requests FHIR answers alike
    /// count as this one: ``SentRequest`` reads a compartment search, a `_search` POST, a
    /// version read and a posted form as the search, read or parameters they are.
    func matches(_ exchange: HTTPExchange, base: String, version: FHIRVersion? = nil) -> Bool {
        let base = fromOrigin ? Self.origin(of: base) : base
        guard let sent = SentRequest(exchange, base: base, version: version), sent.method == method else {
            return false
        }
        let read = path.count == 2 && sent.path.count == 4 && sent.path[2] == "_history"
        let compared = read ? Array(sent.path.prefix(2)) : sent.path
        // `*` is an id: never an interaction's own segment (`_history`, `_search`, `$validate`).
        let matchesSegment = { (sent: String, wanted: String) in
            sent == wanted || (wanted == "*" && !sent.hasPrefix("_") && !sent.hasPrefix("$"))
        }
        guard compared.count == path.count, zip(compared, path).allSatisfy(matchesSegment) else {
            return false
        }
        let equivalence = SearchEquivalence(type: path[0], version: version)
        let same = { (item: (name: String, value: String), wanted: Parameter) in
            // OAuth's scope is a set of words: their order is not the request's meaning.
            if item.name == "scope", wanted.name == "scope", let value = wanted.value {
                return Set(item.value.split(separator: " ")) == Set(value.split(separator: " "))
            }
            return equivalence.matches(
                sentName: item.name, sentValue: item.value, wantedName: wanted.name, wantedValue: wanted.value)
        }
        return parameters.allSatisfy { wanted in
            // A compartment is the wanted parameter only when each of its parameters is.
            sent.parameters.contains { same($0, wanted) }
                || (!sent.compartment.isEmpty && sent.compartment.allSatisfy { same($0, wanted) })
        }
    }

    /// `http://host:port` of a base URL.
    static func origin(of base: String) -> String {
        guard let scheme = base.range(of: "://"), let slash = base[scheme.upperBound...].firstIndex(of: "/") else {
            return base
        }
        return String(base[..<slash])
    }

    public var description: String {
        let query = parameters.map { parameter in parameter.value.map { "\(parameter.name)=\($0)" } ?? parameter.name }
        return ([method, (fromOrigin ? "/" : "") + path.joined(separator: "/")] + query).joined(separator: " ")
    }
}
