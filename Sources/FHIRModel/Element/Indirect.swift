/// An optional kept on the heap when present: a large part that most values lack (a
/// resource's `meta`, an administration's dosage) costs one pointer, not its whole size, in
/// each of a million administrations and every copy of them.
@propertyWrapper
public enum Indirect<Value> {
    case none
    indirect case some(Value)

    public init(wrappedValue: Value?) {
        self = wrappedValue.map { .some($0) } ?? .none
    }

    public var wrappedValue: Value? {
        get {
            if case .some(let value) = self { return value }
            return nil
        }
        set { self = Self(wrappedValue: newValue) }
    }
}

extension Indirect: Sendable where Value: Sendable {}
extension Indirect: Equatable where Value: Equatable {}
