import Foundation
import SMART

/// What an access token stands for: the app, the scopes granted, the patient in context.
public struct SMARTGrant: Sendable, Equatable {
    public let clientID: String
    public let scopes: SMARTScopes
    /// The launch's patient, whose compartment the patient scopes reach.
    public let patient: String?
    public let expires: Date
    /// The family of tokens it was issued in (one code exchange and its refreshes), revoked
    /// together; nil for a backend service's token, which has no refresh.
    let family: String?
    /// Who signed the user in, when an `id_token` was issued (`openid`): its `iss` and `sub`,
    /// which introspection repeats.
    let issuer: String?
    let subject: String?
    /// The `id_token`'s `fhirUser` (`Patient/f001`, `Practitioner/dr`), with `fhirUser` granted.
    let fhirUser: String?
    /// Who approved the login (a `--users` name, or `owner`); nil for a backend service.
    public let approver: String?
    /// What sets the grant's answers apart from others' in the search cache: its scopes and
    /// patient, written once rather than at every search.
    let answerKey: String

    init(
        clientID: String, scopes: SMARTScopes, patient: String?, expires: Date, family: String? = nil,
        issuer: String? = nil, subject: String? = nil, fhirUser: String? = nil, approver: String? = nil
    ) {
        self.clientID = clientID
        self.scopes = scopes
        self.patient = patient
        self.expires = expires
        self.family = family
        self.issuer = issuer
        self.subject = subject
        self.fhirUser = fhirUser
        self.approver = approver
        answerKey = "|\(scopes)|\(patient ?? "")"
    }

    /// How far the grant reaches for `permission` on `type`.
    public func reach(_ permission: SMARTScope.Permission, on type: String) -> SMARTScopes.Reach {
        scopes.reach(permission, on: type, hasPatient: patient != nil)
    }
}
