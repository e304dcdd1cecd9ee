import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A plain socket reading a streamed answer line by line, as a browser's EventSource does:
/// URLSession on Linux hands a body over only when it ends. Reads give up after
/// ``BusyMachine/requestTimeout``, so a stream that never speaks fails the test instead of
/// hanging it; they block, so they wait off the task pool the server answers on.
final class RawHTTPStream: @unchecked Sendable {
    private let socket: Int32
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:`port` and sends `GET path`.
    init(port: Int, path: String) throws {
        guard let socket = LoopbackSocket.connect(port: port) else {
            throw StreamError(message: "cannot connect to port \(port)")
        }
        self.socket = socket
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
    }

    deinit { close(socket) }

    /// The next line (without its line end), or nil when the stream ended or went quiet.
    func line() -> String? {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<end].filter { $0 != UInt8(ascii: "\r") }
                pending.removeSubrange(...end)
                return String(decoding: line, as: UTF8.self)
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }

    /// Reads lines until one equals `wanted`; false if the stream ended first.
    func read(until wanted: String) async throws -> Bool {
        try await offThePool { [self] in
            while let line = line() {
                if line == wanted { return true }
            }
            return false
        }
    }

    struct StreamError: Error { let message: String }
}
