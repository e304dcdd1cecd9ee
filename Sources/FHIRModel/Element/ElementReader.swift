/// Reads the members of one JSON object into a model type, remembering which it used.
///
/// Every accessor checks the JSON kind and reports the element path on a mismatch.
public struct ElementReader {
    /// Where the object being read sits, spelled out only for error messages.
    public let location: ElementPath
    private let object: JSONObject
    /// Which members were read: one bit each, since FHIR objects rarely have more than 64
    /// members (an array only for those that do), so reading allocates nothing for it.
    private var used: UsedMembers

    public init(object: JSONObject, location: ElementPath) {
        self.object = object
        self.location = location
        self.used = UsedMembers(count: object.count)
    }

    /// The path of the object being read, e.g. `MedicationOrder.dosageInstruction[0]`.
    public var path: String { location.text }

    /// Whether the object has the member at all.
    public func has(_ key: String) -> Bool { object.index(of: key) != nil }

    /// The raw member, marked as used.
    public mutating func raw(_ key: String) -> JSONValue? {
        guard let index = object.index(of: key) else { return nil }
        used.mark(index)
        return object.value(at: index)
    }

    /// The members nobody asked for, in their original order.
    public func remainder() -> JSONObject {
        var rest = JSONObject()
        for index in 0..<object.count where !used.contains(index) {
            rest.append(object.key(at: index), object.value(at: index))
        }
        return rest
    }

    public func error(_ key: String, _ message: String) -> FHIRDecodingError {
        FHIRDecodingError(path: key.isEmpty ? path : "\(path).\(key)", message: message)
    }

    public mutating func string(_ key: String) throws(FHIRDecodingError) -> String? {
        guard let value = raw(key) else { return nil }
        guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
        return text
    }

    public mutating func bool(_ key: String) throws(FHIRDecodingError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard case .bool(let flag) = value else { throw mismatch(key, "a boolean", value) }
        return flag
    }

    public mutating func integer(_ key: String) throws(FHIRDecodingError) -> Int? {
        guard let value = raw(key) else { return nil }
        guard case .number(let text) = value, let number = Int(text) else { throw mismatch(key, "an integer", value) }
        return number
    }

    /// A FHIR `positiveInt`: 1 or more.
    public mutating func positiveInt(_ key: String) throws(FHIRDecodingError) -> Int? {
        guard let number = try integer(key) else { return nil }
        guard number >= 1 else { throw error(key, "expected a positive integer, found \(number)") }
        return number
    }

    /// A FHIR `unsignedInt`: 0 or more.
    public mutating func unsignedInt(_ key: String) throws(FHIRDecodingError) -> Int? {
        guard let number = try integer(key) else { return nil }
        guard number >= 0 else { throw error(key, "expected an unsigned integer, found \(number)") }
        return number
    }

    /// A decimal that an invariant keeps from being negative (Timing's tim-4 and tim-5).
    public mutating func nonNegativeDecimal(_ key: String) throws(FHIRDecodingError) -> FHIRDecimal? {
        guard let number = try decimal(key) else { return nil }
        guard !number.text.hasPrefix("-") || number.doubleValue == 0 else {
            throw error(key, "must not be negative, found \(number.text)")
        }
        return number
    }

    public mutating func decimal(_ key: String) throws(FHIRDecodingError) -> FHIRDecimal? {
        guard let value = raw(key) else { return nil }
        guard case .number(let text) = value else { throw mismatch(key, "a decimal number", value) }
        return FHIRDecimal(text: text)
    }

    /// A `date`, `dateTime` or `instant` string, checked against FHIR's formats.
    public mutating func dateTime(_ key: String) throws(FHIRDecodingError) -> String? {
        guard let text = try string(key) else { return nil }
        guard FHIRDateTime(text) != nil else { throw error(key, "expected a FHIR date or dateTime, found \"\(text)\"") }
        return text
    }

    public mutating func element<T: FHIRElement>(_ key: String) throws(FHIRDecodingError) -> T? {
        guard let value = raw(key) else { return nil }
        return try T(json: value, at: .member(location, key))
    }

    public mutating func elements<T: FHIRElement>(_ key: String) throws(FHIRDecodingError) -> [T] {
        guard let value = raw(key) else { return [] }
        guard case .array(let items) = value else { throw mismatch(key, "an array", value) }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            result.append(try T(json: item, at: .item(location, key, index)))
        }
        return result
    }

    public mutating func strings(_ key: String) throws(FHIRDecodingError) -> [String] {
        guard let value = raw(key) else { return [] }
        guard case .array(let items) = value else { throw mismatch(key, "an array", value) }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else { throw mismatch("\(key)[\(index)]", "a string", item) }
            result.append(text)
        }
        return result
    }

    private func mismatch(_ key: String, _ expected: String, _ found: JSONValue) -> FHIRDecodingError {
        error(key, "expected \(expected), found \(found.kindName)")
    }
}

/// A set of member indices, in one word for objects of up to 64 members.
struct UsedMembers {
    private var bits: UInt64 = 0
    private var more: [Bool]

    init(count: Int) {
        more = count > 64 ? Array(repeating: false, count: count) : []
    }

    mutating func mark(_ index: Int) {
        if more.isEmpty { bits |= 1 << UInt64(index) } else { more[index] = true }
    }

    func contains(_ index: Int) -> Bool {
        more.isEmpty ? bits & (1 << UInt64(index)) != 0 : more[index]
    }
}
