import CCrypto
import Foundation

/// A password kept as a salted slow hash, never as itself: scrypt (RFC 7914) as this writes
/// them, `scrypt$N$r$p$SALT$KEY`; PBKDF2 with HMAC-SHA-256 (RFC 8018) read too,
/// `pbkdf2-sha256$ITERATIONS$SALT$KEY`, salt and key in base64url. Both from the system's
/// libcrypto, already opened for SMART's signatures.
public enum PasswordHash {
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// scrypt's cost as OWASP recommends it for a login (N = 2^15, r = 8, p = 1: 32 MiB).
    static let cost = (n: 32_768, r: 8, p: 1)
    /// The most a stored hash may ask for, so that a users file cannot stall the server: 64 MiB
    /// of memory (128·N·r), about 0.5 s of work (N·r·p), 2,000,000 rounds of PBKDF2.
    static let most = (memory: 1 << 19, work: 1 << 20, iterations: 2_000_000)

    /// A new hash of `password` with a random salt.
    public static func make(_ password: String) throws(Problem) -> String {
        guard medbrain_crypto_available() != 0 else { throw missingLibrary }
        let salt = Base64URL.random(bytes: 16)
        guard let saltBytes = Base64URL.decode(salt),
            let key = scrypt(password, salt: saltBytes, n: cost.n, r: cost.r, p: cost.p)
        else { throw Problem(description: "libcrypto could not compute scrypt") }
        return "scrypt$\(cost.n)$\(cost.r)$\(cost.p)$\(salt)$\(Base64URL.encode(key))"
    }

    /// Why `stored` is not a hash this reads, or nil when it is one.
    public static func problem(_ stored: String) -> String? {
        parse(stored) == nil
            ? "not a password hash: scrypt$N$r$p$SALT$KEY or pbkdf2-sha256$ITERATIONS$SALT$KEY ('medbrain hash-password' makes one)"
            : nil
    }

    /// Whether `password` is the one `stored` was made from; compared in time that does not
    /// depend on where the keys first differ.
    public static func verifies(_ password: String, _ stored: String) -> Bool {
        guard let parsed = parse(stored) else { return false }
        let key: [UInt8]?
        switch parsed.kind {
        case .scrypt(let n, let r, let p):
            key = scrypt(password, salt: parsed.salt, n: n, r: r, p: p, length: parsed.key.count)
        case .pbkdf2(let iterations):
            key = pbkdf2(password, salt: parsed.salt, iterations: iterations, length: parsed.key.count)
        }
        guard let key, key.count == parsed.key.count else { return false }
        return zip(key, parsed.key).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether this machine can hash at all (libcrypto found).
    public static var isAvailable: Bool { medbrain_crypto_available() != 0 }

    static let missingLibrary = Problem(
        description:
            "passwords need OpenSSL's libcrypto (libcrypto.so.3 or .1.1; on macOS Homebrew's openssl@3), which was not found"
    )

    enum Kind { case scrypt(Int, Int, Int), pbkdf2(Int) }

    static func parse(_ stored: String) -> (kind: Kind, salt: [UInt8], key: [UInt8])? {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("scrypt", 6):
            guard let n = Int(parts[1]), let r = Int(parts[2]), let p = Int(parts[3]), n > 1, n & (n - 1) == 0,
                n <= most.memory, (1...32).contains(r), (1...16).contains(p), n * r <= most.memory,
                n * r * p <= most.work
            else { return nil }
            return bytes(parts[4], parts[5]).map { (.scrypt(n, r, p), $0.0, $0.1) }
        case ("pbkdf2-sha256", 4):
            guard let iterations = Int(parts[1]), (1...most.iterations).contains(iterations) else { return nil }
            return bytes(parts[2], parts[3]).map { (.pbkdf2(iterations), $0.0, $0.1) }
        default: return nil
        }
    }

    private static func bytes(_ salt: String, _ key: String) -> ([UInt8], [UInt8])? {
        guard let salt = Base64URL.decode(salt), let key = Base64URL.decode(key), !salt.isEmpty,
            (16...64).contains(key.count)
        else { return nil }
        return (salt, key)
    }

    static func scrypt(_ password: String, salt: [UInt8], n: Int, r: Int, p: Int, length: Int = 32) -> [UInt8]? {
        var key = [UInt8](repeating: 0, count: length)
        let done = password.withCString { text in
            medbrain_scrypt(text, strlen(text), salt, salt.count, UInt64(n), UInt64(r), UInt64(p), &key, length)
        }
        return done == 1 ? key : nil
    }

    static func pbkdf2(_ password: String, salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8]? {
        var key = [UInt8](repeating: 0, count: length)
        let done = password.withCString { text in
            medbrain_pbkdf2_sha256(text, strlen(text), salt, salt.count, Int32(iterations), &key, length)
        }
        return done == 1 ? key : nil
    }
}
