import Dispatch
import Foundation

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
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
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
