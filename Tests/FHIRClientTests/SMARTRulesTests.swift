import FHIRClient
import Foundation
import Testing

/// Tokens cross the network encrypted: the SMART client logs in over http only to a
/// server on this machine.
@Suite struct ClearTextLoginTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/fhir", true), ("http://localhost/fhir", true), ("http://[::1]:9000/fhir", true),
        ("http://127.9.9.9/fhir", true), ("https://ehr.example/fhir", true), ("HTTPS://ehr.example/fhir", true),
        ("http://ehr.example/fhir", false), ("http://10.0.0.5:8080/fhir", false),
        ("http://127.0.0.1.evil.example/fhir", false), ("http://localhost.evil.example/fhir", false),
    ])
    func httpOnlyOnLoopback(url: String, allowed: Bool) {
        #expect(((try? SMARTLogin.requireEncrypted(url)) != nil) == allowed, "\(url)")
    }
}

/// Where a SMART App Launch opens its URL: `$BROWSER` first, as Python's webbrowser and git read it.
@Suite("The browser a login opens")
struct BrowserCommandTests {
    static let url = "http://127.0.0.1:8080/auth/authorize?a=1"

    @Test(arguments: [
        ("w3m", ["w3m", url]),
        ("firefox --new-window", ["firefox", "--new-window", url]),
        ("open-it %s --now:lynx", ["open-it", url, "--now"]),
        ("/opt/approve.py", ["/opt/approve.py", url]),
    ])
    func theBrowserVariableIsTheCommand(browser: String, command: [String]) {
        #expect(SystemBrowser.command(for: Self.url, environment: ["BROWSER": browser]) == command)
    }

    @Test func withoutABrowserOrADesktopNothingIsOpened() {
        #expect(SystemBrowser.command(for: Self.url, environment: ["BROWSER": ""]) == nil)
        #expect(SystemBrowser.command(for: Self.url, environment: [:]) == nil)
    }
}
