import FHIRModel
import FHIRServer
import Foundation
import SMART
import Synchronization
import TestSupport

/// A clock the test moves: codes and tokens expire without waiting.
final class MovableClock: ServerClock {
    private let instant = Mutex(Date(timeIntervalSince1970: 1_471_334_400))
    func now() -> Date { instant.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
}

/// An R4 server with SMART on, holding `patients` patients with their Observations, orders,
/// doses and visits, besides shared Medications and a Practitioner; and the steps of a launch,
/// each of which a test can take on its own.
struct SMARTHarness {
    static let audience = "http://127.0.0.1/fhir"
    static let origin = "http://127.0.0.1"
    /// The names the harness's server answers to, as if bound to 127.0.0.1 port 80: an absolute
    /// reference under `http://127.0.0.1/fhir` is its own.
    static let names = ServerNames(host: "127.0.0.1", port: 80)
    static let tokenURL = "http://127.0.0.1/auth/token"
    static let redirect = "http://127.0.0.1:5555/callback"
    static let confidential = SMARTClient(
        id: "ward-app", redirectURIs: ["https://ward.example/callback"], secret: "s3cret-of-the-ward",
        scopes: SMARTScopes.parse("launch launch/patient openid offline_access patient/*.rs user/*.rs").scopes,
        launchURI: "https://ward.example/launch")
    static let narrow = SMARTClient(
        id: "obs-viewer", redirectURIs: ["http://127.0.0.1/cb"],
        scopes: SMARTScopes.parse("launch/patient patient/Observation.rs").scopes)

    /// Medbrain's own client as a server configures it for a clinician's use: with `user/`
    /// scopes, which the built-in one is not granted.
    static let clinicalREPL = SMARTClient(
        id: "medbrain", redirectURIs: SMARTClient.medbrain.redirectURIs,
        scopes: SMARTScopes.parse(
            "launch launch/patient openid fhirUser offline_access online_access patient/*.cruds user/*.cruds"
        ).scopes)

    /// A backend service with an RSA and a P-384 key registered, which may read everything and
    /// write Observations.
    static func backend() throws -> SMARTClient {
        SMARTClient(
            id: "lab-feed", redirectURIs: [],
            keys: [try SigningKey(pem: TestKeys.rsa).publicKey, try SigningKey(pem: TestKeys.ec).publicKey],
            scopes: SMARTScopes.parse("system/*.rs system/Observation.cruds").scopes)
    }

    let service: FHIRService
    let auth: AuthorizationServer
    let clock: MovableClock
    /// Each resource's patient (`Type/id` → patient id), as the data was written: the test's
    /// own answer to "whose is this", independent of the server's compartment.
    let owner: [String: String]
    /// The patients the user may pick.
    var patientIDs: Set<String> { Set(owner.values) }

    static func make(patients: Int = 3) async throws -> SMARTHarness {
        let open = try await FHIRService.build(ServerConfiguration(version: .r4))
        let (bundle, owner) = PatientRecords.transaction(patients: patients)
        let loaded = await open.handle(FHIRRequest(method: "POST", components: [], body: Array(bundle.utf8)))
        guard loaded.status == 200 else {
            throw HarnessError("the records did not load: \(String(decoding: loaded.body, as: UTF8.self))")
        }
        let clock = MovableClock()
        let auth = AuthorizationServer(clients: [confidential, narrow, try backend(), clinicalREPL], clock: clock)
        let service = FHIRService(
            version: .r4, store: open.store, clock: open.clock, authorization: auth, base: ServerBase(names))
        return SMARTHarness(service: service, auth: auth, clock: clock, owner: owner)
    }

    /// A harness over `resources` (loaded in their order, each by `PUT`), whose patients the user
    /// may pick; `owner` names only each patient's own Patient resource.
    static func make(resources: [JSONValue]) async throws -> SMARTHarness {
        let clock = MovableClock()
        let open = FHIRService(version: .r4, store: ResourceStore(), clock: clock)
        try await load(resources, into: open)
        let auth = AuthorizationServer(clients: [confidential, narrow, try backend(), clinicalREPL], clock: clock)
        let service = FHIRService(
            version: .r4, store: open.store, clock: clock, authorization: auth, base: ServerBase(names))
        var owner: [String: String] = [:]
        for resource in resources where resource["resourceType"]?.stringValue == "Patient" {
            let id = resource["id"]?.stringValue ?? ""
            owner["Patient/\(id)"] = id
        }
        return SMARTHarness(service: service, auth: auth, clock: clock, owner: owner)
    }

    /// Loads `resources` into `service`'s store as they are, references to nothing kept (a
    /// server of one patient's reach alone holds resources that name what it does not have).
    static func load(_ resources: [JSONValue], into service: FHIRService) async throws {
        let writes = resources.map { resource in
            StoreWrite(
                type: resource["resourceType"]?.stringValue ?? "", id: resource["id"]?.stringValue ?? "",
                resource: resource)
        }
        _ = try await service.store.apply(writes, lastUpdated: "2016-08-16T10:00:00Z") { _, _ in [] }
    }

