import FHIRModel
import FHIRServer
import Foundation
import HTTPTypes
import Hummingbird

/// A class's routes beside the FHIR API (`serve --class`). A student's two, each deciding who
/// the student is from what they carry and nothing they write: `POST /class/join` (their SMART
/// token) and `POST /class/events` (the key joining gave them), and the lessons' workspaces
/// (their key or the instructor's). Then ``InstructorGate``, and
/// behind it the instructor's: the grid (`/class`), its live stream, the exports, a student's
/// page, and the web view of every student's record.
public struct ClassPages: PageRoutes {
    public let board: ClassBoard
    /// The lessons' servers, one per student and lesson; nil runs every lesson on the student's machine.
    public let workspaces: ClassWorkspaces?
    let view: WebView
    let templates = TemplateSource()
    var interval: Swift.Duration = .milliseconds(100)

    public init(board: ClassBoard, workspaces: ClassWorkspaces? = nil, view: WebView = WebView()) {
        self.board = board
        self.workspaces = workspaces
        var view = view
        view.className = board.name
        self.view = view
    }

    /// What `serve` prints for the instructor: the page with its key, once.
    public func instructorAddress(origin: String) -> String { "\(origin)/class?key=\(board.instructorKey)" }

    public func addRoutes(to router: Router<ServerRequestContext>, service: FHIRService) {
        let board = board
        router.post("/class/join") { request, _ in
            await Self.join(request, board: board, service: service)
        }
        router.post("/class/events") { request, _ in
            await Self.events(request, board: board)
        }
        if let workspaces { addWorkspaceRoutes(workspaces, to: router, service: service) }
        router.add(middleware: InstructorGate(board: board))
        router.get("/class") { _, context in
            await page(context.authority, version: service.version)
        }
        router.get("/class/rows") { request, context in
            let since = QueryString.parameters(request.uri.query).first { $0.name == "since" }.flatMap { Int($0.value) }
            return await rows(since: since ?? 0, authority: context.authority, version: service.version)
        }
        router.get("/class/stream") { _, _ in
            ChangeEvents(interval: interval).response { board.changeCount }
        }
        router.get("/class/progress.json") { _, _ in
            let grid = await grid()
            return Self.json(grid.json(className: board.name, now: board.now))
        }
        router.get("/class/progress.csv") { _, _ in
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/csv; charset=utf-8",
                    .contentDisposition: "attachment; filename=\"\(Self.fileName(board.name))-progress.csv\"",
                ],
                body: .init(byteBuffer: ByteBuffer(string: await grid().csv())))
        }
        router.get("/class/students/:username") { _, context in
            let username = context.parameters.get("username") ?? ""
            return await studentPage(username, authority: context.authority, version: service.version)
        }
        view.addRoutes(to: router, service: service)
    }

    func grid() async -> ClassGrid {
        ClassGrid(events: await board.allEvents(), outlines: board.outlines, now: board.now)
    }

    // MARK: The student's routes

    static func join(_ request: Request, board: ClassBoard, service: FHIRService) async -> Response {
        guard let grant = service.grant(authorization: request.headers[.authorization]) else {
            return refusal(.unauthorized("log in with SMART as yourself first ('login --smart'), then join"))
        }
        switch await board.join(approver: grant.approver) {
        case .failure(let refusal): return self.refusal(refusal)
        case .success(let joined):
            return json(
                .object(
                    JSONObject([
                        ("class", .string(board.name)), ("student", .string(joined.student.username)),
                        ("name", .string(joined.student.name)), ("seed", .string(joined.student.seed)),
                        ("key", .string(joined.key)), ("acknowledged", .number(String(joined.acknowledged))),
                    ])))
        }
    }

    static func events(_ request: Request, board: ClassBoard) async -> Response {
        var request = request
        let key = request.headers[.authorization].flatMap(FHIRService.bearerToken)
        guard let student = await board.student(forKey: key) else {
            return refusal(.unauthorized("the class key is missing or not this class's: join again"))
        }
        guard let body = try? await request.collectBody(upTo: 1 << 20) else {
            return refusal(.badRequest("a report is at most 1 MiB"))
        }
        switch ClassEvent.batch(Array(buffer: body), received: board.now) {
        case .failure(let refusal): return self.refusal(refusal)
        case .success(let events):
            let acknowledged = await board.report(events, from: student)
            return json(.object(JSONObject([("acknowledged", .number(String(acknowledged)))])))
        }
    }

    /// The class's name as a file name in a header: letters, digits, `-`, `_` and `.`, the rest `_`.
    static func fileName(_ name: String) -> String {
        String(
            name.unicodeScalars.map { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_.".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
    }

    static func refusal(_ refusal: ClassBoard.Refusal) -> Response {
        let (status, message): (HTTPResponse.Status, String) =
            switch refusal {
            case .unauthorized(let text): (.unauthorized, text)
            case .forbidden(let text): (.forbidden, text)
            case .badRequest(let text): (.badRequest, text)
            case .notFound(let text): (.notFound, text)
            }
        var response = json(.object(JSONObject([("error", .string(message))])))
        response.status = status
        return response
    }

    static func json(_ value: JSONValue) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: value.prettyText + "\n")))
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
