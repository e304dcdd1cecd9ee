/// One scope of SMART App Launch: a clinical scope (`patient/Observation.rs`, v1's
/// `patient/*.read`) or one of the others (`openid`, `fhirUser`, `launch/patient`,
/// `offline_access`).
public enum SMARTScope: Hashable, Sendable, CustomStringConvertible {
    /// Whose data a clinical scope reaches: the launch's patient's, the user's, or any (backend
    /// services).
    public enum Context: String, Sendable, CaseIterable { case patient, user, system }

    /// What a clinical scope allows, in v2's letters: create, read, update, delete, search.
    public enum Permission: Character, Sendable, CaseIterable, Comparable {
        case create = "c", read = "r", update = "u", delete = "d", search = "s"

        public static func < (left: Permission, right: Permission) -> Bool {
            allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
        }

        /// The verb a refusal names.
        public var verb: String {
            switch self {
            case .create: "create"
            case .read: "read"
            case .update: "update"
            case .delete: "delete"
            case .search: "search"
            }
        }
    }

    case clinical(context: Context, type: String, permissions: Set<Permission>, text: String)
    case other(String)

    /// The scopes SMART defines besides the clinical ones; any other word is not a scope here.
    public static let others: Set<String> = [
        "openid", "fhirUser", "profile", "launch", "launch/patient", "launch/encounter", "offline_access",
        "online_access",
    ]

    /// Reads one scope; nil when it is none SMART defines (a v2 scope with a `?query` is a
    /// finer grant this server does not make, so it is refused rather than widened).
    public init?(_ text: String) {
        if Self.others.contains(text) {
            self = .other(text)
            return
        }
        let parts = text.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let context = Context(rawValue: String(parts[0])),
            let dot = parts[1].lastIndex(of: ".")
        else { return nil }
        let type = String(parts[1][..<dot])
        let letters = String(parts[1][parts[1].index(after: dot)...])
        guard type == "*" || (type.first?.isUppercase == true && type.allSatisfy(\.isLetter)),
            let permissions = Self.permissions(letters)
        else { return nil }
        self = .clinical(context: context, type: type, permissions: permissions, text: text)
    }

    /// v1's `read`, `write` and `*`, or v2's letters in the order `cruds`, each at most once.
    static func permissions(_ letters: String) -> Set<Permission>? {
        switch letters {
        case "read": return [.read, .search]
        case "write": return [.create, .update, .delete]
        case "*": return Set(Permission.allCases)
        default:
            let found = letters.compactMap(Permission.init(rawValue:))
            guard !found.isEmpty, found.count == letters.count, found == found.sorted(), Set(found).count == found.count
            else { return nil }
            return Set(found)
        }
    }

    public var description: String {
        switch self {
        case .clinical(_, _, _, let text): text
        case .other(let text): text
        }
    }

    /// Whether a client allowed `self` may be granted `other`: the same scope, or a clinical
    /// one of the same context on a type `self` names (or any, `*`) with fewer permissions.
    public func covers(_ other: SMARTScope) -> Bool {
        switch (self, other) {
        case (.other(let mine), .other(let theirs)): return mine == theirs
        case (
            .clinical(let context, let type, let permissions, _),
            .clinical(let otherContext, let otherType, let asked, _)
        ):
            return context == otherContext && (type == "*" || type == otherType) && asked.isSubset(of: permissions)
        default: return false
        }
    }
}
