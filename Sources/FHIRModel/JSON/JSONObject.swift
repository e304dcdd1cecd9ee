/// The members of a JSON object in the order they were written.
///
/// FHIR objects are small, so a linear lookup beats hashing and keeps the order for free.
public struct JSONObject: Sendable, Hashable {
    /// The members, in order: one array, so an object costs one allocation however it is read.
    public private(set) var members: [(key: String, value: JSONValue)]

    public init() {
        members = []
    }

    /// An empty object with room for `capacity` members.
    public init(capacity: Int) {
        members = []
        members.reserveCapacity(capacity)
    }

    public init(_ members: [(String, JSONValue)]) {
        self.members = members.map { (key: $0.0, value: $0.1) }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    /// The member names, in order.
    public var keys: [String] { members.map(\.key) }
    /// The member values, in order.
    public var values: [JSONValue] { members.map(\.value) }

    /// The name and value of the member at `index`.
    public func key(at index: Int) -> String { members[index].key }
    public func value(at index: Int) -> JSONValue { members[index].value }

    public func index(of key: String) -> Int? {
        members.firstIndex { $0.key == key }
    }

    /// Reads a member; setting one replaces it in place or appends it, and `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { index(of: key).map { members[$0].value } }
        set {
            if let index = index(of: key) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key: key, value: newValue))
            }
        }
    }

    /// Appends a member without looking for an existing one with the same key.
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key: key, value: value))
    }

    /// Equal members regardless of order: JSON objects are unordered.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.members where rhs[key] != value {
            return false
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Set(keys))
    }
}
