import CCrypto
import Foundation

/// A private key that signs JWTs (a backend service's client assertion), read from PEM by the
/// system's OpenSSL. Only the PEM text is kept; OpenSSL reads it again for each signature, which
/// a login does once an hour.
public struct SigningKey: Sendable {
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String

        public init(description: String) { self.description = description }
    }

    let pem: String
    /// The public half, to register with the server (its `kid` the one given, or the key's
    /// RFC 7638 thumbprint).
    public let publicKey: JWK

    public init(pem: String, kid: String? = nil) throws(Problem) {
        guard medbrain_crypto_available() != 0 else { throw Self.missingLibrary }
        var spki = [UInt8](repeating: 0, count: 4096)
        var length = spki.count
        let kind = pem.withCString { medbrain_private_key_kind($0, strlen($0), &spki, &length) }
        guard kind != MEDBRAIN_KEY_UNKNOWN else {
            throw Problem(
                description: "not a private key in PEM that can be read (PKCS#8 or traditional, not encrypted)")
        }
        guard let key = JWK(subjectPublicKeyInfo: Array(spki[..<length]), kid: kid) else {
            throw Problem(description: "the key must be RSA (for RS384) or EC on the P-384 curve (for ES384)")
        }
        self.pem = pem
        publicKey = key
    }

    /// What a machine without OpenSSL's libcrypto hears when it is first needed.
    public static let missingLibrary = Problem(
        description:
            "signing needs OpenSSL's libcrypto (libcrypto.so.3 or .so.1.1; on macOS Homebrew's openssl@3), which was not found"
    )

    /// A new RSA key (2048 bits): the built-in server's own, which signs its `id_token`s.
    public static func newRSA(kid: String? = nil) throws(Problem) -> SigningKey {
        var pem = [CChar](repeating: 0, count: 8192)
        var length = pem.count - 1
        guard medbrain_new_rsa_key(&pem, &length) == 1 else {
            throw Problem(description: "OpenSSL's libcrypto could not make an RSA key")
        }
        let text = String(decoding: pem[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return try SigningKey(pem: text, kid: kid)
    }

    /// The JWS signature of `message` by `algorithm`, one the key signs with (RS256 or RS384 for
    /// RSA; for EC, ES384's raw r and s).
    func sign(_ message: [UInt8], algorithm: String) -> [UInt8]? {
        guard let digest = JWK.digest(algorithm, for: publicKey.material) else { return nil }
        var signature = [UInt8](repeating: 0, count: 1024)
        var length = signature.count
        let signed = pem.withCString {
            medbrain_sign(digest, $0, strlen($0), message, message.count, &signature, &length)
        }
        guard signed == 1 else { return nil }
        let der = Array(signature[..<length])
        switch publicKey.material {
        case .rsa: return der
        case .ec: return ECDSASignature.raw(fromDER: der)
        }
    }
}
