/// The dose actually given in an administration.
///
/// DSTU2 names the amount `quantity`, R4 `dose`; the name read is written back.
public struct AdministrationDosage: FHIRElement {
    public var text: String?
    public var route: CodeableConcept?
    public var dose: Quantity?
    /// `dose` (R4) or `quantity` (DSTU2).
    public var doseKey: String
    public var extra = JSONObject()

    public init(text: String? = nil, dose: Quantity? = nil, doseKey: String = "dose") {
        self.text = text
        self.dose = dose
        self.doseKey = doseKey
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        text = try reader.string("text")
        route = try reader.element("route")
        doseKey = reader.has("quantity") ? "quantity" : "dose"
        dose = try reader.element(doseKey)
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("text", text)
        writer.set("route", route)
        writer.set(doseKey, dose)
        writer.merge(extra)
    }
}
