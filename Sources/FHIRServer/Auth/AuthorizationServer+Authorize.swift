import FHIRModel
import Foundation
import SMART

/// The authorization endpoint: a request checked rule by rule, kept for the user's answer, and
/// answered with a code sent to the app's redirect URI.
extension AuthorizationServer {
    /// Why an authorization request is refused. Until the client and its redirect URI are known
    /// good, the refusal is shown to the user (`page`), never sent to a URI the request names
    /// (RFC 6749 §4.1.2.1); after, it goes back to the app (`redirect`).
    public enum Refusal: Error, Equatable {
        case page(String)
        case redirect(String)
        /// The server keeps as many requests as it may: try again later (503).
        case unavailable(String)
    }

    /// Checks an authorization request (`GET /auth/authorize?…`) for the FHIR base `audience`;
    /// the id it waits under for the user's answer.
    public func authorize(_ query: [(name: String, value: String)], audience: String) -> Result<String, Refusal> {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        guard let clientID = value("client_id"), let client = clients[clientID] else {
            return .failure(.page("unknown client_id '\(value("client_id") ?? "")': register the app first"))
        }
        guard let redirect = value("redirect_uri"), client.accepts(redirect: redirect) else {
            return .failure(
                .page(
                    "redirect_uri '\(value("redirect_uri") ?? "")' is not one registered for \(clientID) "
                        + "(\(client.redirectURIs.joined(separator: ", "))); it must match character for character"))
        }
        let state = value("state") ?? ""
        func back(_ code: String, _ description: String) -> Result<String, Refusal> {
            .failure(
                .redirect(
                    Self.redirect(redirect, [("error", code), ("error_description", description), ("state", state)])))
        }
        guard value("response_type") == "code" else {
            return back("unsupported_response_type", "response_type must be code")
        }
        guard !state.isEmpty else { return back("invalid_request", "state is required: the app checks it comes back") }
        guard value("code_challenge_method") == PKCE.method, let challenge = value("code_challenge"),
            challenge.utf8.count == 43, Base64URL.decode(challenge)?.count == 32
        else {
            return back(
                "invalid_request", "PKCE is required: code_challenge (43 characters) with code_challenge_method=S256")
        }
        guard value("aud") == audience else {
            return back("invalid_request", "aud must be this server's FHIR base URL, \(audience)")
        }
        let (scopes, unknown) = SMARTScopes.parse(value("scope") ?? "")
        guard unknown.isEmpty else {
            return back("invalid_scope", "not scopes SMART defines: \(unknown.joined(separator: " "))")
        }
        let uncovered = client.scopes.uncovered(scopes)
        guard uncovered.isEmpty else {
            let names = uncovered.map(\.description).joined(separator: " ")
            return back("invalid_scope", "\(clientID) may not be granted \(names)")
        }
        guard !scopes.scopes.isEmpty else { return back("invalid_scope", "scope names nothing to grant") }
        var pending = Pending(
            client: client, redirectURI: redirect, scopes: scopes, state: state, challenge: challenge,
            asked: clock.now(), audience: audience, nonce: value("nonce"))
        switch launchContext(value("launch"), scopes: scopes, clientID: clientID) {
        case .success(let patient): pending.launchPatient = patient
        case .failure(let error): return back(error.code, error.description)
        }
        let now = pending.asked
        return records.withLock { state in
            prune(&state, now: now)
            // Requests cost nothing to make: a flood pushes out the oldest, rather than refuse
            // everyone's next one until it expires.
            if !Self.hasRoom(state.pending.count),
                let oldest = state.pending.min(by: { $0.value.asked < $1.value.asked })
            {
                state.pending[oldest.key] = nil
            }
            let id = makeSecret("request", bytes: 16, in: &state)
            state.pending[id] = pending
            return .success(id)
        }
    }

    /// The request waiting under `id`, for the page that asks the user.
    func pending(_ id: String) -> Pending? { records.withLock { $0.pending[id] } }

    /// The user's answer to the request waiting under `id`: where to send the browser, with a
    /// code (approved, for `patient`, one of `patients`, when the request needs one) or
    /// `access_denied`.
    ///
    /// `approver` signed in: they may approve only the scopes and patients their entry allows.
    public func answer(
        _ id: String, approve: Bool, patient: String?, patients: Set<String>, by approver: Approver = .owner
    ) -> Result<String, Refusal> {
        let now = clock.now()
        return records.withLock { state in
            guard let pending = state.pending.removeValue(forKey: id) else {
                return .failure(.page("this authorization request is not known or was answered already; start again"))
            }
            guard now.timeIntervalSince(pending.asked) <= Self.pendingLifetime else {
                return .failure(
                    .page("this authorization request expired: it waits \(Int(Self.pendingLifetime)) s; start again"))
            }
            guard approve else {
                return .success(
                    Self.redirect(
                        pending.redirectURI,
                        [
                            ("error", "access_denied"), ("error_description", "the user declined"),
                            ("state", pending.state),
                        ]))
            }
            if let patient = pending.launchPatient, !patients.contains(patient) {
                return .failure(.page("the EHR launch's patient '\(patient)' is not one of this server's"))
            }
            if let refusal = Self.refusal(of: pending, by: approver) {
                state.pending[id] = pending
                return .failure(.page(refusal))
            }
            if pending.needsPatient, !patients.contains(patient ?? "") || !approver.mayPick(patient ?? "") {
                state.pending[id] = pending
                let whose = approver.patients == nil ? "one of this server's" : "one \(approver.name) may approve for"
                return .failure(.page("pick the patient whose data the app may reach, \(whose)"))
            }
            prune(&state, now: now)
            guard Self.hasRoom(state.codes.values.lazy.filter { $0.family == nil }.count) else {
                state.pending[id] = pending
                return .failure(.unavailable(Self.full))
            }
            let code = makeSecret("code", bytes: 32, in: &state)
            let chosen = pending.launchPatient ?? (pending.needsPatient ? patient : nil)
            state.codes[code] = Code(pending: pending, patient: chosen, issued: now, approver: approver)
            return .success(Self.redirect(pending.redirectURI, [("code", code), ("state", pending.state)]))
        }
    }

    /// Why `approver` may not approve `pending`: scopes beyond a patient's, or an EHR launch for
    /// a patient not theirs; nil when they may.
    static func refusal(of pending: Pending, by approver: Approver) -> String? {
        if !approver.userScopes || approver.patients != nil {
            let wide = pending.scopes.scopes.filter { scope in
                if case .clinical(let level, _, _, _) = scope { level != .patient } else { false }
            }
            if !wide.isEmpty {
                let names = wide.map(\.description).joined(separator: " ")
                return
                    "\(approver.name) may approve a patient's scopes only, and \(pending.client.id) asks for \(names)"
            }
        }
        if let patient = pending.launchPatient, !approver.mayPick(patient) {
            return "\(approver.name) may not approve apps for Patient/\(patient)"
        }
        return nil
    }

    /// `uri` with `items` added to its query.
    static func redirect(_ uri: String, _ items: [(String, String)]) -> String {
        var components = URLComponents(string: uri) ?? URLComponents()
        components.queryItems = (components.queryItems ?? []) + items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` is a space in a form, and URLComponents leaves it as it is.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? uri
    }
}