    /// The query of an authorization request, with `changes` replacing or (nil) removing items.
    static func authorizeQuery(
        client: String = "medbrain", redirect: String = redirect, scope: String, challenge: String,
        changes: [String: String?] = [:]
    ) -> [(name: String, value: String)] {
        var items: [(String, String?)] = [
            ("response_type", "code"), ("client_id", client), ("redirect_uri", redirect), ("scope", scope),
            ("state", "st-\(challenge.prefix(6))"), ("aud", audience), ("code_challenge", challenge),
            ("code_challenge_method", "S256"),
        ]
        for (name, value) in changes {
            if let index = items.firstIndex(where: { $0.0 == name }) {
                items[index].1 = value
            } else {
                items.append((name, value))
            }
        }
        return items.compactMap { name, value in value.map { (name, $0) } }
    }

    /// The code a user's approval sends back, with the verifier that goes with it.
    func code(
        client: String = "medbrain", redirect: String = redirect, scope: String, patient: String? = "p0",
        changes: [String: String?] = [:]
    ) throws -> (code: String, verifier: String) {
        let verifier = PKCE.makeVerifier()
        let query = Self.authorizeQuery(
            client: client, redirect: redirect, scope: scope, challenge: try PKCE.challenge(for: verifier),
            changes: changes)
        let id = try auth.authorize(query, audience: Self.audience).get()
        let location = try auth.answer(id, approve: true, patient: patient, patients: patientIDs).get()
        let code = try Self.queryItem("code", of: location)
        return (code, verifier)
    }

    /// The token endpoint's answer to exchanging `code`.
    func exchange(
        _ code: String, verifier: String?, client: String = "medbrain", redirect: String = redirect,
        basic: (id: String, secret: String)? = nil
    ) -> Result<JSONValue, OAuthError> {
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect)]
        if basic == nil { form.append(("client_id", client)) }
        if let verifier { form.append(("code_verifier", verifier)) }
        return auth.token(form.map { (name: $0.0, value: $0.1) }, basic: basic, tokenURL: Self.tokenURL)
    }

    /// The token endpoint's answer to a backend service's `client_credentials` request with
    /// `assertion` (by default one of `lab-feed`'s, signed with its RSA key, for the token endpoint).
    func backendToken(
        scope: String? = "system/*.rs", assertion: String? = nil, extra: [(String, String)] = [],
        basic: (id: String, secret: String)? = nil
    ) throws -> Result<JSONValue, OAuthError> {
        guard
            let signed = try assertion
                ?? ClientAssertion.make(
                    clientID: "lab-feed", tokenURL: Self.tokenURL, key: try SigningKey(pem: TestKeys.rsa),
                    now: clock.now())
        else { throw HarnessError("the assertion could not be signed") }
        var form = [
            ("grant_type", "client_credentials"), ("client_assertion_type", ClientAssertion.type),
            ("client_assertion", signed),
        ]
        if let scope { form.append(("scope", scope)) }
        form = extra.reduce(into: form) { form, field in
            form.removeAll { $0.0 == field.0 }
            form.append(field)
        }
        return auth.token(form.map { (name: $0.0, value: $0.1) }, basic: basic, tokenURL: Self.tokenURL)
    }

    /// An access token for `scope`, for `patient`, by a launch that follows every rule.
    func token(scope: String = "launch/patient patient/*.cruds", patient: String? = "p0", client: String = "medbrain")
        throws -> String
    {
        let (code, verifier) = try self.code(client: client, scope: scope, patient: patient)
        let answer = try exchange(code, verifier: verifier, client: client).get()
        guard let token = answer["access_token"]?.stringValue else {
            throw HarnessError("no access_token in \(answer)")
        }
        return token
    }

    /// The service's answer to `method path` with `token` (nil: none).
    func request(_ method: String, _ path: String, token: String?, body: String? = nil) async -> FHIRResponse {
        let (route, query) = path.split(separator: "?", maxSplits: 1).map(String.init).splitPathAndQuery
        var headers = ["host": "127.0.0.1"]
        if let token { headers["authorization"] = "Bearer \(token)" }
        if body != nil { headers["content-type"] = "application/fhir+json" }
        return await service.handle(
            FHIRRequest(
                method: method, components: route.split(separator: "/").map(String.init),
                query: QueryString.parameters(query), headers: headers, body: Array((body ?? "").utf8)))
    }

    static func queryItem(_ name: String, of url: String) throws -> String {
        guard let value = URLComponents(string: url)?.queryItems?.first(where: { $0.name == name })?.value else {
            throw HarnessError("no \(name) in \(url)")
        }
        return value
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Array where Element == String {
    fileprivate var splitPathAndQuery: (String, String?) { (self.first ?? "", count > 1 ? self[1] : nil) }
}

extension FHIRResponse {
    var json: JSONValue? { try? JSONParser.parse(body) }
    var text: String { String(decoding: body, as: UTF8.self) }
}
