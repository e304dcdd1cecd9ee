import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Unbuffered writes, so a script reading our output sees each line as it is printed.
///
/// When the reader goes away (`medbrain … | head -1`), the program ends quietly, as
/// command-line tools do, instead of failing on the closed pipe.
enum Output {
    static func standardOutput(_ text: String) { write(text, to: STDOUT_FILENO) }

    static func standardError(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        ignoreBrokenPipes
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(141) }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// SIGPIPE would end the program without a word; the write's EPIPE is handled instead.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}
