import FHIRModel
import FHIRServer
import Foundation
import SMART

/// The students of a class (`serve --class NAME --roster FILE`): who may sign in, the name the
/// instructor knows them by, and the seed their data is made from.
///
/// Two forms. A JSON array of `{"username", "password" (from `medbrain hash-password`), "name"?,
/// "seed"?}`, as a `--users` file is written. Or plain text, a student per line (`alice` or
/// `alice, Alice Smith`; `#` starts a comment): the server makes each a password the first time
/// and keeps them in `FILE.passwords` (readable by its owner only), for the instructor to hand
/// out; the same file gives the same passwords at the next start.
public struct ClassRoster: Sendable {
    public struct Student: Sendable, Equatable {
        /// Signs in with it; also the id of their Patient on the class server.
        public var username: String
        public var name: String
        /// The text their data is made from: `seed`, else their name.
        public var seed: String
        var passwordHash: String
    }

    public var students: [Student]

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// A user name is part of FHIR ids (`alice-ord-01`): letters, digits, `-` and `.`.
    static func problem(username: String) -> String? {
        guard (1...40).contains(username.count) else { return "must be 1 to 40 characters" }
        let allowed = username.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
        return allowed ? nil : "may hold only letters, digits, '-' and '.' (it becomes part of FHIR ids)"
    }

    public static func read(_ path: String) throws(Problem) -> ClassRoster {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the roster \(path)")
        }
        // A byte order mark (a Windows editor's) is no part of the first name.
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let students =
            text.drop(while: \.isWhitespace).first == "["
            ? try json(data, path: path) : try plain(text, path: path)
        guard !students.isEmpty else { throw Problem(description: "\(path): the roster lists no students") }
        var seen: Set<String> = []
        for student in students where !seen.insert(student.username.lowercased()).inserted {
            throw Problem(description: "\(path): '\(student.username)' comes twice")
        }
        return ClassRoster(students: students)
    }

    private static func json(_ data: Data, path: String) throws(Problem) -> [Student] {
        guard case .array(let entries)? = try? JSONParser.parse(Array(data)) else {
            throw Problem(description: "\(path): a JSON roster is an array of students")
        }
        var students: [Student] = []
        for (index, entry) in entries.enumerated() {
            let place = "\(path): student \(index + 1)"
            let username = entry["username"]?.stringValue ?? ""
            if let problem = problem(username: username) { throw Problem(description: "\(place): username \(problem)") }
            let hash = entry["password"]?.stringValue ?? ""
            if let problem = PasswordHash.problem(hash) {
                throw Problem(description: "\(place) (\(username)): password is \(problem)")
            }
            let name = entry["name"]?.stringValue ?? username
            students.append(
                Student(
                    username: username, name: name, seed: entry["seed"]?.stringValue ?? name, passwordHash: hash))
        }
        return students
    }

    private static func plain(_ text: String, path: String) throws(Problem) -> [Student] {
        var named: [(username: String, name: String)] = []
        // Any line ending: "\r\n" is one Character in Swift, which a split on "\n" never finds.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let username = fields.first, !username.isEmpty else { continue }
            if let problem = problem(username: username) {
                throw Problem(description: "\(path):\(number + 1): username '\(username)' \(problem)")
            }
            named.append((username, fields.count > 1 && !fields[1].isEmpty ? fields[1] : username))
        }
        let hashes = try ClassPasswords.hashes(for: named.map(\.username), roster: path)
        return named.map { Student(username: $0, name: $1, seed: $1, passwordHash: hashes[$0] ?? "") }
    }

    /// The students as the authorization server's users: each may approve only for their own
    /// patient, with patient scopes.
    public var users: [String: SMARTUser] {
        Dictionary(
            uniqueKeysWithValues: students.map { student in
                (
                    student.username,
                    SMARTUser(
                        passwordHash: student.passwordHash,
                        approver: Approver(
                            name: student.username, patients: [student.username], userScopes: false,
                            fhirUser: "Patient/\(student.username)"))
                )
            })
    }

    public func student(_ username: String) -> Student? { students.first { $0.username == username } }
}
