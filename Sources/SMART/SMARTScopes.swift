/// The scopes of one grant, and what they let a request reach.
public struct SMARTScopes: Sendable, Equatable, CustomStringConvertible {
    /// How far a grant reaches for one interaction on one type.
    public enum Reach: Sendable, Equatable {
        /// Nothing: the request is refused.
        case none
        /// The launch's patient's compartment only.
        case patient
        /// Every resource of the type (a user's or a backend service's scope).
        case all
    }

    public let scopes: [SMARTScope]

    public init(_ scopes: [SMARTScope]) { self.scopes = scopes }

    /// Reads a space-separated scope string; the words that are no scope are returned apart,
    /// so a caller can say which it refuses.
    public static func parse(_ text: String) -> (scopes: SMARTScopes, unknown: [String]) {
        var found: [SMARTScope] = []
        var unknown: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let scope = SMARTScope(word) {
                if !found.contains(scope) { found.append(scope) }
            } else {
                unknown.append(word)
            }
        }
        return (SMARTScopes(found), unknown)
    }

    public var description: String { scopes.map(\.description).joined(separator: " ") }

    public func contains(_ other: String) -> Bool { scopes.contains(.other(other)) }

    /// How far these scopes reach for `permission` on `type`: the widest of the clinical scopes
    /// that name the type (or `*`) and allow it. A patient scope without a patient reaches
    /// nothing.
    public func reach(_ permission: SMARTScope.Permission, on type: String, hasPatient: Bool) -> Reach {
        var widest = Reach.none
        for case .clinical(let context, let named, let permissions, _) in scopes
        where (named == "*" || named == type) && permissions.contains(permission) {
            switch context {
            case .user, .system: return .all
            case .patient where hasPatient: widest = .patient
            case .patient: break
            }
        }
        return widest
    }

    /// The scopes `asked` names that these do not cover.
    public func uncovered(_ asked: SMARTScopes) -> [SMARTScope] {
        asked.scopes.filter { wanted in !scopes.contains { $0.covers(wanted) } }
    }
}
