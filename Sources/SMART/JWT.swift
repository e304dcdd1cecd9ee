import CCrypto
import FHIRModel

/// A signed JSON Web Token in its compact form (RFC 7519): header, claims, signature. Only the
/// algorithms SMART asks for are made or checked, RS384 and ES384; `none` and the HMAC ones are
/// never accepted.
public struct JWT: Sendable {
    public let header: JSONValue
    public let claims: JSONValue
    /// `header.claims` as sent: what the signature is over.
    let signingInput: [UInt8]
    let signature: [UInt8]

    /// Reads a compact JWT; nil when it is not three base64url parts of which two are JSON objects.
    public init?(compact text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            let claimBytes = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2]),
            case .object = try? JSONParser.parse(headerBytes), case .object = try? JSONParser.parse(claimBytes)
        else { return nil }
        header = (try? JSONParser.parse(headerBytes)) ?? .null
        claims = (try? JSONParser.parse(claimBytes)) ?? .null
        signingInput = Array("\(parts[0]).\(parts[1])".utf8)
        self.signature = signature
    }

    /// `claims` signed by `key` with `algorithm` (by default SMART's for the key), the header
    /// naming the algorithm and the key's kid.
    public static func signed(_ claims: JSONValue, by key: SigningKey, algorithm: String? = nil) -> String? {
        let algorithm = algorithm ?? key.publicKey.algorithm
        let header: JSONValue = ["alg": .string(algorithm), "kid": .string(key.publicKey.kid), "typ": "JWT"]
        let input = "\(Base64URL.encode(header.compactBytes)).\(Base64URL.encode(claims.compactBytes))"
        guard let signature = key.sign(Array(input.utf8), algorithm: algorithm) else { return nil }
        return "\(input).\(Base64URL.encode(signature))"
    }

    /// Whether the signature is `key`'s, by the header's algorithm, which must be one the key
    /// signs with (RS256 or RS384 for RSA, ES384 for P-384; never `none` or HMAC).
    public func isSigned(by key: JWK) -> Bool {
        guard let algorithm = header["alg"]?.stringValue, let digest = JWK.digest(algorithm, for: key.material) else {
            return false
        }
        let der: [UInt8]?
        switch key.material {
        case .rsa: der = signature
        case .ec: der = ECDSASignature.der(fromRaw: signature)
        }
        guard let der else { return false }
        let spki = key.subjectPublicKeyInfo
        return medbrain_verify(digest, spki, spki.count, signingInput, signingInput.count, der, der.count) == 1
    }
}
