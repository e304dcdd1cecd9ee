import FHIRModel

/// One item of a FHIRPath collection: a System value, or an element of the resource as read.
///
/// Decimals, dates and quantities are kept out of line (a DateTime alone is 128 bytes): every
/// item of every collection is as large as the largest case, and a path over a Bundle copies
/// its hundred thousand elements several times.
public enum FHIRPathValue: Sendable {
    case boolean(Bool)
    case integer(Int)
    indirect case decimal(FHIRPathDecimal)
    case string(String)
    /// A Date, DateTime or Time (its kind says which).
    indirect case dateTime(FHIRPathDateTime)
    indirect case quantity(FHIRPathQuantity)
    /// A node of the resource: an object, or a primitive with its FHIR type (`code`, `date`, …).
    case element(FHIRPathElement)

    /// The value as FHIRPath's System types see it: a FHIR primitive becomes its System value
    /// (`code` → String, `instant` → DateTime); objects and System values are returned as they are.
    public var systemValue: FHIRPathValue {
        guard case .element(let element) = self else { return self }
        if let primitive = element.primitiveValue { return primitive }
        if let quantity = element.quantityValue { return .quantity(quantity) }
        return self
    }

    /// The type's name as FHIRPath reports it: `integer` for a System Integer (the suite's spelling),
    /// `code` for a FHIR code, `HumanName` for an element of that type.
    public var typeName: String {
        switch self {
        case .boolean: "boolean"
        case .integer: "integer"
        case .decimal: "decimal"
        case .string: "string"
        case .dateTime(let value):
            switch value.kind {
            case .date: "date"
            case .dateTime: "dateTime"
            case .time: "time"
            }
        case .quantity: "Quantity"
        case .element(let element): element.typeName ?? element.primitiveValue?.typeName ?? "object"
        }
    }
}
