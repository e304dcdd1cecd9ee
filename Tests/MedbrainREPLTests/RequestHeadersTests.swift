import FHIRModel
import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// `get` and `post` send header fields typed as curl takes them (`-H 'Prefer: …'`, before a
/// JSON body, which runs to the end of the line), and the
/// server acts on them; `trace` shows them. The client's own fields and the credentials are
/// refused, each with a one-line reason.
@Suite("Header fields from the REPL")
struct RequestHeadersTests {
    static let patient = #"{"resourceType":"Patient","name":[{"family":"Minimal"}]}"#

    /// FHIR's `Prefer: return=minimal`: the create answers with where the resource is, no body.
    @Test func returnMinimalAnswersWithTheLocationAlone() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let created = await probe.run("post Patient -H 'Prefer: return=minimal' \(Self.patient)")
        #expect(created.errors == "")
        let location = try #require(created.output.firstMatch(of: /201, no body, Location: (\S+)\n/)?.1)
        let id = try #require(location.split(separator: "/").dropLast(2).last)
        #expect(await probe.run("fhirpath name.family").output != "string  Minimal\n")
        try await probe.setUp(["read Patient \(id)"])
        #expect(await probe.run("fhirpath name.family").output == "string  Minimal\n")
        // Without the field, the stored resource comes back.
        #expect(await probe.run("post Patient \(Self.patient)").output.contains(#""family": "Minimal""#))
        await probe.stop()
    }

    /// `handling=lenient` leaves out the parameters the server does not know; strict refuses.
    @Test(arguments: [
        ("", false), ("-H 'Prefer: handling=strict'", false), ("-H 'Prefer: handling=lenient'", true),
        ("--header 'prefer:handling=lenient'", true),
        ("-H 'Prefer: return=minimal' -H 'Prefer: handling=lenient'", true),
    ])
    func handlingDecidesWhatAnUnknownParameterDoes(options: String, answered: Bool) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "set trace on"])
        let result = await probe.run("get Patient?family=Chalmers&bogus=1 \(options)")
        #expect((result.errors == "") == answered, "\(result.errors)")
        #expect(result.errors.contains("400") == !answered)
        for field in options.matches(of: /'([^']+)'/).map({ String($0.1) }) {
            let name = field.prefix { $0 != ":" }
            #expect(result.output.contains(">   \(name)"), "\(result.output)")
        }
        await probe.stop()
    }

    @Test func aFieldGivenTwiceIsOneFieldOfBoth() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "set trace on"])
        let result = await probe.run("get metadata -H 'X-Class: a' -H 'x-class: b'")
        #expect(result.output.contains(">   X-Class: a, b\n"), "\(result.output)")
        await probe.stop()
    }

    @Test(arguments: [
        ("get metadata -H", "error: -H needs a header field, quoted: -H 'Prefer: return=minimal'"),
        ("get metadata -H Prefer", "error: -H needs a header field, quoted: -H 'Prefer: return=minimal'"),
        ("get metadata -H 'Prefer:'", "error: the header field Prefer needs a value"),
        (
            "get metadata -H 'Bad Name: 1'",
            "error: 'Bad Name' is not a header field name (letters, digits and !#$%&'*+-.^_`|~)"
        ),
        (
            "get metadata -H 'authorization: Bearer abc'",
            "error: Authorization is the session's: 'login --smart' or a server profile sends it, and a token typed here would stay in the history"
        ),
        (
            "get metadata -H 'Accept: application/xml'",
            "error: Accept is written by the client itself; _format=json in the path asks for a format"
        ),
        (
            "post Patient -H 'Content-Type: text/plain' {}",
            "error: Content-Type is written by the client itself; _format=json in the path asks for a format"
        ),
        ("post auth/token --form a=b -H 'X: y'", "error: a form goes as a browser sends it; -H is for FHIR requests"),
    ])
    func aFieldTheREPLMayNotSendIsRefusedBeforeAnythingIsSent(line: String, error: String) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "set trace on"])
        let result = await probe.run(line)
        #expect(result.errors == error + "\n")
        #expect(result.output == "", "nothing was sent")
        await probe.stop()
    }
}
