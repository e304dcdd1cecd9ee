import FHIRModel
import Foundation
import SMART

/// The authorization page behind a sign-in: nobody approves an app, or sees which patients
/// there are, without the server's secret or a user's password. A browser that signed in keeps
/// an HttpOnly, SameSite=Strict cookie; a form it posts with it must carry the session's own
/// `csrf` value and say, by its `Origin`, that this server's page posted it.
extension AuthorizationServer {
    static let cookieName = "medbrain-signin"
    /// How long a browser stays signed in.
    public static let sessionLifetime: TimeInterval = 8 * 3600

    /// `GET /auth/authorize`'s page for the request waiting under `id`: a sign-in form, or, for
    /// a browser signed in (`session`), what the app asks and the patients its user may pick.
    func page(
        _ id: String, session: Session?, json: Bool, origin: String,
        patients: () async -> [(id: String, name: String)]
    ) async -> FHIRResponse {
        guard let pending = pending(id) else {
            return Self.refused(.page("this authorization request is not known or was answered already"), json: json)
        }
        // No patient is listed before the user signed in, and then only theirs.
        var offered: [(id: String, name: String)] = []
        if let approver = session?.approver { offered = await patients().filter { approver.mayPick($0.id) } }
        let page = AuthorizePage(
            id: id, pending: pending, patients: offered, approver: session?.approver, csrf: session?.csrf,
            signInFields: signIn.fields)
        return json ? Self.json(200, page.json(origin: origin)) : Self.page(page.html)
    }

    /// `POST /auth/authorize`: signs in (credentials in the form), answers the request (a
    /// decision), or both.
    func approval(
        _ request: FHIRRequest, form: [(name: String, value: String)], origin: String, json: Bool,
        patients: () async -> [(id: String, name: String)]
    ) async -> FHIRResponse {
        func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
        // A browser says which page posted a form; another site's is refused, whatever it carries.
        if let from = request.headers["origin"], from != origin {
            return Self.refusedPage("the form was posted from another site (\(from.prefix(100)))", 403, json: json)
        }
        let id = value("request") ?? ""
        guard pending(id) != nil else {
            return Self.refused(.page("this authorization request is not known or was answered already"), json: json)
        }
        let session: Session
        var cookie: String?
        let name = signIn.name(value)
        if let name, let wait = beginSignIn(name) { return Self.tooSoon(name, wait: wait, json: json) }
        switch signIn.approver(value) {
        case .failure(let failure)?: return Self.refusedPage(failure.message, 401, json: json)
        case .success(let found)?:
            if let name { records.withLock { $0.signIns.succeeded(name) } }
            session = startSession(for: found)
            if !json { cookie = Self.cookie(for: session.id, secure: origin.hasPrefix("https:")) }
        case nil:
            guard let found = self.session(request.headers["cookie"]) else {
                let fields = signIn.fields.joined(separator: " and ")
                return Self.refusedPage("sign in first: the form needs \(fields)", 401, json: json)
            }
            guard request.headers["origin"] != nil else {
                return Self.refusedPage(
                    "a form posted with the sign-in cookie must say where it comes from (Origin)", 403, json: json)
            }
            guard let csrf = value("csrf"), Self.same(Array(csrf.utf8), Array(found.csrf.utf8)) else {
                return Self.refusedPage(
                    "the form did not come from this server's page (its csrf is wrong)", 403, json: json)
            }
            session = found
        }
        var response: FHIRResponse
        if let decision = value("decision") {
            let known = Set(await patients().map(\.id))
            let approver = session.approver
            switch answer(id, approve: decision == "approve", patient: value("patient"), patients: known, by: approver)
            {
            case .success(let location): response = FHIRResponse(status: 302, headers: [("Location", location)])
            case .failure(let refusal): response = Self.refused(refusal, json: json)
            }
        } else {
            response = await page(id, session: session, json: json, origin: origin, patients: patients)
        }
        if let cookie { response.headers.append(("Set-Cookie", cookie)) }
        return response
    }

    /// The session the request's sign-in cookie stands for, while it lasts.
    func session(_ header: String?) -> Session? {
        guard let value = Self.cookie(Self.cookieName, in: header) else { return nil }
        let now = clock.now()
        return records.withLock { state in
            guard let session = state.sessions[value], session.expires > now else { return nil }
            return session
        }
    }

    /// A new session for `approver`; when as many are kept as may be, the oldest ends.
    func startSession(for approver: Approver) -> Session {
        let now = clock.now()
        let session = Session(
            id: Base64URL.random(bytes: 32), approver: approver, expires: now + Self.sessionLifetime,
            csrf: Base64URL.random(bytes: 16))
        records.withLock { state in
            state.sessions = state.sessions.filter { $0.value.expires > now }
            if !Self.hasRoom(state.sessions.count),
                let oldest = state.sessions.min(by: { $0.value.expires < $1.value.expires })
            {
                state.sessions[oldest.key] = nil
            }
            state.sessions[session.id] = session
        }
        return session
    }

    /// The seconds `name` must wait before it is tried again, or nil when the try may go on (it
    /// is counted now, before the slow hash is checked).
    func beginSignIn(_ name: String) -> Int? {
        let now = clock.now()
        return records.withLock { $0.signIns.begin(name, now: now) }
    }

    /// The 429 for a name tried again too soon after wrong tries: its password is not checked.
    static func tooSoon(_ name: String, wait: Int, json: Bool) -> FHIRResponse {
        let message = "too many wrong sign-ins for '\(name.prefix(64))'; try again in \(wait) s"
        var response =
            json
            ? Self.json(429, OAuthError("temporarily_unavailable", message).json)
            : page(AuthorizePage.refusal(message), status: 429)
        response.headers.append(("Retry-After", String(wait)))
        return response
    }

    /// The `Set-Cookie` value of the session `id`.
    static func cookie(for id: String, secure: Bool) -> String {
        "\(cookieName)=\(id); Path=\(path); Max-Age=\(Int(sessionLifetime)); HttpOnly; "
            + "SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The value of cookie `name` in a `Cookie` header.
    static func cookie(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == name { return parts[1] }
        }
        return nil
    }

    /// A refusal the user reads: a page with `status`, or for a terminal OAuth's JSON.
    static func refusedPage(_ message: String, _ status: Int, json wantsJSON: Bool) -> FHIRResponse {
        wantsJSON
            ? json(status, OAuthError(status == 401 ? "login_required" : "access_denied", message).json)
            : page(AuthorizePage.refusal(message), status: status)
    }
}
