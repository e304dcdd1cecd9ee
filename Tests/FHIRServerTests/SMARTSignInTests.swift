import FHIRModel
import FHIRServer
import Foundation
import SMART
import Testing

/// Nobody approves an app without signing in: the server's secret or a user's password, and
/// then only the patients and scopes that user may approve. A browser's sign-in is a cookie the
/// page's forms must match with their `csrf`, from this server's origin, on a page no other
/// site may frame.
@Suite("SMART sign-in")
struct SMARTSignInTests {
    static let patientScope = "launch/patient patient/*.rs"

    /// A harness whose approvers are two users: `f-p1` for p1 alone, and `clinician` for anyone,
    /// with user scopes. Both passwords are `pass-<name>`.
    static func withUsers() async throws -> SMARTHarness {
        let harness = try await SMARTHarness.make()
        let users = [
            "f-p1": SMARTUser(
                passwordHash: try PasswordHash.make("pass-f-p1"),
                approver: Approver(name: "f-p1", patients: ["p1"], userScopes: false)),
            "clinician": SMARTUser(
                passwordHash: try PasswordHash.make("pass-clinician"),
                approver: Approver(name: "clinician", patients: nil, userScopes: true, fhirUser: "Practitioner/dr")),
        ]
        let auth = AuthorizationServer(
            clients: [SMARTHarness.confidential, SMARTHarness.clinicalREPL], clock: harness.clock,
            signIn: .users(users))
        let service = FHIRService(version: .r4, store: harness.service.store, clock: harness.clock, authorization: auth)
        return SMARTHarness(service: service, auth: auth, clock: harness.clock, owner: harness.owner)
    }

