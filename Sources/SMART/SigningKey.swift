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
        guard medbrain_crypto_available() != 0 else {
            throw Problem(description: "signing needs OpenSSL's libcrypto (libcrypto.so.3), which was not found")
        }
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

    /// Reads the PEM file at `path`.
    public init(file path: String, kid: String? = nil) throws(Problem) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the key file \(path)")
        }
        try self.init(pem: String(decoding: data, as: UTF8.self), kid: kid)
    }

    /// The JWS signature of `message` (RS384, or ES384's raw r and s).
    func sign(_ message: [UInt8]) -> [UInt8]? {
        var signature = [UInt8](repeating: 0, count: 1024)
        var length = signature.count
        let signed = pem.withCString {
            medbrain_sign_sha384($0, strlen($0), message, message.count, &signature, &length)
        }
        guard signed == 1 else { return nil }
        let der = Array(signature[..<length])
        switch publicKey.material {
        case .rsa: return der
        case .ec: return ECDSASignature.raw(fromDER: der)
        }
    }
}
