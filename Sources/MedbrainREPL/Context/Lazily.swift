import Synchronization

/// A value made the first time it is asked for, then kept; shared by every copy that holds it.
final class Lazily<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        if let kept = made.withLock({ $0 }) { return kept }
        let value = make()
        return made.withLock { kept in
            if let first = kept { return first }
            kept = value
            return value
        }
    }
}
