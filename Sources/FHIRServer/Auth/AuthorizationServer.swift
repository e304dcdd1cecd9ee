import FHIRModel
import Foundation
import SMART
import Synchronization

/// The built-in server's SMART App Launch authorization server (`--auth smart`): it keeps the
/// authorization requests waiting for the user, the codes, and the tokens it issued.
///
/// Tokens are random (32 bytes) and mean something only here, so checking one is a lookup; the
/// introspection endpoint tells a resource server what one stands for.
public final class AuthorizationServer: Sendable {
    /// How long a code may wait to be exchanged (SMART: at most 10 minutes; 60 s is plenty for
    /// an app on the same machine, and a stolen code is worth less).
    public static let codeLifetime: TimeInterval = 60
    /// How long a code waits on a numbered server, where a student types the exchange by hand:
    /// SMART's most, 10 minutes.
    public static let typedCodeLifetime: TimeInterval = 600
    /// How long an access token lasts.
    public static let tokenLifetime: TimeInterval = 3600

    /// An authorization request checked and waiting for the user's answer.
    struct Pending: Sendable {
        let client: SMARTClient
        let redirectURI: String
        let scopes: SMARTScopes
        let state: String
        let challenge: String
        let asked: Date
        /// The FHIR base the request was for: the `iss` of its `id_token`.
        var audience = ""
        /// OpenID Connect's `nonce`, returned in the `id_token`.
        var nonce: String?
        /// The patient an EHR launch opened the app for: the user picks none.
        var launchPatient: String?
        /// Whether the user must pick a patient: a patient scope or `launch/patient`, outside an
        /// EHR launch.
        var needsPatient: Bool {
            guard launchPatient == nil else { return false }
            return scopes.contains("launch/patient")
                || scopes.scopes.contains { if case .clinical(.patient, _, _, _) = $0 { true } else { false } }
        }
    }

    struct Code: Sendable {
        let pending: Pending
        let patient: String?
        let issued: Date
        /// Who approved it.
        var approver = Approver.owner
        /// The family of tokens it was exchanged for, revoked if the code comes again.
        var family: String?
    }

    /// An EHR launch: the app and the patient it was opened for, until it is used or expires.
    struct Launch: Sendable {
        let clientID: String
        let patient: String
        let issued: Date
    }

    struct Refresh: Sendable {
        let grant: SMARTGrant
        let family: String
    }

    /// The tokens of one grant: a code's exchange and every refresh after it. They end
    /// together: when the grant's refresh lifetime is over, when a refresh token is used twice
    /// (one of the two users stole it), when the code comes again, or when one is revoked.
    struct Family: Sendable {
        let clientID: String
        /// When its refresh tokens stop working, however often they were rotated.
        let ends: Date
        var accessTokens: Set<String> = []
        /// Oldest first; the last 50 are kept to tell a reuse, so a client that refreshes in a
        /// loop does not grow the server.
        var refreshTokens: [String] = []
        /// The one refresh token that may be used next: any other of the family is a reuse.
        var current: String?
    }

    /// A browser signed in to the authorization page: its cookie's value stands for `approver`.
    struct Session: Sendable {
        /// The cookie's value.
        let id: String
        let approver: Approver
        let expires: Date
        /// What the session's forms carry back: a page another site reads for its own request
        /// does not have it.
        let csrf: String
    }

    struct State: Sendable {
        var pending: [String: Pending] = [:]
        var sessions: [String: Session] = [:]
        var codes: [String: Code] = [:]
        var tokens: [String: SMARTGrant] = [:]
        var refreshTokens: [String: Refresh] = [:]
        var families: [String: Family] = [:]
        var launches: [String: Launch] = [:]
        /// The client assertions taken (`client jti`), until they expire: each works once.
        var assertions: [String: Date] = [:]
        /// How many request ids and codes were made, for a server that numbers them.
        var made = 0
        /// Wrong sign-ins, by the name tried.
        var signIns = SignInThrottle()
    }

    let clients: [String: SMARTClient]
    /// Who may approve, and how they prove it.
    let signIn: SignIn
    let clock: any ServerClock
    /// Whether authorization requests and codes are numbered (`request-1`, `code-1`) rather than
    /// random: a server whose clock is fixed, for a lesson or a transcript that every student
    /// types the same. A code is still worth nothing without its PKCE verifier, and tokens stay
    /// random.
    let numbered: Bool
    let records = Mutex(State())
    /// The server's own key, which signs `id_token`s (RS256) and `/auth/jwks` publishes: made at
    /// the first need, so a server that never issues one never loads libcrypto.
    let ownKey = Mutex<SigningKey?>(nil)

    public init(clients: [SMARTClient], clock: any ServerClock, numbered: Bool = false, signIn: SignIn = .newSecret()) {
        var byID: [String: SMARTClient] = [:]
        for client in [SMARTClient.medbrain] + clients { byID[client.id] = client }
        self.clients = byID
        self.clock = clock
        self.numbered = numbered
        self.signIn = signIn
    }

    /// The secret whoever approves types, for a server without users: the server prints it on
    /// its console. Nil with a users file.
    public var signInSecret: String? {
        if case .secret(let secret) = signIn { secret } else { nil }
    }

    /// How long this server's codes wait to be exchanged.
    var codeLifetime: TimeInterval { numbered ? Self.typedCodeLifetime : Self.codeLifetime }

    /// A new request id or code: `kind-N` on a numbered server, else random.
    func makeSecret(_ kind: String, bytes: Int, in state: inout State) -> String {
        guard numbered else { return Base64URL.random(bytes: bytes) }
        state.made += 1
        return "\(kind)-\(state.made)"
    }

    /// The grant an access token stands for, if it was issued here and has not expired.
    public func grant(for token: String) -> SMARTGrant? {
        let now = clock.now()
        return records.withLock { state in
            guard let grant = state.tokens[token] else { return nil }
            guard grant.expires > now else {
                state.tokens[token] = nil
                return nil
            }
            return grant
        }
    }

    /// Issues an access token for `scopes`, in `family` when the grant has one; a refresh
    /// token too, the family's next, when `scopes` ask for `offline_access` or `online_access`.
    /// The token response's fields.
    func issue(
        _ grant: SMARTGrant, into state: inout State
    ) -> (token: String, fields: [(String, JSONValue)]) {
        let token = Base64URL.random(bytes: 32)
        state.tokens[token] = grant
        var fields: [(String, JSONValue)] = [
            ("access_token", .string(token)), ("token_type", "Bearer"),
            ("expires_in", .number(String(Int(Self.tokenLifetime)))), ("scope", .string(grant.scopes.description)),
        ]
        if let patient = grant.patient { fields += [("patient", .string(patient)), ("need_patient_banner", true)] }
        guard let id = grant.family, var family = state.families[id] else { return (token, fields) }
        family.accessTokens.insert(token)
        if grant.scopes.contains("offline_access") || grant.scopes.contains("online_access") {
            let refresh = Base64URL.random(bytes: 32)
            family.refreshTokens.append(refresh)
            if family.refreshTokens.count > 50 { state.refreshTokens[family.refreshTokens.removeFirst()] = nil }
            family.current = refresh
            state.refreshTokens[refresh] = Refresh(grant: grant, family: id)
            fields.append(("refresh_token", .string(refresh)))
        }
        state.families[id] = family
        return (token, fields)
    }
}
