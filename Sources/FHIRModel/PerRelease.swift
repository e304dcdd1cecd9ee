import Synchronization

/// A value worked out for a release the first time it is asked for, and kept: the one way a
/// release's tables become values, so no type keeps a property and a switch per release.
///
/// Nothing is read before it is needed: a built-in server that has only answered `metadata`
/// never reads a compartment or a type model.
public final class PerRelease<Value: Sendable>: Sendable {
    private let make: @Sendable (FHIRVersion) -> Value
    private let made = Mutex<[FHIRVersion: Value]>([:])

    public init(_ make: @escaping @Sendable (FHIRVersion) -> Value) { self.make = make }

    public subscript(_ version: FHIRVersion) -> Value {
        if let kept = made.withLock({ $0[version] }) { return kept }
        // Worked out outside the lock, so that making one value may ask for another release's
        // (or this one's of another table) without waiting on itself; two threads asking at
        // once both make it, and the first kept is the one every caller sees from then on.
        let value = make(version)
        return made.withLock { kept in
            if let first = kept[version] { return first }
            kept[version] = value
            return value
        }
    }
}
