import FHIRClient
import FHIRModel
import Foundation

/// `post URL --form …` answered. A token endpoint's answer is shown with its tokens hidden, and
/// the session uses the token from then on, as an app would: the student exchanged the code by
/// hand, and the REPL is the app that keeps what came back.
extension CommandContext {
    func showForm(_ response: FHIRResponse, form: String, on client: FHIRClient) async throws {
        guard let json = response.json, !(300..<400).contains(response.status) else {
            return showWithoutBody(response)
        }
        let shown = HiddenSecrets.hiding(json)
        session.result = ExploreResult(json: shown, request: "POST \(response.url)", bundle: nil)
        console.output(shown.prettyText + "\n")
        guard json["access_token"]?.stringValue != nil else { return }
        try await adopt(json, from: response.url, form: form, on: client)
    }

    /// Logs in with a token response, when it came from the token endpoint the connected server
    /// announces: a token from anywhere else is not sent to this server.
    private func adopt(_ answer: JSONValue, from url: String, form: String, on client: FHIRClient) async throws {
        guard let endpoints = try? await client.smartEndpoints(), endpoints.token == url else {
            return say(
                "the token is not used: \(url) is not the token endpoint \(client.server.baseURL) announces")
        }
        let clientID = QueryString.parameters(form).first { $0.name == "client_id" }?.value ?? "(the form's client)"
        guard
            let login = SMARTLogin(
                answer, baseURL: client.server.baseURL, clientID: clientID, tokenURL: url, now: clock())
        else { return }
        try await begin(login, on: client)
    }
}
