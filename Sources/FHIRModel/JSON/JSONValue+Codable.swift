/// `Codable` for any coder. Only ``JSONParser`` keeps decimal text exactly; through
/// Foundation's coders a number arrives as a `Double` and is written in its shortest form.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
        } else if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var object = JSONObject()
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object.append(key.stringValue, try container.decode(JSONValue.self, forKey: key))
            }
            self = .object(object)
        } else {
            self = try Self.decodeScalar(try decoder.singleValueContainer())
        }
    }

    private static func decodeScalar(_ container: any SingleValueDecodingContainer) throws -> JSONValue {
        if container.decodeNil() { return .null }
        if let value = try? container.decode(Bool.self) { return .bool(value) }
        if let value = try? container.decode(Int.self) { return .number(String(value)) }
        if let value = try? container.decode(Double.self) { return .number(String(value)) }
        return .string(try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let integer = Int(text) {
                try container.encode(integer)
            } else {
                try container.encode(Double(text) ?? 0)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in object.members { try container.encode(value, forKey: AnyKey(key)) }
        }
    }
}

struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
