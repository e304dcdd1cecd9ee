import Foundation

/// Runs blocking work (a socket's read, a child process, a pause) on a thread of its own.
/// Swift's tasks and Dispatch's global queues share one pool of threads, as many as the
/// cores; a test that blocks one of them waiting for a built-in server in the same process
/// takes a thread that server needs to answer it.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
