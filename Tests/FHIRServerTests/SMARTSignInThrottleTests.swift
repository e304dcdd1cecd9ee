import FHIRModel
import FHIRServer
import Foundation
import Testing

/// Wrong sign-ins slow down the next try of the same name: five are free, then each waits
/// twice as long as the one before, up to a quarter of an hour, whatever the password; a right
/// one forgets them. Names that are no user's are counted alike.
@Suite("SMART sign-in throttle")
struct SMARTSignInThrottleTests {
    /// One try of the server's secret (`right` or not) on a waiting request: the status, and
    /// `Retry-After` when there is one.
    static func trySecret(_ harness: SMARTHarness, right: Bool, json: Bool = false) async throws -> (Int, String?) {
        let id = try SMARTSignInTests.waiting(harness)
        let secret = try #require(harness.auth.signInSecret) + (right ? "" : "x")
        let answer = await SMARTSignInTests.send(harness, form: "request=\(id)&secret=\(secret)", json: json)
        return (answer.status, answer.header("Retry-After"))
    }

    @Test func theWaitDoublesAfterFiveWrongTriesUpToAQuarterOfAnHour() async throws {
        let harness = try await SMARTHarness.make()
        for _ in 0..<5 { #expect(try await Self.trySecret(harness, right: false) == (401, nil)) }
        var waits: [Int] = []
        for _ in 0..<13 {
            let (status, after) = try await Self.trySecret(harness, right: false)
            #expect(status == 429)
            let wait = try #require(after.flatMap { Int($0) })
            waits.append(wait)
            // A second early, still refused, and the password is not looked at.
            harness.clock.advance(TimeInterval(wait - 1))
            #expect(try await Self.trySecret(harness, right: true).0 == 429)
            harness.clock.advance(1)
            #expect(try await Self.trySecret(harness, right: false) == (401, nil))
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900])
    }

    @Test func aRightTryForgetsTheWrongOnes() async throws {
        let harness = try await SMARTHarness.make()
        for _ in 0..<5 { _ = try await Self.trySecret(harness, right: false) }
        harness.clock.advance(1)
        #expect(try await Self.trySecret(harness, right: true).0 == 200)
        for _ in 0..<5 { #expect(try await Self.trySecret(harness, right: false) == (401, nil)) }
        #expect(try await Self.trySecret(harness, right: false).0 == 429)
    }

    @Test func aTerminalIsToldInOAuthsWords() async throws {
        let harness = try await SMARTHarness.make()
        for _ in 0..<5 { _ = try await Self.trySecret(harness, right: false, json: true) }
        let id = try SMARTSignInTests.waiting(harness)
        let answer = await SMARTSignInTests.send(harness, form: "request=\(id)&secret=x", json: true)
        #expect(answer.status == 429)
        #expect(answer.json?["error"] == "temporarily_unavailable")
        #expect(answer.header("Retry-After") == "1")
    }

    /// Each name is counted on its own, and a name that is no user's exactly as one that is:
    /// the answers tell nothing of which names exist.
    @Test func eachNameIsCountedAloneAndUnknownNamesAlike() async throws {
        let harness = try await SMARTSignInTests.withUsers()
        func attempt(_ name: String, _ password: String) async throws -> (Int, String?) {
            let id = try SMARTSignInTests.waiting(harness)
            let answer = await SMARTSignInTests.send(
                harness, form: "request=\(id)&username=\(name)&password=\(password)")
            return (answer.status, answer.header("Retry-After"))
        }
        var known: [String] = []
        var unknown: [String] = []
        for _ in 0..<7 {
            let (status, after) = try await attempt("f-p1", "wrong")
            known.append("\(status) \(after ?? "-")")
            let (other, otherAfter) = try await attempt("nobody", "wrong")
            unknown.append("\(other) \(otherAfter ?? "-")")
        }
        #expect(known == ["401 -", "401 -", "401 -", "401 -", "401 -", "429 1", "429 1"])
        #expect(unknown == known)
        // Another user is not slowed by them.
        #expect(try await attempt("clinician", "pass-clinician").0 == 200)
    }
}
