import FHIRModel
import Testing

@testable import FHIRClient

/// What `trace body` and a form's answer may show: a token's value never, whatever else came.
@Suite("Secrets hidden from what is shown")
struct HiddenSecretsTests {
    @Test(arguments: [
        (
            "grant_type=refresh_token&refresh_token=R3fr&client_id=app",
            "grant_type=refresh_token&refresh_token=(hidden)&client_id=app"
        ),
        ("client_secret=s3cret&code=c1", "client_secret=(hidden)&code=c1"),
        ("client_assertion=eyJ.x.y&client_assertion_type=urn", "client_assertion=(hidden)&client_assertion_type=urn"),
        ("token=T0k", "token=(hidden)"),
        ("code=c1&code_verifier=v1&tokenish=yes", "code=c1&code_verifier=v1&tokenish=yes"),
    ])
    func aFormsSecretsAreHidden(form: String, shown: String) {
        #expect(HiddenSecrets.hiding(form: form) == shown)
    }

    /// What is typed at the prompt goes to the history file unless it carries a secret.
    @Test(arguments: [
        ("post [ORIGIN]/auth/authorize --form 'request=r&decision=approve&patient=f001&secret=Xy9'", false),
        ("post /auth/authorize --form 'request=r&decision=approve&username=amy&password=hunter2'", false),
        ("post /auth/token --form 'grant_type=refresh_token&refresh_token=R1&client_id=medbrain'", false),
        ("post /auth/revoke --form 'token=T0k&client_id=medbrain'", false),
        ("get Patient/f001 --header 'Authorization: Bearer abc'", false),
        ("post /auth/authorize --form 'request=request-1&decision=approve&patient=f001&secret=[SECRET]'", true),
        ("post /auth/token --form 'grant_type=authorization_code&code=code-2&code_verifier=dBjft'", true),
        ("search Patient name=secret", true), ("get Patient?_id=f001&tokenish=1", true), ("login --smart", true),
    ])
    func aLineWithASecretStaysOutOfTheHistory(line: String, kept: Bool) {
        #expect(HiddenSecrets.mayKeepInHistory(line) == kept, "\(line)")
    }

    @Test func aTokenResponseIsShownWithoutItsTokens() throws {
        let body = #"{"access_token":"A1","token_type":"Bearer","refresh_token":"R1","id_token":"I1","patient":"f001"}"#
        let exchange = HTTPExchange(
            method: "POST", url: "http://x/auth/token", status: 200, milliseconds: 1,
            requestBody: "grant_type=refresh_token&refresh_token=R1", responseBody: body
        ).hidingSecrets
        let shown = try #require(exchange.responseBody)
        for secret in ["A1", "R1", "I1"] {
            #expect(!shown.contains(secret) && !(exchange.requestBody ?? "").contains(secret))
        }
        #expect(shown.contains(#""patient":"f001""#) && shown.contains(#""token_type":"Bearer""#))
        // A resource is left as it came, even one that holds the word.
        let resource = #"{"resourceType":"Basic","id":"access_token"}"#
        let other = HTTPExchange(
            method: "GET", url: "http://x/fhir/Basic/1", status: 200, milliseconds: 1, responseBody: resource)
        #expect(other.hidingSecrets.responseBody == resource)
    }
}
