import FHIRModel

/// A public key as a JSON Web Key (RFC 7517): how a backend service registers the key its
/// assertions are signed with (SMART: RS384 or ES384, so RSA or EC on P-384).
public struct JWK: Sendable, Equatable {
    public enum Material: Sendable, Equatable {
        /// RSA's modulus and exponent, big-endian.
        case rsa(n: [UInt8], e: [UInt8])
        /// A point on P-384.
        case ec(x: [UInt8], y: [UInt8])
    }

    public let material: Material
    /// The key's id, which a JWT's header names; the RFC 7638 thumbprint when none is given.
    public let kid: String

    public init(material: Material, kid: String? = nil) {
        self.material = material
        self.kid = kid ?? Self.thumbprint(material)
    }

    /// The algorithm SMART signs with this kind of key.
    public var algorithm: String {
        switch material {
        case .rsa: "RS384"
        case .ec: "ES384"
        }
    }

    /// The digest OpenSSL names for a JWS algorithm this kind of key signs with (RS256 and RS384
    /// for RSA, ES384 for P-384), or nil when the key does not sign with it.
    static func digest(_ algorithm: String, for material: Material) -> String? {
        switch (algorithm, material) {
        case ("RS256", .rsa): "SHA256"
        case ("RS384", .rsa), ("ES384", .ec): "SHA384"
        default: nil
        }
    }

    /// Reads one key of a JWKS; nil when it is not an RSA or P-384 public key.
    public init?(json: JSONValue) {
        let bytes = { (name: String) in json[name]?.stringValue.flatMap(Base64URL.decode) }
        switch json["kty"]?.stringValue {
        case "RSA":
            guard let n = bytes("n"), let e = bytes("e"), !n.isEmpty, !e.isEmpty else { return nil }
            self.init(material: .rsa(n: n, e: e), kid: json["kid"]?.stringValue)
        case "EC":
            guard json["crv"]?.stringValue == "P-384", let x = bytes("x"), let y = bytes("y"),
                x.count == ECDSASignature.width, y.count == ECDSASignature.width
            else { return nil }
            self.init(material: .ec(x: x, y: y), kid: json["kid"]?.stringValue)
        default: return nil
        }
    }

    /// The key as a JWKS member, `alg` (SMART's for the key) and `use` included.
    public var json: JSONValue { json(algorithm: algorithm) }

    /// The key as a JWKS member that signs with `algorithm`.
    public func json(algorithm: String) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        switch material {
        case .rsa(let n, let e):
            fields = [("kty", "RSA"), ("n", .string(Base64URL.encode(n))), ("e", .string(Base64URL.encode(e)))]
        case .ec(let x, let y):
            fields = [
                ("kty", "EC"), ("crv", "P-384"), ("x", .string(Base64URL.encode(x))),
                ("y", .string(Base64URL.encode(y))),
            ]
        }
        return .object(JSONObject(fields + [("kid", .string(kid)), ("alg", .string(algorithm)), ("use", "sig")]))
    }

    /// RFC 7638: SHA-256 of the required members in name order, without spaces. Without
    /// libcrypto, none: no signature can be made or checked then either.
    static func thumbprint(_ material: Material) -> String {
        let text =
            switch material {
            case .rsa(let n, let e):
                #"{"e":"\#(Base64URL.encode(e))","kty":"RSA","n":"\#(Base64URL.encode(n))"}"#
            case .ec(let x, let y):
                #"{"crv":"P-384","kty":"EC","x":"\#(Base64URL.encode(x))","y":"\#(Base64URL.encode(y))"}"#
            }
        return (try? SHA256.digest(text.utf8)).map(Base64URL.encode) ?? ""
    }
}
