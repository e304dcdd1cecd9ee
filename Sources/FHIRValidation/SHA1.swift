import CCrypto
import Foundation

/// SHA-1, the digest FHIR's Attachment.hash is written in, by the system's libcrypto (as the
/// SMART target's SHA-256): nil when libcrypto is not on this machine.
enum SHA1 {
    static let missingLibrary = "SHA-1 needs OpenSSL's libcrypto, which was not found"

    static func digest(_ data: Data) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 20)
        let done = data.withUnsafeBytes { bytes in
            medbrain_sha1(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &digest)
        }
        return done == 1 ? digest : nil
    }
}
