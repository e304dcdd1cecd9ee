import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession's delegate for a transport: it gathers each answer's body up to a limit, so an
/// enormous answer is cut off rather than filling memory, and it follows a redirect to another
/// host only when the request carries no credentials.
final class TransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// A body larger than the limit: the request is cancelled and fails with this.
    struct TooLarge: Error {}

    private struct Transfer {
        var data = Data()
        var response: URLResponse?
        var tooLarge = false
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>
    }

    /// The transfers in flight by task, and the tasks cancelled before they started.
    private struct State {
        var transfers: [Int: Transfer] = [:]
        var cancelledEarly: Set<Int> = []
    }

    let guardsCredentials: Bool
    let maximumBytes: Int
    private let state = Mutex(State())

    init(guardsCredentials: Bool, maximumBytes: Int) {
        self.guardsCredentials = guardsCredentials
        self.maximumBytes = maximumBytes
    }

    /// Starts `task`; `continuation` gets its body and head, or its error, when it ends. A task
    /// cancelled before this ends at once, never started.
    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let cancelled = state.withLock { state in
            if state.cancelledEarly.remove(task.taskIdentifier) != nil { return true }
            state.transfers[task.taskIdentifier] = Transfer(continuation: continuation)
            return false
        }
        guard !cancelled else { return continuation.resume(throwing: URLError(.cancelled)) }
        task.resume()
    }

    /// Ends `task` as cancelled now, whether it started or not, rather than when URLSession
    /// gets round to it: Ctrl-C must feel instant.
    func cancel(_ task: URLSessionDataTask) {
        let transfer = state.withLock { state -> Transfer? in
            guard let transfer = state.transfers.removeValue(forKey: task.taskIdentifier) else {
                state.cancelledEarly.insert(task.taskIdentifier)
                return nil
            }
            return transfer
        }
        task.cancel()
        transfer?.continuation.resume(throwing: URLError(.cancelled))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // A declared length over the limit is refused before a byte of the body arrives.
        let tooLarge = response.expectedContentLength > Int64(maximumBytes)
        state.withLock {
            $0.transfers[dataTask.taskIdentifier]?.response = response
            $0.transfers[dataTask.taskIdentifier]?.tooLarge = tooLarge
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Once too large, always too large: what still arrives before the cancel lands is dropped.
        let tooLarge = state.withLock { state -> Bool in
            guard var transfer = state.transfers[dataTask.taskIdentifier] else { return false }
            if !transfer.tooLarge, transfer.data.count + data.count <= maximumBytes {
                transfer.data.append(data)
            } else {
                (transfer.tooLarge, transfer.data) = (true, Data())
            }
            state.transfers[dataTask.taskIdentifier] = transfer
            return transfer.tooLarge
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // Nothing left when `cancel` already ended it.
        guard let transfer = state.withLock({ $0.transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if transfer.tooLarge { return transfer.continuation.resume(throwing: TooLarge()) }
        if let error { return transfer.continuation.resume(throwing: error) }
        guard let response = transfer.response ?? task.response else {
            return transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
        transfer.continuation.resume(returning: (transfer.data, response))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(
            Self.allows(from: task.originalRequest?.url, to: request.url, guarded: guardsCredentials) ? request : nil)
    }

    /// Whether a redirect from `origin` to `target` may be followed.
    static func allows(from origin: URL?, to target: URL?, guarded: Bool) -> Bool {
        guard guarded else { return true }
        return origin?.host?.lowercased() == target?.host?.lowercased() && origin?.scheme == target?.scheme
            && origin?.port == target?.port
    }
}
