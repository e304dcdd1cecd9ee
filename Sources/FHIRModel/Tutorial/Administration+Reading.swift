extension Administration {
    /// Members only a DSTU2 MedicationAdministration has: how its version is told (generated
    /// from the type tables, as the two below).
    static let dstu2Members = DSTU2.administrationMembers

    /// Members that, without DSTU2's, only an STU3 one has: the flag and the order's old name.
    static let stu3Members = STU3.administrationMembers

    /// Members that only an R5 MedicationAdministration has: `occurence[x]` and the
    /// CodeableReference `medication`.
    static let r5Members = R5.administrationMembers

    /// Reads a MedicationAdministration of any version, told by its own members (DSTU2 has
    /// `effectiveTime[x]`, R4 `effective[x]`, R5 `occurence[x]`), checked exactly as its
    /// version's struct is.
    ///
    /// Read straight into the tutorial's terms: going through ``R4/MedicationAdministration``
    /// and converting cost an eighth of the time to decode a million administrations.
    public init(node: JSONNode, at location: ElementPath) throws(FHIRDecodingError) {
        var reader = try ElementReader(node: node, at: location)
        // Asked of the reader, which has read the member names once already.
        if Self.dstu2Members.contains(where: { reader.has($0) }) {
            try self.init(readingDSTU2: &reader)
        } else if Self.stu3Members.contains(where: { reader.has($0) }) {
            try self.init(readingSTU3: &reader)
        } else if Self.r5Members.contains(where: { reader.has($0) }) {
            try self.init(readingR5: &reader)
        } else {
            try self.init(readingR4: &reader)
        }
    }
    /// Whether the MedicationAdministration at `node` records a dose taken, as reading it
    /// would say, from the one member that tells (R4 `status`, DSTU2 `wasNotGiven`) without
    /// reading or checking the rest: for counting a long list.
    public static func isTaken(_ node: JSONNode) -> Bool {
        if node.hasMember(anyOf: dstu2Members) { return node["wasNotGiven"]?.boolValue != true }
        if node.hasMember(anyOf: stu3Members) { return node["notGiven"]?.boolValue != true }
        return !node.member("status", is: "not-done")
    }

    /// The members ``R4/MedicationAdministration`` reads, in its order, so the first error is
    /// the same; members the tutorial has no use for are not kept.
    init(readingR4 reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [R4.MedicationAdministration.resourceType])
        identifier = try reader.elements("identifier")
        let status = try reader.string("status")
        taken = status != "not-done"
        self.status = taken ? status : nil
        reasonsNotTaken = try reader.elements("statusReason")
        medication = try reader.choice("medication")
        patient = try reader.element("subject")
        effective = try reader.choice("effective")
        order = try reader.element("request")
        dosage = try reader.element("dosage")
    }

    /// The members ``STU3/MedicationAdministration`` reads, in its order.
    init(readingSTU3 reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [STU3.MedicationAdministration.resourceType])
        identifier = try reader.elements("identifier")
        status = try reader.string("status")
        medication = try reader.choice("medication")
        patient = try reader.element("subject")
        effective = try reader.choice("effective")
        taken = try reader.bool("notGiven") != true
        reasonsNotTaken = try reader.elements("reasonNotGiven")
        order = try reader.element("prescription")
        dosage = try reader.element("dosage")
    }

    /// The members ``R5/MedicationAdministration`` reads, in its order.
    init(readingR5 reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [R5.MedicationAdministration.resourceType])
        identifier = try reader.elements("identifier")
        let status = try reader.string("status")
        taken = status != "not-done"
        self.status = taken ? status : nil
        reasonsNotTaken = try reader.elements("statusReason")
        let medication: CodeableReference? = try reader.element("medication")
        self.medication = medication?.medicationChoice
        patient = try reader.element("subject")
        effective = try reader.choice("occurence")
        order = try reader.element("request")
        dosage = try reader.element("dosage")
    }

    /// The members ``DSTU2/MedicationAdministration`` reads, in its order; `practitioner` and
    /// `note` are checked but not kept, as converting from that struct does.
    init(readingDSTU2 reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [DSTU2.MedicationAdministration.resourceType])
        identifier = try reader.elements("identifier")
        status = try reader.string("status")
        patient = try reader.element("patient")
        let _: Reference? = try reader.element("practitioner")
        order = try reader.element("prescription")
        taken = try reader.bool("wasNotGiven") != true
        reasonsNotTaken = try reader.elements("reasonNotGiven")
        effective = try reader.choice("effectiveTime")
        medication = try reader.choice("medication")
        _ = try reader.string("note")
        dosage = try reader.element("dosage")
    }
}
