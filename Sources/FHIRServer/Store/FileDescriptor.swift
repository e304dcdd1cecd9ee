#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing all of a buffer to a file descriptor, on Linux and on Apple's systems alike.
enum FileDescriptor {
    /// Writes every byte, retrying short writes; false when the system refuses.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                // Unqualified, so it is Glibc's or Darwin's, whichever this system has.
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}
