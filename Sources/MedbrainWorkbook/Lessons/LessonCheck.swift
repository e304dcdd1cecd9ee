import FHIRModel
import FHIRPath
import MedbrainREPL
import SMART

/// What a step asks of the session, checked against its state (and the server's) rather
/// than the text a command printed.
public enum LessonCheck: Sendable, Equatable {
    case connected(FHIRVersion?)
    case disconnected
    case loggedIn(String)
    case loggedOut
    /// `orders` ran for the patient, listing this many if given.
    case ordersListed(Int?)
    /// The order named last (by `order N`, `instructions N`, …).
    case orderShown(Int)
    /// The last command that succeeded started with these words.
    case ran([String])
    /// The last command, whether it succeeded or not, started with these words: for steps
    /// whose point is the error (a server that is not there, a patient who is not there).
    case tried([String])
    case setting(String, String)
    /// An administration of order N this session created, read back from the server.
    case recorded(order: Int, taken: Bool)
    /// A FHIRPath expression true on the server's answer to `GET path`, or without a path on
    /// the last result: what the server holds, whichever commands got it there.
    case fhirpath(path: String?, expression: String)
    /// A request sent since the step began, by any command: `requested GET Patient email=…`.
    case requested(RequestPattern)
    /// A MedicationAdministration written since the step began, right in every part.
    case doseWritten(DoseExpectation)
    /// A request sent since the step began that no server answered.
    case noAnswer
    /// `instructions` said this sentence last (for a Timing the student wrote or repaired).
    case said(String)
    /// The expression gives the same items on the last result as on the server's answer to
    /// `GET path`, in any order: a search checked on what it answered, whatever the student's
    /// data holds (`same-as GET MedicationAdministration?patient=f001 total`).
    case sameAs(path: String, expression: String)
    /// A search of the step answered, as a set of resources, what the server answers to
    /// `GET PATH` (every page, or page N): ``AnswerSet``.
    case answers(AnswerSet)
    /// The chart `group` drew last is of this grouping and order, shows doses, and counts
    /// every dose the server holds for the order: ``ChartExpectation``.
    case chart(ChartExpectation)
    /// The last request sent in the step was answered with this status (a 401, a 403, a 302).
    case answered(Int)
    /// The last request of the step read a resource the server holds and was refused it (404
    /// or 403): what a token's reach keeps out of sight, told from a resource not there at all.
    case hidden
    /// The session holds a SMART token the server (its introspection endpoint) says is active,
    /// for this patient, granting these scopes: what the server issued, by whatever route.
    case token(patient: String, scopes: [String])
    /// A resource written since the step began conforms to one of the tutorial's profiles:
    /// valid in its release and meeting the profile whole (`conforms …/tutorial-medication-order`).
    case conforms(ProfileConformance)

    /// The check as a lesson writes it, such as `logged-in f001` or `recorded 2 missed`.
    public init(_ text: String) throws(WorkbookProblem) {
        let words = text.split(separator: " ").map(String.init)
        let rest = Array(words.dropFirst())
        switch words.first {
        case "fhirpath": self = try Self.fhirPathCheck(rest)
        case "result" where rest.first == "fhirpath": self = try Self.fhirPathCheck(Array(rest.dropFirst()))
        case "server" where rest.first == "fhirpath":
            guard rest.dropFirst().first == "GET" else { throw WorkbookProblem("server fhirpath needs GET PATH") }
            self = try Self.fhirPathCheck(Array(rest.dropFirst()))
        case "requested":
            guard let pattern = RequestPattern(rest) else {
                throw WorkbookProblem(
                    "requested needs METHOD PATH [NAME=VALUE …], such as requested GET Patient email=x")
            }
            self = .requested(pattern)
        case "dose-written": self = .doseWritten(try DoseExpectation(rest))
        case "answers": self = .answers(try AnswerSet(rest))
        case "chart": self = .chart(try ChartExpectation(rest))
        case "no-answer" where rest.isEmpty: self = .noAnswer
        case "said" where !rest.isEmpty: self = .said(rest.joined(separator: " "))
        case "same-as":
            guard rest.first == "GET", case .fhirpath(let path?, let expression) = try Self.fhirPathCheck(rest) else {
                throw WorkbookProblem("same-as needs GET PATH EXPRESSION")
            }
            self = .sameAs(path: path, expression: expression)
        default: try self.init(state: words.first ?? "", rest, text: text)
        }
    }

