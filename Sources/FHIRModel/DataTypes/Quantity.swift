/// A measured amount; also serves FHIR's Duration, Age and SimpleQuantity, which share its shape.
public struct Quantity: FHIRElement {
    public var value: FHIRDecimal?
    public var comparator: String?
    public var unit: String?
    public var system: String?
    public var code: String?
    public var extra = JSONObject()

    public init(value: FHIRDecimal? = nil, unit: String? = nil, system: String? = nil, code: String? = nil) {
        self.value = value
        self.unit = unit
        self.system = system
        self.code = code
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        value = try reader.decimal("value")
        comparator = try reader.string("comparator")
        unit = try reader.string("unit")
        system = try reader.string("system")
        code = try reader.string("code")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("value", value)
        writer.set("comparator", comparator)
        writer.set("unit", unit)
        writer.set("system", system)
        writer.set("code", code)
        writer.merge(extra)
    }
}

/// A length of time, a ``Quantity`` with a UCUM unit of time.
public typealias Duration = Quantity
