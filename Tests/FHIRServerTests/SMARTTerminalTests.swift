import FHIRModel
import FHIRServer
import Foundation
import SMART
import Testing

/// The authorization endpoint for a user at a terminal: the page as JSON to a client that asks
/// for JSON, its refusals as OAuth errors, and, on a server with a fixed clock (a lesson's),
/// request ids and codes numbered so that every student types the same.
@Suite("SMART authorization at a terminal")
struct SMARTTerminalTests {
    static let scope = "launch/patient patient/*.rs"

    static func authorizePage(_ harness: SMARTHarness, accept: String?, query: [(name: String, value: String)]? = nil)
        async -> FHIRResponse
    {
        let query =
            query
            ?? SMARTHarness.authorizeQuery(
                scope: scope, challenge: (try? PKCE.challenge(for: PKCE.makeVerifier())) ?? "")
        return await harness.auth.respond(
            FHIRRequest(
                method: "GET", components: ["authorize"], query: query,
                headers: accept.map { ["accept": $0] } ?? [:]),
            origin: SMARTHarness.origin, audience: SMARTHarness.audience
        ) { await harness.service.patientChoices() }
    }

    /// A browser's Accept names HTML; only a client that asks for JSON and not HTML gets JSON.
    @Test(arguments: [
        ("application/fhir+json", true), ("application/json", true), (nil, false),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false), ("*/*", false),
        ("text/html, application/json", false),
    ])
    func thePageIsJSONOnlyToAClientThatAsksForIt(accept: String?, json: Bool) async throws {
        let harness = try await SMARTHarness.make()
        let page = await Self.authorizePage(harness, accept: accept)
        #expect(page.status == 200)
        guard json else { return #expect(page.text.hasPrefix("<!doctype html>")) }
        let answer = try #require(page.json)
        #expect(answer["client_id"] == "medbrain")
        #expect(answer["scope"] == ["launch/patient", "patient/*.rs"])
        // No patient is named to whoever merely reaches the server: the form signs in first.
        #expect(answer["patients"] == nil)
        #expect(answer["answer"]?["form"]?["secret"] != nil)
        #expect(answer["answer"]?["url"]?.stringValue == SMARTHarness.origin + "/auth/authorize")
        #expect(answer["answer"]?["form"]?["request"] == answer["request"])
    }

    /// The JSON page's form, posted as it says, approves: the app's redirect with a code.
    @Test func theFormTheJSONPageNamesApproves() async throws {
        let harness = try await SMARTHarness.make()
        let page = try #require(await Self.authorizePage(harness, accept: "application/json").json)
        let request = try #require(page["request"]?.stringValue)
        let answer = await harness.auth.respond(
            FHIRRequest(
                method: "POST", components: ["authorize"], headers: ["accept": "application/json"],
                body: Array(
                    "request=\(request)&decision=approve&patient=p1&secret=\(harness.auth.signInSecret ?? "")".utf8)),
            origin: SMARTHarness.origin, audience: SMARTHarness.audience
        ) { await harness.service.patientChoices() }
        #expect(answer.status == 302)
        let location = try #require(answer.headers.first { $0.0 == "Location" }?.1)
        #expect(location.hasPrefix(SMARTHarness.redirect + "?code="))
    }

    /// What a page would say is an OAuth error for a JSON client: a terminal shows it in a line.
    @Test func aRefusalOnThePageIsAnOAuthErrorToAJSONClient() async throws {
        let harness = try await SMARTHarness.make()
        let query = SMARTHarness.authorizeQuery(client: "nobody", scope: Self.scope, challenge: "x")
        let refused = await Self.authorizePage(harness, accept: "application/json", query: query)
        #expect(refused.status == 400)
        #expect(refused.json?["error"] == "invalid_request")
        #expect(refused.json?["error_description"]?.stringValue?.contains("unknown client_id 'nobody'") == true)
        let page = await Self.authorizePage(harness, accept: nil, query: query)
        #expect(page.status == 400)
        #expect(page.text.contains("Authorization refused"))
    }

    /// Ids and codes are numbered only where they were asked to be; elsewhere 16 and 32 random bytes.
    @Test(arguments: [true, false])
    func requestsAndCodesAreNumberedOnlyOnANumberedServer(numbered: Bool) throws {
        let auth = AuthorizationServer(clients: [], clock: MovableClock(), numbered: numbered)
        let query = SMARTHarness.authorizeQuery(
            scope: Self.scope, challenge: try PKCE.challenge(for: PKCE.makeVerifier()))
        let id = try auth.authorize(query, audience: SMARTHarness.audience).get()
        let location = try auth.answer(id, approve: true, patient: "p0", patients: ["p0"]).get()
        let code = try SMARTHarness.queryItem("code", of: location)
        if numbered {
            #expect((id, code) == ("request-1", "code-2"))
        } else {
            #expect((id.count, code.count) == (22, 43))
            #expect(!id.hasPrefix("request-") && !code.hasPrefix("code-"))
        }
    }

    /// A student types the exchange by hand: a numbered server's code waits SMART's most,
    /// 10 minutes, and not a second more; an app's waits 60 s.
    @Test(arguments: [(true, 600.0), (false, 60.0)])
    func aCodeWaitsLongerOnANumberedServer(numbered: Bool, lifetime: TimeInterval) throws {
        for (wait, works) in [(lifetime, true), (lifetime + 1, false)] {
            let clock = MovableClock()
            let auth = AuthorizationServer(clients: [], clock: clock, numbered: numbered)
            let verifier = PKCE.makeVerifier()
            let query = SMARTHarness.authorizeQuery(scope: Self.scope, challenge: try PKCE.challenge(for: verifier))
            let id = try auth.authorize(query, audience: SMARTHarness.audience).get()
            let location = try auth.answer(id, approve: true, patient: "p0", patients: ["p0"]).get()
            clock.advance(wait)
            let form = [
                ("grant_type", "authorization_code"), ("code", try SMARTHarness.queryItem("code", of: location)),
                ("redirect_uri", SMARTHarness.redirect), ("client_id", "medbrain"), ("code_verifier", verifier),
            ]
            let answer = auth.token(
                form.map { (name: $0.0, value: $0.1) }, basic: nil, tokenURL: SMARTHarness.tokenURL)
            if case .failure(let error) = answer {
                #expect(!works, "\(error)")
                #expect(error.description.contains("a code lasts \(Int(lifetime)) s"))
            } else {
                #expect(works, "a code \(wait) s old was taken")
            }
        }
    }
}
