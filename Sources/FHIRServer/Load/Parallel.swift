import Dispatch
import Synchronization

/// Work on every core for a load, whose resources are parsed and validated each on its own:
/// a load of 100,000 resources is otherwise one core's work while the other waits.
enum Parallel {
    /// `transform` of each item, worked out in chunks on every core, in the items' order.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], chunk: Int = 512, _ transform: @escaping @Sendable (Item) -> Result
    ) -> [Result] {
        guard items.count > chunk else { return items.map(transform) }
        let starts = Array(stride(from: 0, to: items.count, by: chunk))
        let done = Mutex<[Int: [Result]]>([:])
        DispatchQueue.concurrentPerform(iterations: starts.count) { index in
            let start = starts[index]
            let made = items[start..<min(start + chunk, items.count)].map(transform)
            done.withLock { $0[index] = made }
        }
        return done.withLock { done in starts.indices.flatMap { done[$0] ?? [] } }
    }
}
