import FHIRModel
import Foundation

/// What a token endpoint answers and an OAuth form sends, with the secrets left out: tokens are
/// never printed, in a command's output or in `trace body`.
public enum HiddenSecrets {
    /// The members of a token response that are secrets.
    public static let tokenFields: Set<String> = ["access_token", "refresh_token", "id_token"]
    /// The fields of an OAuth form that are secrets (a code and a verifier are worth nothing
    /// once used, and a lesson shows them).
    static let formFields: Set<String> = ["refresh_token", "client_secret", "client_assertion", "token", "password"]
    public static let placeholder = "(hidden: the session keeps it)"

    /// `json` with the value of each token member replaced.
    public static func hiding(_ json: JSONValue) -> JSONValue {
        guard case .object(let object) = json, object.keys.contains(where: tokenFields.contains) else { return json }
        return .object(
            JSONObject(object.members.map { tokenFields.contains($0.key) ? ($0.key, .string(placeholder)) : $0 }))
    }

    /// The names whose values a typed line must not keep in the history: the form's secrets,
    /// a sign-in's secret and password, tokens anywhere.
    public static let typedFields: Set<String> = formFields.union([
        "secret", "access_token", "id_token", "client_secret",
    ])

    /// Whether a line typed at the prompt may be kept in the history file: not when it carries
    /// a secret (`password=…`, `secret=…`, a token, `Bearer …`). A placeholder such as
    /// `[SECRET]` is not one.
    public static func mayKeepInHistory(_ line: String) -> Bool {
        let lowered = line.lowercased()
        if lowered.contains("bearer ") { return false }
        let separators = CharacterSet(charactersIn: "&?'\" \t")
        for part in lowered.components(separatedBy: separators) {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, typedFields.contains(String(pair[0])) else { continue }
            let value = pair[1]
            if !(value.hasPrefix("[") && value.hasSuffix("]")) && !value.isEmpty { return false }
        }
        return true
    }

    /// A form (`name=value&…`) with each secret field's value replaced.
    static func hiding(form: String) -> String {
        form.split(separator: "&", omittingEmptySubsequences: false).map { field in
            let name = field.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return formFields.contains(name) ? "\(name)=(hidden)" : String(field)
        }.joined(separator: "&")
    }
}

extension HTTPExchange {
    /// The exchange as `trace body` may show it: no token in either body.
    public var hidingSecrets: HTTPExchange {
        var exchange = self
        exchange.requestBody = requestBody.map { body in
            body.hasPrefix("{") ? body : HiddenSecrets.hiding(form: body)
        }
        exchange.responseBody = responseBody.map { body in
            guard HiddenSecrets.tokenFields.contains(where: body.contains),
                let json = try? JSONParser.parse(body)
            else { return body }
            return HiddenSecrets.hiding(json).compactText
        }
        return exchange
    }
}