    /// The checks of the session's state.
    private init(state name: String, _ rest: [String], text: String) throws(WorkbookProblem) {
        let words = [name] + rest
        switch (words.first ?? "", rest.count) {
        case ("connected", 0): self = .connected(nil)
        case ("connected", 1):
            guard let version = FHIRVersion(rawValue: rest[0]) else {
                throw WorkbookProblem("unknown version \(rest[0])")
            }
            self = .connected(version)
        case ("disconnected", 0): self = .disconnected
        case ("logged-in", 1): self = .loggedIn(rest[0])
        case ("logged-out", 0): self = .loggedOut
        case ("orders-listed", 0): self = .ordersListed(nil)
        case ("orders-listed", 1) where Int(rest[0]) != nil: self = .ordersListed(Int(rest[0]))
        case ("order-shown", 1) where Int(rest[0]) != nil: self = .orderShown(Int(rest[0])!)
        case ("ran", 1...): self = .ran(rest)
        case ("tried", 1...): self = .tried(rest)
        case ("setting", 2): self = .setting(rest[0], rest[1])
        case ("hidden", 0): self = .hidden
        case ("answered", 1) where Int(rest[0]).map { (100..<600).contains($0) } == true:
            self = .answered(Int(rest[0])!)
        case ("token", 1...): self = .token(patient: rest[0], scopes: Array(rest.dropFirst()))
        case ("conforms", 1): self = .conforms(try ProfileConformance(profile: rest[0]))
        case ("recorded", 2) where Int(rest[0]) != nil && ["taken", "missed"].contains(rest[1]):
            self = .recorded(order: Int(rest[0])!, taken: rest[1] == "taken")
        default:
            throw WorkbookProblem(
                "unknown check '\(text)'; checks are connected [VERSION], disconnected, logged-in ID, logged-out, "
                    + "orders-listed [N], order-shown N, ran COMMAND…, tried COMMAND…, setting NAME VALUE, recorded N taken|missed, "
                    + "requested METHOD PATH [NAME=VALUE …], dose-written ORDER taken|missed at INSTANT, no-answer, said SENTENCE, "
                    + "result fhirpath EXPRESSION, server fhirpath GET PATH EXPRESSION, same-as GET PATH EXPRESSION, "
                    + "answers GET PATH [page N], chart MODE ORDER, answered STATUS, hidden, token PATIENT [SCOPE …], conforms PROFILE"
            )
        }
    }

