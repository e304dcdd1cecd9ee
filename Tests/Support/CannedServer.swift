import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP server on 127.0.0.1 that answers each request with what `answer` returns for
/// its path and query: enough to play a FHIR server that misbehaves in a chosen way.
public final class CannedServer: Sendable {
    /// A reply: status, content type and body bytes, sent with `Connection: close`.
    public struct Reply: Sendable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]
        /// More header lines, such as `Location: …`.
        public var headers: [String]
        /// The Content-Length sent: the body's by default; more than the body plays a connection
        /// lost mid-body, nil sends none (the body ends when the connection closes).
        public var contentLength: Int?
        /// Keeps the connection open after writing, until the client closes it: a server that
        /// stalls (mid-body, when the Content-Length promises more).
        public var stalls = false
        /// Whether the head says `Connection: close`; the server closes after each reply either way.
        public var saysClose = true

        public init(
            status: Int = 200, contentType: String = "application/fhir+json", body: String, headers: [String] = []
        ) {
            (self.status, self.contentType, self.body, self.headers) = (status, contentType, Array(body.utf8), headers)
            contentLength = self.body.count
        }

        /// This reply, after which the server goes silent instead of closing the connection.
        public func stalling() -> Reply {
            var reply = self
            reply.stalls = true
            return reply
        }

        /// This reply with another Content-Length (or none).
        /// Leaves `Connection: close` out, so a client keeps a connection the server then closes.
        public func promisingKeepAlive() -> Reply {
            var reply = self
            reply.saysClose = false
            return reply
        }

        public func declaring(length: Int?) -> Reply {
            var reply = self
            reply.contentLength = length
            return reply
        }
    }

    private let listener: SilentListener
    public var port: Int { listener.port }
    public var baseURL: String { "http://127.0.0.1:\(port)/fhir" }

    /// What the server was asked: the request line's parts and the header lines.
    public struct Request: Sendable {
        public var method: String
        public var target: String
        /// Header names in lower case.
        public var headers: [String: String]
    }

    public convenience init(answer: @escaping @Sendable (_ target: String) -> Reply) throws {
        try self.init(respond: { answer($0.target) })
    }

    public init(respond: @escaping @Sendable (Request) -> Reply) throws {
        listener = try SilentListener()
        let descriptor = listener.descriptor
        Thread.detachNewThread {
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                Self.serve(connection, respond)
            }
        }
    }

    /// Reads the request head, writes the reply, closes.
    private static func serve(_ connection: Int32, _ answer: (Request) -> Reply) {
        defer { _ = Glibc.close(connection) }
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while read(connection, &byte, 1) == 1 {
            head.append(byte)
            if head.suffix(4) == [13, 10, 13, 10] { break }
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = (lines.first ?? "").split(separator: " ").map(String.init)
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let reply = answer(
            Request(
                method: requestLine.first ?? "GET", target: requestLine.count > 1 ? requestLine[1] : "/",
                headers: headers))
        let header =
            "HTTP/1.1 \(reply.status) Canned\r\nContent-Type: \(reply.contentType)\r\n"
            + reply.headers.map { $0 + "\r\n" }.joined()
            + (reply.contentLength.map { "Content-Length: \($0)\r\n" } ?? "")
            + (reply.saysClose ? "Connection: close\r\n" : "") + "\r\n"
        let bytes = Array(header.utf8) + reply.body
        // A socket takes a large body in parts.
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { write(connection, $0.baseAddress! + sent, $0.count - sent) }
            guard count > 0 else { return }
            sent += count
        }
        // Silent until the client gives up and closes its end.
        while reply.stalls, read(connection, &byte, 1) > 0 {}
    }

    /// Stops accepting; the thread ends with the listening socket.
    public func close() {
        _ = shutdown(listener.descriptor, Int32(SHUT_RDWR))
        listener.close()
    }

    /// A metadata answer for `fhirVersion` listing `types`.
    public static func metadata(fhirVersion: String = "4.0.1", types: [String] = ["Patient"]) -> String {
        let resources = types.map { #"{"type":"\#($0)"}"# }.joined(separator: ",")
        return #"{"resourceType":"CapabilityStatement","fhirVersion":"\#(fhirVersion)","#
            + #""software":{"name":"Canned"},"rest":[{"mode":"server","resource":[\#(resources)]}]}"#
    }
}
