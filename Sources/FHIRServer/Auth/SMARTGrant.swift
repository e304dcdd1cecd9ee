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