    /// Nil when the check holds; otherwise what is still missing, in a few words.
    /// `requestsSince` marks where the step began in the session's requests.
    /// `step`: the step the check belongs to, whose request patterns an `answers` check keeps to.
    func missing(in repl: any LessonHost, requestsSince mark: Int, step: Lesson.Step? = nil) async -> String? {
        let state = repl.state
        switch self {
        case .connected(let version):
            guard let connected = state.fhirVersion else { return "not connected yet" }
            guard let version, version != connected else { return nil }
            return "connected to a \(connected.displayName) server; this step wants \(version.displayName)"
        case .disconnected: return state.fhirVersion == nil ? nil : "still connected"
        case .loggedIn(let id): return state.patientID == id ? nil : "not logged in as Patient/\(id) yet"
        case .loggedOut: return state.patientID == nil ? nil : "still logged in"
        case .ordersListed(let count):
            guard let listed = state.ordersListed else { return "the orders are not listed yet" }
            return count == nil || count == listed ? nil : "\(listed) orders listed; this step expects \(count!)"
        case .orderShown(let number):
            return state.currentOrder == number ? nil : "order \(number) has not been shown yet"
        case .ran(let words):
            return state.lastCommand.starts(with: words) ? nil : "'\(words.joined(separator: " "))' has not run yet"
        case .tried(let words):
            return state.lastAttempt.starts(with: words)
                ? nil : "'\(words.joined(separator: " "))' has not been tried yet"
        case .setting(let name, let value):
            let current = state.settings[name] ?? "?"
            return current == value ? nil : "\(name) is \(current); this step wants \(value)"
        case .recorded(let order, let taken):
            return await missingDose(order: order, taken: taken, in: repl, state: state)
        case .fhirpath(let path, let expression):
            return await missingFHIRPath(path: path, expression: expression, in: repl)
        case .requested(let pattern):
            let base = repl.baseURL ?? ""
            // Said without the request itself: which request would pass is a hint, not feedback.
            return repl.requests.since(mark).contains { pattern.matches($0, base: base, version: state.fhirVersion) }
                ? nil : "no request of this step is the \(pattern.method) the step asks for yet"
        case .doseWritten(let dose):
            return await dose.missing(in: repl, written: repl.requests.written(since: mark))
        case .noAnswer:
            return repl.requests.since(mark).contains { $0.status == nil }
                ? nil : "no request has gone unanswered in this step yet"
        case .said(let sentence):
            let said = repl.lastSaid.map(Self.spaced)
            guard said.contains(sentence) else {
                return said.isEmpty
                    ? "'instructions' has said no sentence yet" : "it says \"\(said[0])\", not \"\(sentence)\""
            }
            return repl.lastSaidOwn.flatMap {
                WrittenTiming.problem($0, sentence: sentence, version: state.fhirVersion)
            }
        case .sameAs(let path, let expression):
            return await Self.missingSame(expression, as: path, in: repl)
        case .answers(let set):
            let requested = (step?.checks ?? []).compactMap { check -> RequestPattern? in
                if case .requested(let pattern) = check { return pattern }
                return nil
            }
            return await set.missing(in: repl, requestsSince: mark, requested: requested)
        case .chart(let chart):
            return await chart.missing(in: repl)
        case .answered(let status):
            guard let last = repl.requests.since(mark).last else { return "no request sent in this step yet" }
            return last.status == status
                ? nil : "the last request was answered \(last.status.map(String.init) ?? "by no one"), not \(status)"
        case .hidden: return await Self.missingHidden(in: repl, since: mark)
        case .token(let patient, let scopes):
            return await Self.missingToken(patient: patient, scopes: scopes, in: repl)
        case .conforms(let conformance):
            return await conformance.missing(in: repl, written: repl.requests.written(since: mark))
        }
    }

    private static func missingHidden(in repl: any LessonHost, since mark: Int) async -> String? {
        guard let last = repl.requests.since(mark).last, let base = repl.baseURL else {
            return "no request sent in this step yet"
        }
        let target = last.url.hasPrefix(base + "/") ? last.url.dropFirst(base.count + 1) : ""
        // A URL may spell a path percent-encoded (`Patient/f%30002`); the store names it plainly.
        let path = String(target.prefix { $0 != "?" }).removingPercentEncoding ?? ""
        let segments = path.split(separator: "/")
        guard last.method == "GET", segments.count == 2, segments[0].first?.isUppercase == true else {
            return "the last request of this step is no read of one resource"
        }
        guard let holds = await repl.serverHolds(path) else {
            return "this check needs the built-in server, which can say what it holds"
        }
        guard holds else { return "the last read asked for a resource this server does not hold" }
        guard let status = last.status, [403, 404].contains(status) else {
            return "the last read was answered \(last.status.map(String.init) ?? "by no one"), not refused"
        }
        return nil
    }

    static func spaced(_ text: String) -> String { text.split(separator: " ").joined(separator: " ") }

    /// What the server says of the session's token, against what the step asks: active, for
    /// this patient, and granting exactly these clinical scopes, as SMART reads them
    /// (`patient/*.read` is `patient/*.rs`); a token that grants more is as wrong as one that
    /// grants less, since the step after relies on what it cannot do.
    private static func missingToken(patient: String, scopes: [String], in repl: any LessonHost) async -> String? {
        guard let answer = await repl.smartTokenIntrospection() else { return "the session holds no SMART token yet" }
        guard answer["active"] == .bool(true) else { return "the server no longer honours the session's token" }
        guard answer["patient"]?.stringValue == patient else {
            return "the token is for \(answer["patient"]?.stringValue.map { "Patient/\($0)" } ?? "no patient"), "
                + "not Patient/\(patient)"
        }
        // Without scopes named, the step asks only whose the token is.
        if scopes.isEmpty { return nil }
        let granted = Self.clinical(answer["scope"]?.stringValue ?? "")
        let wanted = Self.clinical(scopes.joined(separator: " "))
        if !wanted.isSubset(of: granted) { return "the token grants less than this step asks for" }
        if !granted.isSubset(of: wanted) { return "the token grants more than this step asks for" }
        return nil
    }

