import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP/1.1 written by hand on a plain socket, for what URLSession does not send (a chunked
/// body, several requests on one connection); sent off the task pool, since the socket
/// blocks. Reads give up after ``BusyMachine/requestTimeout``, so a server that never answers
/// fails the test.
/// Also a browser that follows no redirect, for pages a test acts on as a user would.
public enum RawHTTP {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Sends `request` to 127.0.0.1:`port` and returns everything read until the server closes.
    public static func exchange(port: Int, _ request: String) async throws -> String {
        try await offThePool { try exchangeBlocking(port: port, Array(request.utf8)) }
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
            guard count > 0 else {
                throw Failure(description: "no answer within \(Int(BusyMachine.requestTimeout)) seconds")
            }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}

extension RawHTTP {
    /// `GET url` or, with a form, `POST url`: the status line's code, the `Location` header
    /// and the body. Only `http://127.0.0.1:PORT/…` URLs.
    public static func browse(_ url: String, form: String? = nil) async throws -> (
        status: Int, location: String?, body: String
    ) {
        guard let parsed = URLComponents(string: url), let port = parsed.port else {
            throw Failure(description: "not a loopback URL with a port: \(url)")
        }
        let target = parsed.percentEncodedPath + (parsed.percentEncodedQuery.map { "?" + $0 } ?? "")
        var request =
            "\(form == nil ? "GET" : "POST") \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let form {
            request +=
                "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n\(form)"
        } else {
            request += "\r\n"
        }
        let answer = try await exchange(port: port, request)
        let (head, body) = answer.split(separator: "\r\n\r\n", maxSplits: 1).map(String.init).pair
        let lines = head.split(separator: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let location = lines.first { $0.lowercased().hasPrefix("location:") }.map {
            String($0.dropFirst("location:".count)).trimmingCharacters(in: .whitespaces)
        }
        return (status, location, body)
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}
