import Foundation
import SMART

/// What an access token stands for: the app, the scopes granted, the patient in context.
public struct SMARTGrant: Sendable, Equatable {
    public let clientID: String
    public let scopes: SMARTScopes
    /// The launch's patient, whose compartment the patient scopes reach.
    public let patient: String?
    public let expires: Date
    /// What sets the grant's answers apart from others' in the search cache: its scopes and
    /// patient, written once rather than at every search.
    let answerKey: String

    init(clientID: String, scopes: SMARTScopes, patient: String?, expires: Date) {
        self.clientID = clientID
        self.scopes = scopes
        self.patient = patient
        self.expires = expires
        answerKey = "|\(scopes)|\(patient ?? "")"
    }

    /// How far the grant reaches for `permission` on `type`.
    public func reach(_ permission: SMARTScope.Permission, on type: String) -> SMARTScopes.Reach {
        scopes.reach(permission, on: type, hasPatient: patient != nil)
    }
}

/// An OAuth 2.0 error (RFC 6749 §5.2): its code and a description that names the rule broken.
public struct OAuthError: Error, Equatable, Sendable {
    public let code: String
    public let description: String

    public init(code: String, description: String) {
        self.code = code
        self.description = description
    }

    init(_ code: String, _ description: String) { self.init(code: code, description: description) }
}
