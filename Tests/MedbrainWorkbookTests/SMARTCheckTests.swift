import FHIRModel
import Foundation
import MedbrainCommands
import MedbrainREPL
import TestSupport
import Testing

@testable import MedbrainWorkbook

/// `token PATIENT [SCOPE …]` asks the server what the session's token stands for: a token for
/// another patient, one short of a scope, one the server no longer honours and none at all are
/// each refused with what is wrong.
@Suite("The SMART token check")
struct SMARTCheckTests {
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    /// A REPL logged in by hand, as lesson 13 does it, to the built-in server with SMART (its
    /// clock fixed, so its codes are numbered), for `patient` with `scope`.
    static func loggedIn(_ patient: String, scope: String) async throws -> REPL {
        let now = Date(timeIntervalSince1970: 1_471_334_400)
        let repl = REPL(
            console: Console(width: 80, output: { _ in }, error: { _ in }), now: now, servers: .inProcess(now: now),
            timeout: BusyMachine.requestTimeout)
        repl.serversPath = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-\(UUID())").path
        await repl.execute("connect builtin r4 --auth smart")
        let base = try #require(repl.baseURL)
        let origin = String(base.dropLast("/fhir".count))
        let secret = try #require(await repl.builtinSignInSecrets().first)
        let lines = [
            "get \(origin)/auth/authorize?response_type=code&client_id=medbrain&redirect_uri=http://127.0.0.1/callback"
                + "&scope=\(scope)&state=s&code_challenge=\(challenge)&code_challenge_method=S256&aud=\(base)",
            "post \(origin)/auth/authorize --form 'request=request-1&decision=approve&patient=\(patient)&secret=\(secret)'",
            "post \(origin)/auth/token --form 'grant_type=authorization_code&code=code-2"
                + "&redirect_uri=http://127.0.0.1/callback&client_id=medbrain&code_verifier=\(verifier)'",
        ]
        for line in lines { #expect(await repl.execute(line), "\(line)") }
        return repl
    }

    static func missing(_ check: String, in repl: REPL) async throws -> String? {
        try await LessonCheck(check).missing(in: repl, requestsSince: 0)
    }

    @Test func theTokenTheServerIssuedHolds() async throws {
        let repl = try await Self.loggedIn("f002", scope: "launch/patient+patient/*.rs")
        #expect(try await Self.missing("token f002", in: repl) == nil)
        #expect(try await Self.missing("token f002 patient/*.rs launch/patient", in: repl) == nil)
        #expect(try await Self.missing("token f001", in: repl) == "the token is for Patient/f002, not Patient/f001")
        #expect(
            try await Self.missing("token f002 patient/*.cruds", in: repl)
                == "the token grants less than this step asks for"
        )
        await repl.execute("logout")
        #expect(try await Self.missing("token f002", in: repl) == "the session holds no SMART token yet")
        await repl.shutdown()
    }

    /// The scopes are compared as SMART reads them, exactly: a token wider than the one asked
    /// for is refused (it would let a later step's refusal succeed), and v1's `read` is v2's `rs`.
    @Test(
        arguments: [
            (
                "launch/patient+patient/*.cruds", "token f001 patient/*.rs",
                "the token grants more than this step asks for"
            ),
            (
                "launch/patient+patient/*.rs+patient/Observation.c", "token f001 patient/*.rs",
                "the token grants more than this step asks for"
            ),
            ("launch/patient+patient/*.read", "token f001 patient/*.rs", nil),
            ("launch/patient+patient/*.rs", "token f001 patient/*.read launch/patient", nil),
            (
                "launch/patient+patient/Patient.rs", "token f001 patient/*.rs",
                "the token grants less than this step asks for"
            ),
        ] as [(String, String, String?)])
    func scopesAreComparedExactly(scope: String, check: String, expected: String?) async throws {
        let repl = try await Self.loggedIn("f001", scope: scope)
        let introspection = await repl.smartTokenIntrospection()
        #expect(try await Self.missing(check, in: repl) == expected, "\(String(describing: introspection))")
        await repl.shutdown()
    }

    /// A token the server revoked is not one it honours, whatever the session still holds.
    @Test func aRevokedTokenDoesNotHold() async throws {
        let repl = try await Self.loggedIn("f001", scope: "launch/patient+patient/*.rs")
        #expect(try await Self.missing("token f001", in: repl) == nil)
        // The code comes twice: the server revokes what it gave for it.
        let base = try #require(repl.baseURL)
        await repl.execute(
            "post \(base.dropLast("/fhir".count))/auth/token --form 'grant_type=authorization_code&code=code-2"
                + "&redirect_uri=http://127.0.0.1/callback&client_id=medbrain&code_verifier=\(Self.verifier)'")
        #expect(try await Self.missing("token f001", in: repl) == "the server no longer honours the session's token")
        await repl.shutdown()
    }
}
