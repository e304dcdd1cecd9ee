import FHIRModel
import FHIRPath
import Foundation

/// What a lesson may do with the session it runs in: the workbook's seam, as ``CommandContext``
/// is the built-in commands'. A workbook command and a ``REPLExtension`` see the session through
/// it, never the REPL's dispatch or its commands' context; the REPL is the one host in use, and a
/// test may give its own.
public protocol LessonHost: AnyObject {
    /// Writes a line to the student.
    func print(_ line: String)
    /// Writes a paragraph wrapped to the console's width, each line indented.
    func printWrapped(_ paragraph: String, indent: Int)
    /// Writes rows under a header as the REPL's tables are, fitted to the console's width.
    func printTable(header: [String], rows: [[String]])

    /// Runs a line as the student would type it; false when it failed (its error printed).
    @discardableResult func execute(_ line: String) async -> Bool
    /// Runs lines printing nothing (a lesson rebuilding what its earlier steps left).
    func executeQuietly(_ lines: [String]) async -> Bool
    /// Starts over on fresh built-in servers at the lesson's clock, zone and seed; with
    /// `withholdsInstructions`, their orders lack the free text that states their sentences,
    /// and `instructions N` refuses; started by `workspace` where it can (a class's server).
    func restart(
        now: Date?, timeZone: String, seed: String?, withholdsInstructions: Bool, workspace: WorkspaceLauncher?
    ) async throws
    /// Stops the built-in servers.
    func shutdown() async
    /// Words a line may use for a value known only when it runs (`[BASE]`).
    var placeholders: [(word: String, value: String)] { get set }
    /// Whether the orders' sentences are withheld from the student.
    var instructionsWithheld: Bool { get set }

    /// Where the session stands: server, patient, orders, settings, doses recorded.
    var state: SessionState { get }
    /// Every request the session sent.
    var requests: RequestLog { get }
    /// The sentences `instructions` said last.
    var lastSaid: [String] { get }
    /// The JSON the student wrote that `instructions` said last, with what its structure says.
    var lastSaidOwn: OwnInstructions? { get }
    /// The chart `group` drew last: its order, grouping and counts.
    var lastChart: ChartDrawn? { get }
    /// The last result of a generic command, as JSON.
    var lastResultJSON: JSONValue? { get }
    /// The connected server's base URL.
    var baseURL: String? { get }
    /// A resource of the connected server, read by reference.
    func read(_ reference: String) async throws -> JSONValue
    /// Deletes `reference` (`Type/id`) on the connected server, quietly.
    func remove(_ reference: String) async throws
    /// What a GET of `path` below the base answers.
    func fetch(_ path: String) async throws -> JSONValue
    /// Whether the connected built-in server holds `reference` past any token; nil elsewhere.
    func serverHolds(_ reference: String) async -> Bool?
    /// Joins the class the connected server runs with the session's SMART login; nil when none.
    func joinClass() async -> Result<JSONValue, REPLError>?
    /// The server's introspection of the session's SMART token (RFC 7662).
    func smartTokenIntrospection() async -> JSONValue?
    /// Whether `expression` holds on `json`, in the session's FHIRPath environment.
    func holds(_ expression: FHIRPathExpression, on json: JSONValue) throws -> Bool
    /// The items of `expression`'s result on `json`, each as a line of text.
    func values(of expression: FHIRPathExpression, on json: JSONValue) throws -> [String]
    /// The base URLs of the built-in servers started so far.
    func builtinBaseURLs() async -> [String]
    /// The sign-in secrets of the built-in SMART servers, which transcripts hide.
    func builtinSignInSecrets() async -> [String]
    /// The extensions the session runs (the workbook among them).
    var extensions: [any REPLExtension] { get }
}

extension REPL: LessonHost {}
