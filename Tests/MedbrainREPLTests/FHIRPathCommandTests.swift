import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// `fhirpath` on what the session holds, and `search --where`, on the built-in R4 server.
@Suite("fhirpath in the REPL")
struct FHIRPathCommandTests {
    @Test func evaluatesOnTheLastResult() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        #expect(
            await probe.run("fhirpath name").errors
                == "error: nothing to evaluate on yet: 'search', 'read' or 'get' first, or give @FILE\n")
        try await probe.setUp(["read Patient f001"])
        #expect(await probe.run("fhirpath name.given").output == "string  Herbert\nstring  Hannes\n")
        // The expression is the rest of the line, quotes and all.
        #expect(
            await probe.run("fhirpath name.where(use = 'official').family = 'Mustermann'").output == "boolean  true\n")
        try await probe.setUp(["search MedicationAdministration patient=f001 _count=100"])
        #expect(await probe.run("fhirpath entry.resource.where(status = 'not-done').count()").output == "integer  17\n")
        try await probe.setUp(["set format json"])
        #expect(
            await probe.run("fhirpath entry.resource.first().id").output
                == "[\n  {\n    \"type\": \"id\",\n    \"value\": \"adm-001\"\n  }\n]\n")
        await probe.stop()
    }

    /// `count` keeps its count Bundle as the last result: an empty answer on it says so, and
    /// what the count holds (its total) is still read; an empty answer on a search says nothing more.
    @Test func anEmptyAnswerOnACountSaysWhatItRanOn() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "count Patient"])
        #expect(
            await probe.run("fhirpath entry.resource.name.family").output
                == "{}\n(the last result is the count of GET Patient?_summary=count: only its total, no resources; 'search' keeps them)\n"
        )
        #expect(await probe.run("fhirpath total").output == "unsignedInt  3\n")
        try await probe.setUp(["search Patient _count=1"])
        #expect(await probe.run("fhirpath entry.where(false)").output == "{}\n")
        try await probe.setUp(["count Patient", "set format json"])
        #expect(await probe.run("fhirpath entry").output == "[]\n")
        await probe.stop()
    }

    @Test(arguments: [
        ("fhirpath entry.where(", "error: fhirpath: 1:13: expected an expression, found the end of the expression"),
        (
            "fhirpath entry.resource.statuss",
            "error: fhirpath: MedicationAdministration has no element 'statuss' (did you mean status?)"
        ),
        ("fhirpath", "error: usage: fhirpath [@FILE] EXPRESSION"),
        ("fhirpath @/nonexistent.json id", "error: /nonexistent.json: no such file"),
        (
            "search MedicationAdministration --where",
            "error: --where needs an expression, such as --where \"status = 'completed'\""
        ),
        (
            "search MedicationAdministration --where \"status =\"",
            "error: fhirpath: 1:9: expected an expression after '='"
        ),
    ])
    func badExpressionsAreOneLine(line: String, error: String) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "search MedicationAdministration _count=5"])
        #expect(await probe.run(line).errors == error + "\n")
        await probe.stop()
    }

    @Test func searchWhereKeepsTheMatches() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let result = await probe.run(
            "search MedicationAdministration patient=f001 _count=100 --where \"status = 'not-done'\"")
        #expect(result.errors == "")
        #expect(result.output.contains("where status = 'not-done': 17 of the page's 62"))
        #expect(result.output.contains("adm-001") && !result.output.contains("adm-002"))
        // What --where kept is the last result, for the next fhirpath.
        #expect(await probe.run("fhirpath entry.resource.all(status = 'not-done')").output == "boolean  true\n")
        await probe.stop()
    }

    /// Paging on from a search with --where filters the next page too, and says so: a page of
    /// everything would pass for more matches.
    @Test func pagingKeepsTheCondition() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let first = await probe.run(
            "search MedicationAdministration patient=f001 _count=20 --where \"status = 'not-done'\"")
        #expect(first.output.contains("where status = 'not-done': "), "\(first)")
        let next = await probe.run("page next")
        #expect(next.errors == "")
        #expect(next.output.contains("where status = 'not-done': "), "\(next.output)")
        #expect(await probe.run("fhirpath entry.resource.all(status = 'not-done')").output == "boolean  true\n")
        let all = await probe.run("page all")
        #expect(all.output.contains("where status = 'not-done': "), "\(all.output)")
        #expect(await probe.run("fhirpath entry.resource.all(status = 'not-done')").output == "boolean  true\n")
        await probe.stop()
    }

    @Test func tabOffersElementsAndFunctions() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "read Patient f001"])
        let names = probe.repl.completions(for: "fhirpath na")
        #expect(names == ["fhirpath name"] || names.contains("name"))
        let given = probe.repl.completions(for: "fhirpath name.gi")
        #expect(given.contains("name.given"))
        #expect(probe.repl.completions(for: "fhirpath name.given.fir").contains("name.given.first("))
        await probe.stop()
    }
}
