/// An order read from, and written as, any version Medbrain speaks.
extension Order {
    /// The version an order's JSON is in: DSTU2's MedicationOrder, R5's MedicationRequest (its
    /// CodeableReference `medication`), STU3's (its requester's `agent`, a dose directly in the
    /// dosage) or R4's.
    public static func version(of json: JSONValue) -> FHIRVersion {
        if json["resourceType"]?.stringValue == DSTU2.MedicationOrder.resourceType { return .dstu2 }
        if json["medication"] != nil { return .r5 }
        let dosages = json["dosageInstruction"]?.arrayValue ?? []
        let stu3 =
            json["requester"]?["agent"] != nil
            || dosages.contains { dosage in stu3DoseMembers.contains { dosage[$0] != nil } }
        return stu3 ? .stu3 : .r4
    }

    /// The same, asked of the tape, so a page of orders is read without turning it into values.
    public static func version(of node: JSONNode) -> FHIRVersion {
        if node.member("resourceType", is: DSTU2.MedicationOrder.resourceType) { return .dstu2 }
        if node.hasMember(anyOf: ["medication"]) { return .r5 }
        let stu3 =
            node["requester"]?.hasMember(anyOf: ["agent"]) == true
            || (node["dosageInstruction"]?.items ?? []).contains { $0.hasMember(anyOf: stu3DoseMembers) }
        return stu3 ? .stu3 : .r4
    }

    /// Reads the order straight from the tape as its own version's struct does.
    public init(node: JSONNode, at location: ElementPath) throws(FHIRDecodingError) {
        switch Self.version(of: node) {
        case .dstu2: self.init(try DSTU2.MedicationOrder(node: node, at: location))
        case .stu3: self.init(try STU3.MedicationRequest(node: node, at: location))
        case .r4, .r4b: self.init(try R4.MedicationRequest(node: node, at: location))
        case .r5: self.init(try R5.MedicationRequest(node: node, at: location))
        }
    }

    /// STU3's dose and rate, which R4 moved into `doseAndRate`.
    static let stu3DoseMembers = STU3.dosageMembers

    /// Reads the order as its own version's struct does, so errors are that version's;
    /// `path` places them (`Bundle.entry[2].resource`), the resource type by default.
    public init(json: JSONValue, path: String? = nil) throws(FHIRDecodingError) {
        switch Self.version(of: json) {
        case .dstu2: self.init(try DSTU2.MedicationOrder(json: json, path: path ?? DSTU2.MedicationOrder.resourceType))
        case .stu3: self.init(try STU3.MedicationRequest(json: json, path: path ?? STU3.MedicationRequest.resourceType))
        case .r4, .r4b: self.init(try R4.MedicationRequest(json: json, path: path ?? R4.MedicationRequest.resourceType))
        case .r5: self.init(try R5.MedicationRequest(json: json, path: path ?? R5.MedicationRequest.resourceType))
        }
    }

    /// The order in `version`'s shape.
    public func json(in version: FHIRVersion) -> JSONValue {
        switch version {
        case .dstu2: dstu2.json
        case .stu3: stu3.json
        case .r4, .r4b: r4.json
        case .r5: r5.json
        }
    }
}
