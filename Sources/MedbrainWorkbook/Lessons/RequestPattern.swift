import FHIRClient
import Foundation

/// A request a step asks for, as `? requested GET Patient email=…` writes it: the method, the
/// path after the base (`Patient`, `Patient/f001`, `metadata`) and parameters that must all be
/// there, in any order, with or without percent-encoding; other parameters may be there too.
/// A path segment `*` stands for any one segment (`MedicationAdministration/*`: a read of any id).
public struct RequestPattern: Sendable, Equatable {
    public let method: String
    public let path: [String]
    public let parameters: [Parameter]

    public struct Parameter: Sendable, Equatable {
        let name: String
        let value: String?
    }

    /// `METHOD PATH [NAME=VALUE|NAME …]`, or nil when the words are not one.
    init?(_ words: [String]) {
        guard words.count >= 2, words[0] == words[0].uppercased(), words[0].allSatisfy(\.isLetter) else { return nil }
        method = words[0]
        let target = words[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        path = target[0].split(separator: "/").map(String.init)
        let query = (target.count > 1 ? target[1].split(separator: "&").map(String.init) : []) + words.dropFirst(2)
        var parameters: [Parameter] = []
        for item in query {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).removingPercentEncoding ?? String($0)
            }
            // `=x` or `=` names no parameter: not a pattern a lesson can mean.
            guard !parts[0].isEmpty else { return nil }
            parameters.append(Parameter(name: parts[0], value: parts.count > 1 ? parts[1] : nil))
        }
        self.parameters = parameters
        guard !path.isEmpty else { return nil }
    }

    /// Whether a request sent is this one.
    func matches(_ exchange: HTTPExchange) -> Bool {
        guard exchange.method == method, let url = URLComponents(string: exchange.url) else { return false }
        let sent = url.path.split(separator: "/").map(String.init)
        guard sent.count >= path.count,
            zip(sent.suffix(path.count), path).allSatisfy({ $0 == $1 || $1 == "*" })
        else { return false }
        let items = url.queryItems ?? []
        return parameters.allSatisfy { wanted in
            items.contains { $0.name == wanted.name && (wanted.value == nil || $0.value == wanted.value) }
        }
    }

    public var description: String {
        let query = parameters.map { parameter in parameter.value.map { "\(parameter.name)=\($0)" } ?? parameter.name }
        return ([method, path.joined(separator: "/")] + query).joined(separator: " ")
    }
}
