import CCurl
import Foundation
import Synchronization

/// One request in flight through libcurl: the answer's head and body gathered up to a limit
/// (an answer whose declared length is over it is refused at the head, one that grows over it
/// as it comes), and a flag any thread may raise to stop it (Ctrl-C, a cancelled task).
final class CurlExchange: Sendable {
    private struct Answer {
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
        var tooLarge = false
    }

    private let answer = Mutex(Answer())
    private let stopped = Atomic<Bool>(false)
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Ends the exchange within a tenth of a second, from any thread.
    func stop() { stopped.store(true, ordering: .relaxed) }

    var wasTooLarge: Bool { answer.withLock { $0.tooLarge } }

    /// The head and the body that came.
    var received: (headers: [(name: String, value: String)], body: [UInt8]) {
        answer.withLock { ($0.headers, $0.body) }
    }

    /// Sends the request on a thread of its own, as libcurl waits for the network and Swift's
    /// own threads must not, and answers when it is over.
    func perform(method: String, url: String, headers: [String], body: [UInt8]?, timeout: Double) async
        -> medbrain_http_result
    {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: self.run(method: method, url: url, headers: headers, body: body, timeout: timeout))
            }
            thread.start()
        }
    }

    private func run(method: String, url: String, headers: [String], body: [UInt8]?, timeout: Double)
        -> medbrain_http_result
    {
        var result = medbrain_http_result()
        let context = Unmanaged.passUnretained(self).toOpaque()
        let lines = headers.map { strdup($0) }
        defer { lines.forEach { free($0) } }
        let pointers = lines.map { UnsafePointer($0) }
        let bytes = body ?? []
        method.withCString { method in
            url.withCString { url in
                pointers.withUnsafeBufferPointer { pointers in
                    bytes.withUnsafeBufferPointer { bytes in
                        var request = medbrain_http_request(
                            method: method, url: url, headers: pointers.baseAddress, header_count: Int32(lines.count),
                            body: bytes.baseAddress, body_length: bytes.count, has_body: body == nil ? 0 : 1,
                            timeout_ms: max(1, Int(timeout * 1000)), context: context,
                            on_header: { context, line, length in
                                CurlExchange.exchange(context).header(line, length)
                            },
                            on_body: { context, bytes, length in
                                CurlExchange.exchange(context).body(bytes, length)
                            },
                            should_stop: { context in
                                CurlExchange.exchange(context).stopped.load(ordering: .relaxed) ? 1 : 0
                            })
                        medbrain_http_perform(&request, &result)
                    }
                }
            }
        }
        return result
    }

    fileprivate static func exchange(_ context: UnsafeMutableRawPointer?) -> CurlExchange {
        Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
    }

    /// A header line; a status line starts a new head (after an interim `100 Continue`).
    fileprivate func header(_ line: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
        guard let line, length > 0 else { return 0 }
        let text = String(decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self)
        return answer.withLock { answer in
            if text.hasPrefix("HTTP/") {
                answer.headers = []
                return 0
            }
            guard let colon = text.firstIndex(of: ":") else { return 0 }
            let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            answer.headers.append((name, value))
            if name.lowercased() == "content-length", let declared = Int(value), declared > limit {
                answer.tooLarge = true
                return 1
            }
            return 0
        }
    }

    fileprivate func body(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
        guard let bytes else { return 0 }
        return answer.withLock { answer in
            guard answer.body.count + length <= limit else {
                answer.tooLarge = true
                return 1
            }
            answer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
            return 0
        }
    }
}
