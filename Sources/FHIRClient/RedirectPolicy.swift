import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Follows a redirect to the same host only when the request carries credentials: a token
/// meant for one server must not reach another. Without credentials every redirect is followed.
final class RedirectPolicy: NSObject, URLSessionTaskDelegate, Sendable {
    let guardsCredentials: Bool

    init(guardsCredentials: Bool) { self.guardsCredentials = guardsCredentials }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(
            Self.allows(from: task.originalRequest?.url, to: request.url, guarded: guardsCredentials)
                ? request : nil)
    }

    /// Whether a redirect from `origin` to `target` may be followed.
    static func allows(from origin: URL?, to target: URL?, guarded: Bool) -> Bool {
        guard guarded else { return true }
        return origin?.host?.lowercased() == target?.host?.lowercased() && origin?.scheme == target?.scheme
            && origin?.port == target?.port
    }
}
