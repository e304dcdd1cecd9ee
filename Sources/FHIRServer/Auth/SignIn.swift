import FHIRModel
import Foundation
import SMART

/// Who approved an app: the patients they may open it for and whether they may grant more than
/// a patient's scopes.
public struct Approver: Sendable, Equatable {
    /// The user name, or "owner" for whoever holds the server's sign-in secret.
    public let name: String
    /// The patients they may pick; nil for any of the server's.
    public let patients: Set<String>?
    /// Whether they may grant `user/` scopes (a clinician, the owner), not only `patient/` ones.
    public let userScopes: Bool
    /// Who they are in FHIR (`Practitioner/p1`), for the `id_token`'s `fhirUser`; nil: the patient.
    public let fhirUser: String?

    public init(name: String, patients: Set<String>?, userScopes: Bool, fhirUser: String? = nil) {
        self.name = name
        self.patients = patients
        self.userScopes = userScopes
        self.fhirUser = fhirUser
    }

    /// Whoever started the server: the secret it printed is theirs, and any patient and scope.
    public static let owner = Approver(name: "owner", patients: nil, userScopes: true)

    /// Whether they may open an app for `patient`.
    func mayPick(_ patient: String) -> Bool { patients?.contains(patient) ?? true }
}

/// How the authorization page knows who approves: the one secret the server printed on its
/// console (a lesson's, a developer's own server, as Jupyter does), or users from `--users FILE`
/// each with a password kept as a slow hash.
public enum SignIn: Sendable {
    case secret(String)
    case users([String: SMARTUser])

    /// A new random secret, 128 bits, for a server without a users file.
    public static func newSecret() -> SignIn { .secret(Base64URL.random(bytes: 16)) }

    /// What the form must carry to sign in: its fields.
    var fields: [String] {
        switch self {
        case .secret: ["secret"]
        case .users: ["username", "password"]
        }
    }

    /// The name a form's credentials are tried for, which the throttle counts: the user name,
    /// or "owner" for the secret; nil when the form carries none.
    func name(_ value: (String) -> String?) -> String? {
        switch self {
        case .secret: value("secret") == nil ? nil : Approver.owner.name
        case .users: value("username")
        }
    }

    /// The approver whose credentials `value` gives, the failure when they are wrong, or nil when
    /// the form carries none.
    func approver(_ value: (String) -> String?) -> Result<Approver, SignInFailure>? {
        switch self {
        case .secret(let secret):
            guard let given = value("secret") else { return nil }
            let same = AuthorizationServer.same(Array(given.utf8), Array(secret.utf8))
            return same ? .success(.owner) : .failure(SignInFailure("the secret is not this server's"))
        case .users(let users):
            guard let name = value("username") else { return nil }
            let password = value("password") ?? ""
            guard let user = users[name] else {
                // As slow as a wrong password, so the time does not tell which names exist.
                _ = PasswordHash.verifies(password, SMARTUser.decoy)
                return .failure(SignInFailure("the user name or password is wrong"))
            }
            guard PasswordHash.verifies(password, user.passwordHash) else {
                return .failure(SignInFailure("the user name or password is wrong"))
            }
            return .success(user.approver)
        }
    }
}

public struct SignInFailure: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A user of a `--users` file.
public struct SMARTUser: Sendable {
    public let passwordHash: String
    public let approver: Approver

    public init(passwordHash: String, approver: Approver) {
        self.passwordHash = passwordHash
        self.approver = approver
    }

    /// A hash of nothing anyone types, checked for a name that is not a user's.
    static let decoy = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
}

/// The users of a `--users` file: a JSON array of `{"username", "password" (a hash that
/// `medbrain hash-password` makes), "patients" (ids, or ["*"] for any), "user_scopes" (true for
/// a clinician), "fhirUser"?}`.
public enum SMARTUserFile {
    public static func read(_ path: String) throws -> [String: SMARTUser] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SMARTClientFile.Problem(description: "cannot read the users file \(path)")
        }
        guard case .array(let entries) = try? JSONParser.parse(Array(data)), !entries.isEmpty else {
            throw SMARTClientFile.Problem(description: "\(path): the users file must be a JSON array of users")
        }
        var users: [String: SMARTUser] = [:]
        for (index, entry) in entries.enumerated() {
            let place = "\(path): user \(index + 1)"
            let user = try self.user(entry, at: place)
            guard users[user.approver.name] == nil else {
                throw SMARTClientFile.Problem(description: "\(place): '\(user.approver.name)' comes twice")
            }
            users[user.approver.name] = user
        }
        return users
    }

    static func user(_ entry: JSONValue, at place: String) throws -> SMARTUser {
        guard let name = entry["username"]?.stringValue, !name.isEmpty else {
            throw SMARTClientFile.Problem(description: "\(place) has no username")
        }
        let hash = entry["password"]?.stringValue ?? ""
        if let problem = PasswordHash.problem(hash) {
            throw SMARTClientFile.Problem(description: "\(place) (\(name)): password is \(problem)")
        }
        guard let listed = entry["patients"]?.arrayValue?.compactMap(\.stringValue), !listed.isEmpty else {
            throw SMARTClientFile.Problem(
                description: "\(place) (\(name)) needs patients: the ids they may approve for, or [\"*\"]")
        }
        let userScopes = entry["user_scopes"] == .bool(true)
        // A user/ scope reaches every patient: a list of patients would promise what it cannot hold.
        if userScopes, listed != ["*"] {
            throw SMARTClientFile.Problem(
                description: "\(place) (\(name)): user_scopes reach every patient, so patients must be [\"*\"]")
        }
        let approver = Approver(
            name: name, patients: listed == ["*"] ? nil : Set(listed), userScopes: userScopes,
            fhirUser: entry["fhirUser"]?.stringValue)
        return SMARTUser(passwordHash: hash, approver: approver)
    }
}
