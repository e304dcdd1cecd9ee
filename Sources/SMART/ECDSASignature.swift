/// An ECDSA signature as JWS writes it (r and s, each the curve's width, one after the other:
/// RFC 7518 §3.4) and as OpenSSL reads and writes it (a DER sequence of two INTEGERs).
enum ECDSASignature {
    /// P-384's numbers are 48 bytes.
    static let width = 48

    static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
        guard raw.count == 2 * width else { return nil }
        return DER.sequence([DER.unsigned(raw[..<width]), DER.unsigned(raw[width...])])
    }

    static func raw(fromDER der: [UInt8]) -> [UInt8]? {
        guard let body = DER.only(DER.sequence, in: der[...]), let parts = DER.elements(body), parts.count == 2,
            parts.allSatisfy({ $0.tag == DER.integer }),
            let r = DER.fixedWidth(parts[0].contents, width), let s = DER.fixedWidth(parts[1].contents, width)
        else { return nil }
        return r + s
    }
}
