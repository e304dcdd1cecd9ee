/// An administration read from, and written as, any version Medbrain speaks.
extension Administration {
    /// The version an administration's JSON is in, told by the members only one version has.
    public static func version(of json: JSONValue) -> FHIRVersion {
        if dstu2Members.contains(where: { json[$0] != nil }) { return .dstu2 }
        if stu3Members.contains(where: { json[$0] != nil }) { return .stu3 }
        return r5Members.contains(where: { json[$0] != nil }) ? .r5 : .r4
    }

    /// Reads the administration as its own version's struct does, so errors are that version's.
    public init(json: JSONValue) throws(FHIRDecodingError) {
        switch Self.version(of: json) {
        case .dstu2: self.init(try DSTU2.MedicationAdministration(json: json))
        case .stu3: self.init(try STU3.MedicationAdministration(json: json))
        case .r4, .r4b: self.init(try R4.MedicationAdministration(json: json))
        case .r5: self.init(try R5.MedicationAdministration(json: json))
        }
    }

    /// The administration in `version`'s shape.
    public func json(in version: FHIRVersion) -> JSONValue {
        switch version {
        case .dstu2: dstu2.json
        case .stu3: stu3.json
        case .r4, .r4b: r4.json
        case .r5: r5.json
        }
    }
}