    /// The clinical scopes of `text` by what they grant, one permission each: whose, which
    /// type, which permission (`patient/*.rs` is `patient/*.r` and `patient/*.s`).
    static func clinical(_ text: String) -> Set<String> {
        var atoms: Set<String> = []
        for case .clinical(let context, let type, let permissions, _) in SMARTScopes.parse(text).scopes.scopes {
            for permission in permissions { atoms.insert("\(context.rawValue)/\(type).\(permission.rawValue)") }
        }
        return atoms
    }

    /// `fhirpath [GET PATH] EXPRESSION`, with the expression parsed now, so a lesson with a
    /// mistake in one is refused when it is read (and by `lessons check`).
    static func fhirPathCheck(_ words: [String]) throws(WorkbookProblem) -> LessonCheck {
        var rest = words[...]
        var path: String?
        if rest.first == "GET" {
            guard rest.count >= 3 else { throw WorkbookProblem("fhirpath GET needs a PATH and an EXPRESSION") }
            path = rest.dropFirst().first
            rest = rest.dropFirst(2)
        }
        let expression = rest.joined(separator: " ")
        guard !expression.isEmpty else { throw WorkbookProblem("fhirpath needs an EXPRESSION") }
        do { _ = try FHIRPathExpression(expression) } catch { throw WorkbookProblem(error.description) }
        return .fhirpath(path: path, expression: expression)
    }

    private func missingFHIRPath(path: String?, expression: String, in repl: any LessonHost) async -> String? {
        do {
            let json = try await Self.json(at: path, for: expression, in: repl).get()
            // Said without the expression, which would hand over what to look for.
            return try repl.holds(FHIRPathExpression(expression), on: json)
                ? nil
                : path == nil
                    ? "the last result is not yet what the step asks for"
                    : "the server does not hold yet what the step asks for"
        } catch let problem as WorkbookProblem {
            return problem.description
        } catch {
            return "the step could not be checked: \(error)"
        }
    }

    /// The items of `expression` on the answer to `GET path`, or on the last result without a
    /// path, each as one line of text; what kept them from being read, as a problem.
    static func values(of expression: String, on path: String?, in repl: any LessonHost) async
        -> Result<[String], WorkbookProblem>
    {
        await json(at: path, for: expression, in: repl).flatMap { json in
            // Said without the expression, which would tell what the step looks for.
            do { return .success(try repl.values(of: FHIRPathExpression(expression), on: json)) } catch {
                return .failure(WorkbookProblem("the step could not be checked: \(error)"))
            }
        }
    }

    /// The server's answer to `GET path`, or the last result without a path.
    private static func json(at path: String?, for expression: String, in repl: any LessonHost) async
        -> Result<JSONValue, WorkbookProblem>
    {
        guard let path else {
            return repl.lastResultJSON.map { .success($0) }
                ?? .failure(WorkbookProblem("nothing has been read yet for the step to look at"))
        }
        do { return .success(try await repl.fetch(path)) } catch {
            // A resource the step needs may be gone (deleted, 410): the step says how to get it back.
            return .failure(
                WorkbookProblem(
                    "the server could not be asked what the step needs (\(error)); if something this step "
                        + "needs was deleted, 'reset step' brings the lesson's data back to where the step began"))
        }
    }

    /// The dose must be on the server, not only in the session's memory.
    private func missingDose(order: Int, taken: Bool, in repl: any LessonHost, state: SessionState) async -> String? {
        let wanted = "no dose of order \(order) recorded as \(taken ? "taken" : "missed") yet"
        for dose in state.recorded.reversed() where dose.order == order && dose.taken == taken {
            guard let resource = try? await repl.read(dose.reference) else {
                return "\(dose.reference) is not on the server"
            }
            let notDone = resource["status"] == "not-done" || resource["wasNotGiven"] == true
            if notDone != taken { return nil }
        }
        return wanted
    }
}
