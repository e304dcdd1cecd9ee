import SMART
import Testing

/// Scopes v1 and v2 read, and what they reach: a table of scope strings and the reach for one
/// interaction on one type.
@Suite("SMART scopes")
struct SMARTScopeTests {
    typealias Permission = SMARTScope.Permission

    @Test(arguments: [
        // v1
        ("patient/*.read", Permission.read, "Observation", SMARTScopes.Reach.patient),
        ("patient/*.read", .search, "Observation", .patient),
        ("patient/*.read", .create, "Observation", .none),
        ("patient/Observation.write", .update, "Observation", .patient),
        ("patient/Observation.write", .read, "Observation", .none),
        ("user/*.*", .delete, "Patient", .all),
        ("patient/Observation.read", .read, "Patient", .none),
        // v2
        ("patient/MedicationRequest.rs", .search, "MedicationRequest", .patient),
        ("patient/MedicationRequest.rs", .create, "MedicationRequest", .none),
        ("patient/MedicationRequest.r", .search, "MedicationRequest", .none),
        ("user/*.cruds", .create, "MedicationAdministration", .all),
        ("system/Patient.rs", .read, "Patient", .all),
        // The widest wins.
        ("patient/*.rs user/Observation.rs", .read, "Observation", .all),
        ("patient/*.rs user/Observation.rs", .read, "Patient", .patient),
        // Not clinical scopes.
        ("openid fhirUser launch/patient offline_access", .read, "Patient", .none),
    ])
    func reach(scope: String, permission: Permission, type: String, expected: SMARTScopes.Reach) {
        let (scopes, unknown) = SMARTScopes.parse(scope)
        #expect(unknown.isEmpty)
        #expect(scopes.reach(permission, on: type, hasPatient: true) == expected)
    }

    @Test func aPatientScopeWithoutAPatientReachesNothing() {
        #expect(SMARTScopes.parse("patient/*.rs").scopes.reach(.read, on: "Patient", hasPatient: false) == .none)
    }

    @Test(arguments: [
        "patient/Observation.sr", "patient/Observation.rr", "patient/Observation.x", "patient/Observation.",
        "patient/observation.rs", "doctor/*.rs", "patient/Observation.rs?category=vital-signs", "launch/elsewhere",
        "patient", "*.read",
    ])
    func wordsThatAreNoScope(word: String) {
        #expect(SMARTScope(word) == nil)
    }

    @Test(arguments: [
        ("patient/*.cruds", "patient/Observation.rs", true),
        ("patient/*.rs", "patient/Observation.rs", true),
        ("patient/*.rs", "patient/Observation.cruds", false),
        ("patient/Observation.rs", "patient/Patient.rs", false),
        ("patient/*.cruds", "user/Observation.rs", false),
        ("patient/*.read", "patient/Observation.s", true),
        ("openid", "openid", true),
        ("openid", "fhirUser", false),
    ])
    func covers(allowed: String, asked: String, expected: Bool) {
        #expect(SMARTScope(allowed)!.covers(SMARTScope(asked)!) == expected)
    }
}
