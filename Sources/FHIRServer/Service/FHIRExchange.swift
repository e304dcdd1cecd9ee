import FHIRModel
import FHIRValidation
import Foundation

/// What every handler needs to answer one request: the base URL and how to write responses.
struct FHIRExchange: Sendable {
    let request: FHIRRequest
    let version: FHIRVersion
    /// What the request's SMART token grants, when the server asks for one (`--auth smart`).
    var grant: SMARTGrant?
    /// The path the API is served under (``ServerBase/path``).
    var basePath = FHIRService.basePath

    /// The absolute base URL (`http://127.0.0.1:8080/fhir`): the server's own origin over HTTP,
    /// never one a request's Host brings.
    var baseURL: String {
        (request.origin ?? "http://\(request.headers["host"] ?? "127.0.0.1")") + basePath
    }

    /// The MIME type to answer with: the version's, unless the client asked for plain JSON.
    var contentType: String {
        let accept = request.headers["accept"] ?? ""
        let type =
            !accept.includes("fhir") && accept.includes("application/json") ? "application/json" : version.mimeType
        return type + "; charset=utf-8"
    }

    /// XML is not spoken here: say so rather than send JSON to a client that cannot read it.
    func refuseUnsupportedFormat() -> FHIRResponse? {
        let format = request.queryValue("_format") ?? ""
        let accept = request.headers["accept"] ?? ""
        let body = request.headers["content-type"] ?? ""
        if format.includes("xml") || (accept.includes("xml") && !accept.includes("json") && !accept.includes("*/*")) {
            return outcome(406, "not-supported", "this server speaks JSON only")
        }
        if !request.body.isEmpty, body.includes("xml") {
            return outcome(415, "not-supported", "send FHIR resources as JSON")
        }
        return nil
    }

    /// What identifies a search's answer: the base its links name,
    /// `Prefer` (strict handling refuses what lenient ignores), the type and every query
    /// parameter, each part preceded by its length so that none can pass for another.
    func answerKey(_ type: String) -> String {
        let parts =
            [baseURL, request.headers["prefer"] ?? "", type]
            + request.query.flatMap { [$0.name, $0.value] }
        return parts.map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// True when the client asked for indented JSON (`_pretty=true`).
    var wantsPretty: Bool { request.queryValue("_pretty") == "true" }

    func respond(_ status: Int, _ json: JSONValue?, headers: [(name: String, value: String)] = []) -> FHIRResponse {
        guard let json else { return FHIRResponse(status: status, headers: headers) }
        return respond(status, body: wantsPretty ? json.prettyBytes : json.compactBytes, headers: headers)
    }

    /// An answer whose JSON is already written (compact unless the client asked otherwise).
    func respond(_ status: Int, body: [UInt8], headers: [(name: String, value: String)] = []) -> FHIRResponse {
        FHIRResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: body)
    }

    /// An OperationOutcome with one error issue.
    func outcome(_ status: Int, _ code: String, _ message: String, element: String? = nil) -> FHIRResponse {
        issues(status, code, [(element, message)])
    }

    func issues(_ status: Int, _ code: String, _ problems: [(element: String?, message: String)]) -> FHIRResponse {
        let issues = problems.map { problem in
            OperationOutcomeIssue(
                severity: "error", code: code, diagnostics: problem.message,
                location: problem.element.map { [$0] } ?? [],
                expression: version != .dstu2 ? problem.element.map { [$0] } ?? [] : [])
        }
        return respond(status, OperationOutcome(issue: issues).json)
    }

    /// An OperationOutcome of a validation: each issue with its severity, its place as a
    /// FHIRPath expression, and the key of the rule it breaks where it has one (`tim-9`), as
    /// HL7's validator reports it (`processing` for a broken rule, `invariant` for an invariant).
    func outcome(_ status: Int, _ found: [ValidationIssue]) -> FHIRResponse {
        let issues = found.map { issue in
            OperationOutcomeIssue(
                severity: issue.severity.rawValue, code: issue.rule == nil ? "processing" : "invariant",
                diagnostics: "\(issue.path): \(issue.ruledMessage)", location: [issue.path],
                expression: version != .dstu2 ? [issue.path] : [])
        }
        return respond(status, OperationOutcome(issue: issues).json)
    }

    /// The standard answer for a resource: body, ETag, Last-Modified, and Location on create.
    func resource(_ stored: StoredResource, status: Int = 200, location: Bool = false) -> FHIRResponse {
        var headers = [("ETag", stored.etag), ("Last-Modified", HTTPDate.format(stored.lastUpdated))]
        if location {
            headers.append(("Location", "\(baseURL)/\(stored.type)/\(stored.id)/_history/\(stored.versionId)"))
        }
        let minimal = (request.headers["prefer"] ?? "").includes("return=minimal")
        guard !minimal, !stored.isDeleted else { return FHIRResponse(status: status, headers: headers) }
        return wantsPretty
            ? respond(status, stored.json, headers: headers) : respond(status, body: stored.body, headers: headers)
    }
}

/// RFC 7231 dates for `Last-Modified`: `Tue, 16 Aug 2016 10:00:00 GMT`.
///
/// Written by hand: Foundation's date formatting goes through ICU and was a fifth of the time a
/// read took.
enum HTTPDate {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ instant: String) -> String {
        guard let parsed = FHIRDateTime(instant) else { return instant }
        let seconds = Int(parsed.start.rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = CivilDay(number: secondOfDay < 0 ? days - 1 : days)
        let time = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, dayOfMonth) = day.components
        return "\(weekdays[day.weekday]), \(two(dayOfMonth)) \(months[month - 1]) \(year) "
            + "\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
