import FHIRModel
import SMART

/// `pkce`: the pair an app makes before it sends the user to authorize (RFC 7636), as
/// `openssl rand` and `openssl dgst -sha256 -binary | base64url` would make it by hand.
extension CommandContext {
    func pkce(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw UsageError() }
        let verifier = arguments.first ?? PKCE.makeVerifier()
        if let problem = PKCE.problem(with: verifier) { throw REPLError("not a code_verifier: \(problem)") }
        let challenge = try PKCE.challenge(for: verifier)
        show(
            [
                "code_verifier": .string(verifier), "code_challenge": .string(challenge),
                "code_challenge_method": .string(PKCE.method),
            ],
            lines: [
                "code_verifier         \(verifier)", "code_challenge        \(challenge)",
                "code_challenge_method \(PKCE.method)",
                "(the challenge goes in the authorization URL; the verifier, kept secret until then, in the code's exchange)",
            ])
    }
}
