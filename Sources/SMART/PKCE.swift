/// Proof Key for Code Exchange (RFC 7636), the S256 method SMART App Launch requires: the app
/// sends `code_challenge = BASE64URL(SHA256(code_verifier))` with the authorization request
/// and the verifier with the code, so a code stolen on its way back is of no use.
public enum PKCE {
    /// The one method accepted; `plain` proves nothing an eavesdropper could not copy.
    public static let method = "S256"

    /// The challenge of `verifier`; it throws only when libcrypto, which digests it, is missing.
    public static func challenge(for verifier: String) throws(SigningKey.Problem) -> String {
        Base64URL.encode(try SHA256.digest(verifier.utf8))
    }

    /// A new verifier: 32 random bytes, 43 characters.
    public static func makeVerifier() -> String { Base64URL.random(bytes: 32) }

    /// Why `verifier` is not one RFC 7636 allows (43 to 128 characters of A-Z a-z 0-9 - . _ ~),
    /// or nil.
    public static func problem(with verifier: String) -> String? {
        guard (43...128).contains(verifier.utf8.count) else {
            return "code_verifier must be 43 to 128 characters long; it is \(verifier.utf8.count)"
        }
        let allowed = verifier.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
        }
        return allowed ? nil : "code_verifier may hold only letters, digits and - . _ ~"
    }

    /// Whether `verifier` is the one `challenge` was made from.
    public static func verifies(_ verifier: String, challenge: String) -> Bool {
        problem(with: verifier) == nil && (try? Self.challenge(for: verifier)) == challenge
    }
}
