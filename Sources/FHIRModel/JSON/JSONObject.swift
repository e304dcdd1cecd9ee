/// The members of a JSON object in the order they were written.
///
/// FHIR objects are small, so a linear lookup beats hashing and keeps the order for free.
public struct JSONObject: Sendable, Hashable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    public init(_ members: [(String, JSONValue)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The members as key–value pairs, in order.
    public var members: Zip2Sequence<[String], [JSONValue]> { zip(keys, values) }

    public func index(of key: String) -> Int? {
        keys.firstIndex(of: key)
    }

    /// Reads a member; setting one replaces it in place or appends it, and `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { index(of: key).map { values[$0] } }
        set {
            if let index = index(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Appends a member without looking for an existing one with the same key.
    public mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
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
