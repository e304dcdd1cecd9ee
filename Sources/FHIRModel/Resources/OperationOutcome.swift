/// A server's account of what went wrong (or right) with a request.
public struct OperationOutcome: FHIRResource {
    public static let resourceType = "OperationOutcome"
    public var header = ResourceHeader(resourceType: resourceType)
    public var issue: [OperationOutcomeIssue] = []
    public var extra = JSONObject()

    public init(issue: [OperationOutcomeIssue]) { self.issue = issue }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        header = try ResourceHeader(reading: &reader, accepting: [Self.resourceType])
        issue = try reader.elements("issue")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        header.write(to: &writer)
        writer.set("issue", issue)
        writer.merge(extra)
    }

    /// One line per issue, for a person: `error: MedicationAdministration.status: required`.
    public var summary: String {
        issue.map { issue in
            let text = issue.diagnostics ?? issue.details?.displayText ?? issue.code ?? "unknown problem"
            // Many servers repeat the element's path in the text; say it once.
            let place = (issue.expression.first ?? issue.location.first).map { "\($0): " } ?? ""
            let prefix = text.hasPrefix(place) ? "" : place
            return "\(issue.severity ?? "error"): \(prefix)\(text)"
        }.joined(separator: "\n")
    }
}

/// One problem reported in an ``OperationOutcome``.
public struct OperationOutcomeIssue: FHIRElement {
    public var severity: String?
    public var code: String?
    public var details: CodeableConcept?
    public var diagnostics: String?
    public var location: [String] = []
    public var expression: [String] = []
    public var extra = JSONObject()

    public init(severity: String, code: String, diagnostics: String, location: [String] = [], expression: [String] = [])
    {
        self.severity = severity
        self.code = code
        self.diagnostics = diagnostics
        self.location = location
        self.expression = expression
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        severity = try reader.string("severity")
        code = try reader.string("code")
        details = try reader.element("details")
        diagnostics = try reader.string("diagnostics")
        location = try reader.strings("location")
        expression = try reader.strings("expression")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("severity", severity)
        writer.set("code", code)
        writer.set("details", details)
        writer.set("diagnostics", diagnostics)
        writer.set("location", location)
        writer.set("expression", expression)
        writer.merge(extra)
    }
}