    /// A request waiting for `scope` (an EHR launch's `launch` given), its id.
    static func waiting(_ harness: SMARTHarness, scope: String = patientScope, launch: String? = nil) throws -> String {
        let query = SMARTHarness.authorizeQuery(
            scope: scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()), changes: ["launch": launch])
        return try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
    }

    /// `METHOD /auth/authorize` as a browser (or, `json`, a terminal) sends it.
    static func send(
        _ harness: SMARTHarness, _ method: String = "POST", query: String = "", form: String = "",
        headers: [String: String] = [:], json: Bool = false
    ) async -> FHIRResponse {
        var fields = headers
        if json { fields["accept"] = "application/json" }
        return await harness.auth.respond(
            FHIRRequest(
                method: method, components: ["authorize"], query: QueryString.parameters(query), headers: fields,
                body: Array(form.utf8)),
            origin: SMARTHarness.origin, audience: SMARTHarness.audience
        ) { await harness.service.patientChoices() }
    }

    static func text(_ response: FHIRResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func anApprovalWithoutSigningInIsRefusedAndTheRequestWaits() async throws {
        let harness = try await SMARTHarness.make()
        let id = try Self.waiting(harness)
        let secret = try #require(harness.auth.signInSecret)
        let none = await Self.send(harness, form: "request=\(id)&decision=approve&patient=p1")
        #expect(none.status == 401 && Self.text(none).contains("sign in first"))
        let wrong = await Self.send(harness, form: "request=\(id)&decision=approve&patient=p1&secret=\(secret)x")
        #expect(
            wrong.status == 401 && Self.text(wrong).contains("the secret is not this server"), "\(Self.text(wrong))")
        let right = await Self.send(harness, form: "request=\(id)&decision=approve&patient=p1&secret=\(secret)")
        #expect(right.status == 302 && right.header("Location")?.contains("code=") == true)
    }

    /// The page before sign-in names no patient, in HTML or JSON; after, only those the user may pick.
    @Test func noPatientIsNamedBeforeSigningIn() async throws {
        let harness = try await Self.withUsers()
        let query = SMARTHarness.authorizeQuery(
            scope: Self.patientScope, challenge: try PKCE.challenge(for: PKCE.makeVerifier())
        )
        .map { "\($0.name)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
        .joined(separator: "&")
        for json in [false, true] {
            let page = await Self.send(harness, "GET", query: query, json: json)
            #expect(page.status == 200)
            // By name, or by id as the page would quote it: a random request id may hold "p0".
            let text = Self.text(page)
            let named = ["Family0", "Family2", "\"p0\"", "\"p2\""].filter { text.contains($0) }
            #expect(named.isEmpty, "\(text)")
        }
        let id = try Self.waiting(harness)
        let signedIn = await Self.send(harness, form: "request=\(id)&username=f-p1&password=pass-f-p1", json: true)
        let offered = signedIn.json?["patients"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(offered == ["p1"])
    }

    @Test(
        arguments: [
            ("f-p1", "pass-f-p1", patientScope, "p1", true),
            ("f-p1", "pass-f-p1", patientScope, "p2", false),
            ("f-p1", "pass-f-p1", "user/*.rs", nil, false),
            ("clinician", "pass-clinician", "user/*.rs", nil, true),
            ("clinician", "pass-clinician", patientScope, "p2", true),
            ("f-p1", "pass-clinician", patientScope, "p1", false),
            ("nobody", "pass-f-p1", patientScope, "p1", false),
        ] as [(String, String, String, String?, Bool)])
    func aUserApprovesOnlyWhatTheirEntryAllows(
        username: String, password: String, scope: String, patient: String?, approved: Bool
    ) async throws {
        let harness = try await Self.withUsers()
        let id = try Self.waiting(harness, scope: scope)
        let form =
            "request=\(id)&decision=approve&username=\(username)&password=\(password)"
            + (patient.map { "&patient=\($0)" } ?? "")
        let answer = await Self.send(harness, form: form)
        #expect((answer.status == 302) == approved, "\(Self.text(answer))")
        if username == "nobody" || password != "pass-\(username)" {
            // Which names exist is not told apart from a wrong password.
            #expect(Self.text(answer).contains("the user name or password is wrong"))
        }
    }

    /// The id_token and introspection name who approved: a clinician's own `fhirUser`.
    @Test func aClinicianIsTheFHIRUserTheTokenNames() async throws {
        let harness = try await Self.withUsers()
        let verifier = PKCE.makeVerifier()
        let query = SMARTHarness.authorizeQuery(
            scope: "launch/patient openid fhirUser patient/*.rs", challenge: try PKCE.challenge(for: verifier))
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        let approved = await Self.send(
            harness, form: "request=\(id)&decision=approve&patient=p2&username=clinician&password=pass-clinician")
        let code = try SMARTHarness.queryItem("code", of: try #require(approved.header("Location")))
        let answer = try harness.exchange(code, verifier: verifier).get()
        let token = try #require(answer["access_token"]?.stringValue)
        let introspected = harness.auth.introspect(token)
        #expect(introspected["fhirUser"] == .string(SMARTHarness.audience + "/Practitioner/dr"))
        let claims = try #require(JWT(compact: answer["id_token"]?.stringValue ?? "")?.claims)
        #expect(claims["fhirUser"] == introspected["fhirUser"])
    }

    @Test func anEHRLaunchIsApprovedOnlyByAUserOfItsPatient() async throws {
        let harness = try await Self.withUsers()
        let opened = try harness.auth.launch(
            [("client_id", "ward-app"), ("patient", "p2")], audience: SMARTHarness.audience
        ).get()
        let launch = try SMARTHarness.queryItem("launch", of: opened)
        let query = SMARTHarness.authorizeQuery(
            client: "ward-app", redirect: "https://ward.example/callback", scope: "launch patient/*.rs",
            challenge: try PKCE.challenge(for: PKCE.makeVerifier()), changes: ["launch": launch])
        let id = try harness.auth.authorize(query, audience: SMARTHarness.audience).get()
        let theirs = await Self.send(harness, form: "request=\(id)&decision=approve&username=f-p1&password=pass-f-p1")
        #expect(theirs.status == 400 && Self.text(theirs).contains("may not approve apps for Patient/p2"))
        let clinician = await Self.send(
            harness, form: "request=\(id)&decision=approve&username=clinician&password=pass-clinician")
        #expect(clinician.status == 302)
    }

    /// A browser signs in once; its cookie then approves only with the page's csrf, and never
    /// from another site's page.
    @Test func aSignedInBrowserStillNeedsThePagesCSRFAndOrigin() async throws {
        let harness = try await SMARTHarness.make()
        let secret = try #require(harness.auth.signInSecret)
        let id = try Self.waiting(harness)
        let page = await Self.send(harness, form: "request=\(id)&secret=\(secret)")
        #expect(page.status == 200)
        let setCookie = try #require(page.header("Set-Cookie"))
        #expect(
            setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Path=/auth"))
        let cookie = String(setCookie.prefix { $0 != ";" })
        let csrf = try #require(Self.text(page).firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        let approve = "request=\(id)&decision=approve&patient=p1"
        let sameSite = ["cookie": cookie, "origin": SMARTHarness.origin]
        let forged = await Self.send(harness, form: approve, headers: sameSite)
        #expect(forged.status == 403 && Self.text(forged).contains("csrf"))
        let guessed = await Self.send(harness, form: approve + "&csrf=\(csrf)x", headers: sameSite)
        #expect(guessed.status == 403)
        // A page for another request (an attacker's own) shows no csrf of this session.
        let other = await Self.send(harness, form: "request=\(try Self.waiting(harness))")
        #expect(!Self.text(other).contains(String(csrf)))
        let unsaid = await Self.send(harness, form: approve + "&csrf=\(csrf)", headers: ["cookie": cookie])
        #expect(unsaid.status == 403 && Self.text(unsaid).contains("Origin"))
        let framed = await Self.send(
            harness, form: approve + "&csrf=\(csrf)&secret=\(secret)",
            headers: ["cookie": cookie, "origin": "http://rebound.example"])
        #expect(framed.status == 403 && Self.text(framed).contains("posted from another site"))
        let own = await Self.send(
            harness, form: approve + "&csrf=\(csrf)", headers: ["cookie": cookie, "origin": SMARTHarness.origin])
        #expect(own.status == 302)
        // The session ends: the cookie no longer signs in.
        harness.clock.advance(AuthorizationServer.sessionLifetime + 1)
        let next = try Self.waiting(harness)
        let late = await Self.send(
            harness, form: "request=\(next)&decision=approve&patient=p1&csrf=\(csrf)", headers: sameSite)
        #expect(late.status == 401)
    }

    /// A users file is read whole before the server starts: what it says wrong is said with its place.
    @Test(
        arguments: [
            (#"[{"username":"a","password":"HASH","patients":["*"],"user_scopes":true}]"#, nil),
            (
                #"[{"username":"a","password":"HASH","patients":["p1"],"user_scopes":true}]"#,
                #"user 1 (a): user_scopes reach every patient, so patients must be ["*"]"#
            ),
            (
                #"[{"username":"a","password":"plain","patients":["p1"]}]"#,
                "user 1 (a): password is not a password hash"
            ),
            (#"[{"username":"a","password":"HASH"}]"#, "user 1 (a) needs patients"),
            (
                #"[{"username":"a","password":"HASH","patients":["p1"]},{"username":"a","password":"HASH","patients":["p2"]}]"#,
                "user 2: 'a' comes twice"
            ),
            (#"{}"#, "the users file must be a JSON array of users"),
        ] as [(String, String?)])
    func aUsersFileIsCheckedWhole(text: String, problem: String?) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("users-\(UUID()).json").path
        let hash = try PasswordHash.make("x")
        try text.replacingOccurrences(of: "HASH", with: hash).write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try SMARTUserFile.read(path)
            #expect(problem == nil)
        } catch {
            let said = "\(error)"
            #expect(problem.map { said.contains($0) } == true, "\(said)")
        }
    }

    @Test func thePagesMayNotBeFramed() async throws {
        let harness = try await SMARTHarness.make()
        let id = try Self.waiting(harness)
        for response in [
            await Self.send(harness, form: "request=\(id)"),
            await Self.send(harness, form: "request=\(id)&secret=\(harness.auth.signInSecret ?? "")"),
        ] {
            #expect(response.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            #expect(response.header("X-Frame-Options") == "DENY")
        }
    }

    /// The built-in public client, which anyone can name, is granted a patient's scopes only,
    /// unless a `--clients` entry widens it.
    @Test func theBuiltinClientIsGrantedAPatientsScopesOnly() async throws {
        let builtin = AuthorizationServer(clients: [], clock: MovableClock())
        let query = SMARTHarness.authorizeQuery(
            scope: "user/*.rs", challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        guard case .failure(.redirect(let location)) = builtin.authorize(query, audience: SMARTHarness.audience) else {
            Issue.record("the built-in client was granted user/*.rs")
            return
        }
        #expect(location.contains("error=invalid_scope"))
        let configured = AuthorizationServer(clients: [SMARTHarness.clinicalREPL], clock: MovableClock())
        #expect((try? configured.authorize(query, audience: SMARTHarness.audience).get()) != nil)
    }

    /// Ids are numbered only where a lesson types them; a fixed clock alone does not make them guessable.
    @Test(arguments: [false, true]) func idsAreRandomUnlessNumberedOnPurpose(numbered: Bool) async throws {
        var configuration = ServerConfiguration(version: .r4, now: Date.parseInstant("2016-08-16T10:00:00Z"))
        configuration.authorization = .smart(clients: [])
        configuration.numberedAuthorization = numbered
        let service = try await FHIRService.build(configuration)
        let auth = try #require(service.authorization)
        let query = SMARTHarness.authorizeQuery(
            scope: Self.patientScope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        let id = try auth.authorize(query, audience: SMARTHarness.audience).get()
        #expect((id == "request-1") == numbered)
        #expect(auth.signInSecret?.count ?? 0 >= 22)
    }
}
