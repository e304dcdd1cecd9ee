import FHIRServer
import HTTPTypes
import Hummingbird
import Logging
import Testing

@testable import MedbrainWeb

@Suite struct WebRouteTests {
    /// Each of the view's paths reaches its page through the server's router, parameters
    /// percent-decoded.
    @Test(arguments: [
        ("/", "text/html", "Patients"), ("/patients", "text/html", "Patients"),
        ("/patients/f001", "text/html", "Mustermann"), ("/resources/Patient/f001", "text/html", "&quot;f001&quot;"),
        ("/resources/Patient/f%30%301", "text/html", "&quot;f001&quot;"), ("/events", "text/event-stream", nil),
        ("/view.css", "text/css", "--tint"), ("/view.js", "text/javascript", "use strict"),
    ])
    func knownPaths(path: String, type: String, text: String?) async throws {
        let harness = try await ViewHarness(.r4)
        let answer = try await harness.answer(path)
        #expect(answer.status == .ok, "\(path)")
        #expect(answer.headers[.contentType]?.hasPrefix(type) == true, "\(path): \(answer.headers)")
        // The change events are a stream that does not end: only its head is read.
        guard let text else { return }
        let page = try #require(try await harness.page(path))
        #expect(page.html.contains(text), "\(path)")
    }

    @Test(arguments: ["/fhirx", "/favicon.ico", "/patients/f001/extra", "/resources/Patient", "/auth/token"])
    func otherPathsAreLeftToTheServer(path: String) async throws {
        let harness = try await ViewHarness(.r4)
        #expect(try await harness.page(path) == nil)
        #expect(try await harness.answer(path).status == .notFound)
    }

    /// A method the FHIR API or the view does not take is told so (405), on every route.
    @Test(arguments: ["/fhir/Patient", "/fhir/Patient/f001", "/patients/f001"])
    func anotherMethodIsNotAllowed(path: String) async throws {
        let harness = try await ViewHarness(.r4)
        #expect(try await harness.answer(path, method: .trace).status == .methodNotAllowed)
    }

    /// A request for another host's name is refused before any route: a page whose name was
    /// rebound to this machine reads nothing.
    @Test func anotherHostsNameIsRefused() async throws {
        let harness = try await ViewHarness(.r4)
        let head = HTTPRequest(method: .get, scheme: "http", authority: "evil.example", path: "/patients/f001")
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let answer = try await harness.routes.respond(
            to: request, context: ServerRequestContext(logger: Logger(label: "test")))
        #expect(answer.status == .misdirectedRequest)
    }

    /// The templates are parsed at the first page, where a mistake would only show as
    /// "template … is missing": every one must parse.
    @Test func everyTemplateParses() throws {
        _ = try WebTemplates.library()
    }

    /// The stylesheet and script are files compiled in; an empty one would be a lost file.
    @Test func theAssetsAreBundled() {
        #expect(WebAssets.stylesheet.contains("--tint: #007aff"))
        #expect(WebAssets.script.hasPrefix("\"use strict\";"))
    }
}
