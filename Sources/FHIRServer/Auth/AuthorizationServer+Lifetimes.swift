import Foundation
import SMART

/// Everything the authorization server keeps has an end: requests waiting for the user, codes,
/// launches, tokens and their families expire and are dropped, and no more than
/// ``maximumWaiting`` requests, codes or launches wait at once, so that requests nobody signs
/// for cannot grow the server without bound.
extension AuthorizationServer {
    /// How long an authorization request waits for the user's answer.
    public static let pendingLifetime: TimeInterval = 600
    /// How long the refresh tokens of an `offline_access` grant keep working, rotation or not.
    public static let offlineLifetime: TimeInterval = 30 * 24 * 3600
    /// The same for `online_access`: a working day.
    public static let onlineLifetime: TimeInterval = 12 * 3600
    /// The most authorization requests, codes or launches kept at once.
    public static let maximumWaiting = 1_000

    /// A new family for the grant of `scopes` to `client`, whose refresh tokens end with it.
    func startFamily(client: SMARTClient, scopes: SMARTScopes, now: Date, in state: inout State) -> String {
        let id = Base64URL.random(bytes: 16)
        let lifetime = scopes.contains("offline_access") ? Self.offlineLifetime : Self.onlineLifetime
        state.families[id] = Family(clientID: client.id, ends: now + lifetime)
        return id
    }

    /// Ends every token of the family `id`, access and refresh.
    func revokeFamily(_ id: String, in state: inout State) {
        guard let family = state.families.removeValue(forKey: id) else { return }
        for token in family.accessTokens { state.tokens[token] = nil }
        for token in family.refreshTokens { state.refreshTokens[token] = nil }
    }

    /// Drops what has expired: run before anything new is kept.
    func prune(_ state: inout State, now: Date) {
        state.tokens = state.tokens.filter { $0.value.expires > now }
        let ended = state.families.filter { $0.value.ends + Self.tokenLifetime <= now }.keys
        for id in ended { revokeFamily(id, in: &state) }
        let live = state.tokens
        for (id, family) in state.families {
            state.families[id]?.accessTokens = family.accessTokens.filter { live[$0] != nil }
        }
        state.pending = state.pending.filter { now.timeIntervalSince($0.value.asked) <= Self.pendingLifetime }
        // An exchanged code is kept while its family lives, so that its coming again is seen.
        state.codes = state.codes.filter { _, code in
            code.family.map { state.families[$0] != nil } ?? (now.timeIntervalSince(code.issued) <= codeLifetime)
        }
        state.launches = state.launches.filter { now.timeIntervalSince($0.value.issued) <= Self.launchLifetime }
        state.assertions = state.assertions.filter { $0.value > now }
    }

    /// Whether one more of a kind counted `count` may be kept.
    static func hasRoom(_ count: Int) -> Bool { count < maximumWaiting }

    /// Why an approval is refused when as many codes wait to be exchanged as may: the only
    /// table that refuses rather than push out its oldest (a code is a user's approval).
    static let full = "too many codes are waiting to be exchanged; try again in a minute"
}
