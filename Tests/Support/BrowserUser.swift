import Foundation

/// The person at the browser during a SMART App Launch against the built-in server: opens the
/// authorization page, signs in with the server's secret, answers, and follows the redirect back
/// to the app's loopback listener. Some answers are an attacker's, on purpose.
public enum BrowserUser: Sendable {
    case approve(String), decline, forgeState, dropNonce

    /// Plays this user on the authorization `url` of a server whose sign-in secret is `secret`.
    public func browse(_ url: String, secret: String) async {
        var url = url
        // A replayed or injected id_token would not carry this login's nonce.
        if case .dropNonce = self { url = url.replacing(/&nonce=[^&]*/, with: "") }
        guard let page = try? await RawHTTP.browse(url) else { return }
        // A request the server refuses goes straight back to the app.
        if page.status == 302, let location = page.location {
            _ = try? await RawHTTP.browse(location)
            return
        }
        guard let id = page.body.firstMatch(of: /name="request" value="([^"]+)"/)?.1 else { return }
        let (decision, patient) =
            switch self {
            case .approve(let chosen): ("approve", chosen)
            case .decline: ("deny", "")
            case .forgeState, .dropNonce: ("approve", "f001")
            }
        let origin = url.prefix { $0 != "?" }
        guard
            let answer = try? await RawHTTP.browse(
                String(origin), form: "request=\(id)&secret=\(secret)&decision=\(decision)&patient=\(patient)"),
            var location = answer.location
        else { return }
        if case .forgeState = self { location = location.replacingOccurrences(of: "state=", with: "state=forged") }
        _ = try? await RawHTTP.browse(location)
    }
}
