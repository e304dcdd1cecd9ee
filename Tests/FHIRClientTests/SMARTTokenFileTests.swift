import FHIRClient
import FHIRModel
import Foundation
import Testing

/// The file SMART logins are kept in between sessions: its owner alone reads it, an entry comes
/// back as it was kept, and one that lacks what a login needs is no login.
@Suite("The kept SMART logins")
struct SMARTTokenFileTests {
    static func file() -> SMARTTokenFile {
        SMARTTokenFile(
            serversPath: FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-tokens-\(UUID())").path
                + "/servers")
    }

    static let answer: JSONValue = [
        "access_token": "A", "refresh_token": "R", "expires_in": 600, "scope": "patient/*.rs", "patient": "f001",
    ]

    @Test func aLoginComesBackAsItWasKept() throws {
        let file = Self.file()
        let now = Date(timeIntervalSince1970: 1_471_334_400)
        var login = try #require(
            SMARTLogin(Self.answer, baseURL: "https://ehr.example/fhir", clientID: "app", tokenURL: "T", now: now))
        login.fhirUser = "Patient/f001"
        login.backendKey = .init(file: "/keys/app.pem", kid: "k1")
        try file.keep(login, for: login.baseURL)
        let kept = try #require(file.kept(for: login.baseURL))
        #expect(kept.accessToken == "A" && kept.refreshToken == "R" && kept.scope == "patient/*.rs")
        #expect(kept.patient == "f001" && kept.fhirUser == "Patient/f001" && kept.backendKey == login.backendKey)
        #expect(kept.expires == now + 600 && kept.clientID == "app" && kept.tokenURL == "T")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
        #expect((mode as? Int) == 0o600)
        #expect(file.kept(for: "https://other.example/fhir") == nil)
        try file.keep(nil, for: login.baseURL)
        #expect(file.kept(for: login.baseURL) == nil)
    }

    /// A renewal's answer may leave out the refresh token, scope and patient: they stay.
    @Test func aRenewalKeepsWhatItsAnswerLeavesOut() throws {
        let now = Date()
        let first = try #require(SMARTLogin(Self.answer, baseURL: "B", clientID: "app", tokenURL: "T", now: now))
        let renewed = try #require(
            SMARTLogin(["access_token": "A2"], baseURL: "B", clientID: "app", tokenURL: "T", now: now, previous: first))
        #expect(renewed.refreshToken == "R" && renewed.scope == "patient/*.rs" && renewed.patient == "f001")
        #expect(renewed.expires == now + 3600)
        #expect(SMARTLogin(["access_token": ""], baseURL: "B", clientID: "app", tokenURL: "T", now: now) == nil)
    }

    @Test func aDamagedFileKeepsNoLogin() throws {
        let file = Self.file()
        let folder = (file.path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for text in [
            "not json", #"{"B": {"client_id": "app"}}"#,
            #"{"B": {"client_id": "app", "token_endpoint": "T", "access_token": "A", "expires": "soon"}}"#,
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
            #expect(file.kept(for: "B") == nil, "\(text)")
        }
    }
}
