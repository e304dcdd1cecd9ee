import FHIRModel
import FHIRServer
import Foundation
import HTTPTypes
import Hummingbird

/// The one place that decides who reads the class: every route added after it on the router (the
/// grid, its stream and exports, a student's page, the web view of every student's record) needs
/// the instructor's key, from the cookie the page set or an `Authorization: Bearer` header. The
/// address `serve --class` printed carries it once (`/class?key=…`): answered with the cookie
/// and a redirect to the address without it, so the key leaves the address bar and history.
struct InstructorGate: RouterMiddleware {
    let board: ClassBoard
    static let cookie = "medbrain-class"

    func handle(
        _ request: Request, context: ServerRequestContext,
        next: (Request, ServerRequestContext) async throws -> Response
    ) async throws -> Response {
        if board.isInstructor(Self.key(in: request)) { return try await next(request, context) }
        let query = QueryString.parameters(request.uri.query)
        if request.method == .get, let given = query.first(where: { $0.name == "key" })?.value,
            board.isInstructor(given)
        {
            let rest = query.filter { $0.name != "key" }.map { "\($0.name)=\(ViewQuery.encode($0.value))" }
            let location = request.uri.path + (rest.isEmpty ? "" : "?" + rest.joined(separator: "&"))
            return Response(
                status: .seeOther,
                headers: [
                    .location: location, .cacheControl: "no-store",
                    .setCookie: "\(Self.cookie)=\(given); Path=/; HttpOnly; SameSite=Strict",
                ])
        }
        return ClassPages.text(
            .unauthorized,
            "This is the instructor's view of class \(board.name). Open the address 'medbrain serve --class' printed.\n"
        )
    }

    /// The key a request carries: `Authorization: Bearer KEY`, else the cookie.
    static func key(in request: Request) -> String? {
        if let header = request.headers[.authorization], let key = FHIRService.bearerToken(header) { return key }
        for field in request.headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == cookie { return parts[1] }
            }
        }
        return nil
    }
}
