import FHIRModel
import FHIRServer
import Foundation
import HTTPTypes
import Hummingbird

/// The routes of the lessons' workspaces (``ClassWorkspaces``): `POST /class/workspaces` opens
/// one for the lesson and release the body names, for the student the class key names; below
/// `/class/workspaces/<student>/<lesson>/<release>/fhir` is its FHIR API, for that student's key
/// and the instructor's only; `DELETE /class/workspaces/<student>/<lesson>/<release>` closes it.
extension ClassPages {
    func addWorkspaceRoutes(
        _ workspaces: ClassWorkspaces, to router: Router<ServerRequestContext>, service: FHIRService
    ) {
        let board = board
        router.post(RouterPath(ClassWorkspaces.root)) { request, context in
            await Self.openWorkspace(
                request, origin: context.origin, board: board, workspaces: workspaces, service: service)
        }
        router.delete(RouterPath(ClassWorkspaces.root + "/:student/:lesson/:release")) { request, context in
            let student = context.parameters.get("student") ?? ""
            guard await Self.mayUse(request, student: student, board: board) else {
                return Self.refusal(.unauthorized("only the student's own class key closes their workspace"))
            }
            guard await workspaces.close(of: student, at: Self.basePath(context) ?? "") else {
                return Self.refusal(.notFound("no workspace is open for that lesson"))
            }
            return Response(status: .noContent)
        }
        let api = ClassWorkspaces.root + "/:student/:lesson/:release" + FHIRService.basePath
        for path in [api, api + "/**"] {
            for method in FHIRHTTPServer.methods {
                router.on(RouterPath(path), method: method) { request, context in
                    await Self.workspaceAPI(request, context: context, board: board, workspaces: workspaces)
                }
            }
        }
    }

    /// The workspace base path a route's parameters name; nil for a release there is none of.
    static func basePath(_ context: ServerRequestContext) -> String? {
        guard let release = context.parameters.get("release").flatMap(FHIRVersion.init(rawValue:)) else { return nil }
        return ClassWorkspaces.basePath(
            student: context.parameters.get("student") ?? "", lesson: context.parameters.get("lesson") ?? "",
            version: release)
    }

    /// Whether the request carries `student`'s own class key, or the instructor's.
    static func mayUse(_ request: Request, student: String, board: ClassBoard) async -> Bool {
        let key = InstructorGate.key(in: request)
        if board.isInstructor(key) { return true }
        let bearer = request.headers[.authorization].flatMap(FHIRService.bearerToken)
        return await board.student(forKey: bearer) == student
    }

    static func openWorkspace(
        _ request: Request, origin: String, board: ClassBoard, workspaces: ClassWorkspaces, service: FHIRService
    ) async -> Response {
        var request = request
        let key = request.headers[.authorization].flatMap(FHIRService.bearerToken)
        guard let username = await board.student(forKey: key), let student = board.roster.student(username) else {
            return refusal(.unauthorized("the class key is missing or not this class's: join again"))
        }
        guard let body = try? await request.collectBody(upTo: 4 << 10),
            let asked = try? JSONParser.parse(Array(buffer: body)), let lesson = asked["lesson"]?.stringValue,
            let version = asked["fhirVersion"]?.stringValue.flatMap(FHIRVersion.init(rawValue:))
        else {
            return refusal(
                .badRequest(
                    "send {\"lesson\": ID, \"fhirVersion\": RELEASE}, a lesson of the class and dstu2, stu3, r4, r4b or r5"
                ))
        }
        do {
            guard
                let workspace = try await workspaces.open(
                    lesson, in: version, for: student, names: service.base.names)
            else {
                return refusal(
                    .notFound("the class has no lesson '\(lesson.prefix(80))' that runs on its server in that release"))
            }
            var response = json(
                .object(
                    JSONObject([
                        ("lesson", .string(lesson)), ("base", .string(origin + workspace.basePath)),
                        ("fhirVersion", .string(workspace.service.version.rawValue)),
                    ])))
            response.status = .created
            return response
        } catch {
            var response = text(.internalServerError, "the lesson's server did not start: \(error)\n")
            response.headers[.cacheControl] = "no-store"
            return response
        }
    }

    static func workspaceAPI(
        _ request: Request, context: ServerRequestContext, board: ClassBoard, workspaces: ClassWorkspaces
    ) async -> Response {
        let student = context.parameters.get("student") ?? ""
        guard await mayUse(request, student: student, board: board) else {
            return outcome(
                .unauthorized, "login", "a workspace answers its student's class key only: join the class again")
        }
        guard let base = basePath(context), let workspace = await workspaces.workspace(of: student, at: base) else {
            return outcome(.notFound, "not-found", "no workspace is open for that lesson: start the lesson again")
        }
        let service = workspace.service
        let response = await FHIRHTTPServer.api(
            request, origin: context.origin, service: service, maximumBodySize: service.maximumBodySize)
        // A search sent as a POST (`_search`) writes nothing.
        let path = request.uri.path.range(of: base).map { String(request.uri.path[$0.upperBound...]) } ?? ""
        if ![.get, .head, .options].contains(request.method), !path.hasSuffix("/_search") {
            let write = ClassWorkspaces.Write(
                method: request.method.rawValue, path: path,
                status: Int(response.status.code),
                location: response.headers[.location] ?? response.headers[.contentLocation], time: await workspaces.now)
            await workspaces.record(write, of: student, at: base)
        }
        return response
    }

    /// A FHIR client's refusal: an OperationOutcome.
    static func outcome(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        let issue = JSONObject([
            ("severity", .string("error")), ("code", .string(code)), ("diagnostics", .string(message)),
        ])
        let body = JSONValue.object(
            JSONObject([("resourceType", .string("OperationOutcome")), ("issue", .array([.object(issue)]))]))
        return Response(
            status: status, headers: [.contentType: "application/fhir+json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: body.compactText)))
    }
}
