import FHIRModel
import FHIRServer
import Foundation
import HTTPTypes
import Hummingbird
import MedicationTutorial
import Mustache

/// The classroom's read-only web view of the built-in server: patients, a patient's orders,
/// doses and chart, each resource's JSON, and live updates, at `/` beside the FHIR API.
///
/// Pages are rendered on the server and work without JavaScript; a small script only swaps in
/// new content when the server says something changed. The view answers `GET` and `HEAD`
/// only: it never writes.
public struct WebView: Sendable {
    let templates = TemplateSource()
    let languages: LanguageSource
    let timeZone: TimeZone
    var events = ChangeEvents()
    /// The class the server runs, if any: every page links to its grid.
    public var className: String?

    /// A view whose instructions speak `languages` (nil: the standard ones, read at the first
    /// page, so a server starts without reading them), grouping days in `timeZone`.
    public init(languages: LanguageCatalog? = nil, timeZone: TimeZone = .current) {
        self.languages = LanguageSource(languages)
        self.timeZone = timeZone
    }

    /// The page for `route`, asked by `request`; `authority` is the server's own name the
    /// request reached, from which the page writes its links.
    func respond(to route: WebRoute, _ request: Request, authority: String, service: FHIRService) async -> Response {
        guard request.method == .get || request.method == .head else {
            return Self.text(.methodNotAllowed, "The web view only reads; write through the FHIR API at /fhir.\n")
                .with(header: .allow, "GET, HEAD")
        }
        let query = ViewQuery(QueryString.parameters(request.uri.query))
        switch route {
        case .stylesheet: return Self.asset(WebAssets.stylesheet, type: "text/css; charset=utf-8")
        case .script: return Self.asset(WebAssets.script, type: "text/javascript; charset=utf-8")
        case .events: return events.response(store: service.store)
        case .patients, .patient, .resource:
            let records = await Self.records(for: route, from: service)
            let frame = PageFrame(
                version: service.version, authority: authority, changeCount: records.changeCount, classPage: className)
            return await page(route, records: records, query: query, frame: frame, service: service)
        }
    }

    /// What the route's page shows: a patient's records, the patients, or (for one resource's
    /// JSON) only the change count.
    private static func records(for route: WebRoute, from service: FHIRService) async -> ClassroomRecords {
        switch route {
        case .patient(let id): await ClassroomRecords.read(patient: id, from: service)
        case .resource: ClassroomRecords(version: service.version, changeCount: service.store.changeCount)
        default: await ClassroomRecords.read(from: service)
        }
    }

    private func page(
        _ route: WebRoute, records: ClassroomRecords, query: ViewQuery, frame: PageFrame, service: FHIRService
    ) async -> Response {
        switch route {
        case .patient(let id):
            guard let patient = records.patient(id) else {
                return await render(
                    .notFound,
                    ProblemPage(
                        frame: frame, heading: "No such patient", message: "There is no Patient/\(id) on this server."),
                    "problem")
            }
            let languages = await languages.catalog
            guard let language = try? languages.language(query.language) else {
                let known = languages.codes.joined(separator: ", ")
                return await render(
                    .badRequest,
                    ProblemPage(
                        frame: frame, heading: "Unknown language",
                        message: "There are no instructions in '\(query.language)'; try \(known)."), "problem")
            }
            let context = PatientPage.Context(
                records: records, query: query, language: language, languageNames: Self.names(in: languages),
                today: CivilDay.today(in: timeZone, at: service.clock.now()), timeZone: timeZone,
                now: Int(service.clock.now().timeIntervalSince1970.rounded(.down)))
            return await render(.ok, PatientPage(patient: patient, context: context, frame: frame), "patient")
        case .resource(let type, let id):
            guard let stored = await service.store.read(type, id), let page = ResourcePage(stored: stored, frame: frame)
            else {
                return await render(
                    .notFound,
                    ProblemPage(
                        frame: frame, heading: "No such resource", message: "There is no \(type)/\(id) on this server."),
                    "problem")
            }
            return await render(.ok, page, "resource")
        default:
            return await render(.ok, PatientListPage(records: records, frame: frame), "patients")
        }
    }

    /// Each language's own name, for the language switch.
    private static func names(in languages: LanguageCatalog) -> [(code: String, name: String)] {
        languages.codes.map { code in (code, (try? languages.language(code).name) ?? code) }
    }

    private func render(_ status: HTTPResponse.Status, _ page: Any, _ template: String) async -> Response {
        await Self.render(status, page, template, from: templates)
    }

    /// A page from `template` of `templates`, with the headers every page of the view sends: no
    /// caching, no inline script or style (CSP), no type sniffing.
    static func render(_ status: HTTPResponse.Status, _ page: Any, _ template: String, from templates: TemplateSource)
        async -> Response
    {
        let html = await templates.library.render(page, withTemplate: template) ?? "template \(template) is missing"
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .contentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self'",
                .xContentTypeOptions: "nosniff",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache", .xContentTypeOptions: "nosniff"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

extension Response {
    /// The response with one more header field.
    func with(header name: HTTPField.Name, _ value: String) -> Response {
        var response = self
        response.headers[name] = value
        return response
    }
}
