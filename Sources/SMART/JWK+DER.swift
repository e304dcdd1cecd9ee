/// A JWK as the DER SubjectPublicKeyInfo OpenSSL reads (RFC 5480 for EC, RFC 8017 for RSA).
extension JWK {
    /// rsaEncryption, id-ecPublicKey and secp384r1, as DER OBJECT IDENTIFIERs.
    static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    static let secp384r1: [UInt8] = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]

    var subjectPublicKeyInfo: [UInt8] {
        switch material {
        case .rsa(let n, let e):
            let key = DER.sequence([DER.unsigned(n), DER.unsigned(e)])
            return DER.sequence([
                DER.sequence([Self.rsaEncryption, DER.element(DER.null, [])]), DER.element(DER.bitString, [0] + key),
            ])
        case .ec(let x, let y):
            return DER.sequence([
                DER.sequence([Self.ecPublicKey, Self.secp384r1]), DER.element(DER.bitString, [0, 4] + x + y),
            ])
        }
    }

    /// Reads a SubjectPublicKeyInfo of an RSA or P-384 key.
    init?(subjectPublicKeyInfo der: [UInt8], kid: String? = nil) {
        guard let body = DER.only(DER.sequence, in: der[...]), let parts = DER.elements(body), parts.count == 2,
            parts[0].tag == DER.sequence, parts[1].tag == DER.bitString, parts[1].contents.first == 0
        else { return nil }
        let algorithm = Array(parts[0].contents)
        let key = parts[1].contents.dropFirst()
        if algorithm.starts(with: Self.rsaEncryption) {
            guard let numbers = DER.only(DER.sequence, in: key).flatMap(DER.elements), numbers.count == 2,
                numbers.allSatisfy({ $0.tag == DER.integer })
            else { return nil }
            let n = Array(numbers[0].contents.drop { $0 == 0 })
            let e = Array(numbers[1].contents.drop { $0 == 0 })
            self.init(material: .rsa(n: n, e: e), kid: kid)
        } else if algorithm == Self.ecPublicKey + Self.secp384r1 {
            let width = ECDSASignature.width
            guard key.count == 1 + 2 * width, key.first == 4 else { return nil }
            let point = Array(key.dropFirst())
            self.init(material: .ec(x: Array(point[..<width]), y: Array(point[width...])), kid: kid)
        } else {
            return nil
        }
    }
}
