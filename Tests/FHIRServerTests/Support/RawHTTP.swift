import Dispatch
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP/1.1 written by hand on a plain socket, for what URLSession does not send (a chunked
/// body, several requests on one connection); sent off Swift's own threads, since the socket
/// blocks. Reads give up after 10 seconds, so a server that never answers fails the test.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` to 127.0.0.1:`port` and returns everything read until the server closes.
    static func exchange(port: Int, _ request: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchangeBlocking(port: port, Array(request.utf8)) })
            }
        }
    }

    private static func exchangeBlocking(port: Int, _ request: [UInt8]) throws -> String {
        guard let socket = LoopbackSocket.connect(port: port) else {
            throw Failure(description: "cannot connect to port \(port)")
        }
        defer { close(socket) }
        guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == request.count else {
            throw Failure(description: "the request was not sent whole")
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "no answer within 10 seconds") }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
