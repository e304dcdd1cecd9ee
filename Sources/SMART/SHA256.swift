import CCrypto

/// SHA-256 (FIPS 180-4), for PKCE's S256 challenge and a JWK's thumbprint, by the system's
/// libcrypto: the same library that signs and checks the JWTs, so medbrain has no digest code
/// of its own to get wrong.
public enum SHA256 {
    /// Why there is no digest: libcrypto is not on this machine.
    public static let missingLibrary = SigningKey.Problem(
        description:
            "SHA-256 needs OpenSSL's libcrypto (libcrypto.so.3 or .so.1.1; on macOS Homebrew's openssl@3), which was not found"
    )

    /// The 32-byte digest of `message`.
    public static func digest(_ message: some Sequence<UInt8>) throws(SigningKey.Problem) -> [UInt8] {
        let bytes = Array(message)
        var digest = [UInt8](repeating: 0, count: 32)
        let done = bytes.withUnsafeBufferPointer { medbrain_sha256($0.baseAddress, $0.count, &digest) }
        guard done == 1 else { throw missingLibrary }
        return digest
    }
}
