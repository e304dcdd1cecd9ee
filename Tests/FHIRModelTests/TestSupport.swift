import FHIRModel

/// Shared helpers for the FHIRModel tests: parsing shortcuts, error capture and JSON walks.
enum Support {
    /// The four decimal spellings every round-trip fixture contains.
    static let decimalLiterals = ["1.50", "0.5", "1e3", "-0.0"]

    /// Parses JSON text, failing the calling test on a syntax error.
    static func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    /// The syntax error the parser reports for `text`, or nil when it parses.
    static func syntaxError(_ text: String) -> JSONSyntaxError? {
        syntaxError(bytes: Array(text.utf8))
    }

    static func syntaxError(bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The read error decoding `text` as `T` gives, or nil when it decodes.
    static func readError<T: FHIRResource>(_ type: T.Type, _ text: String) -> FHIRReadError? {
        do {
            _ = try T(jsonText: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// Decodes `text` as `T` through the public text entry point.
    static func decode<T: FHIRResource>(_ type: T.Type, _ text: String) throws -> T {
        try T(jsonText: Array(text.utf8))
    }

    /// Every object member name anywhere in `json`.
    static func allKeys(in json: JSONValue) -> Set<String> {
        switch json {
        case .object(let object):
            var keys = Set(object.keys)
            for value in object.values { keys.formUnion(allKeys(in: value)) }
            return keys
        case .array(let elements):
            return elements.reduce(into: Set<String>()) { $0.formUnion(allKeys(in: $1)) }
        default:
            return []
        }
    }

    /// The member names of an object, or an empty set for anything else.
    static func keys(of json: JSONValue?) -> Set<String> {
        Set(json?.objectValue?.keys ?? [])
    }

    /// Structural equality where numbers compare by value (`1.50` equals `1.5`).
    static func numericallyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)):
            guard let left = Double(left), let right = Double(right) else { return false }
            return left == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { numericallyEqual($0, $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.members.allSatisfy { key, value in
                right[key].map { numericallyEqual(value, $0) } ?? false
            }
        default:
            return lhs == rhs
        }
    }
}

extension JSONValue {
    /// The element at `index` of an array, for walking test fixtures.
    subscript(index index: Int) -> JSONValue? {
        guard let elements = arrayValue, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
