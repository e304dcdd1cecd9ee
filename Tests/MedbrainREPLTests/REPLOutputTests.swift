import FHIRModel
import Foundation
import MedbrainREPL
import Testing

/// What each command prints, as lines for people and as JSON for scripts.
@Suite("REPL output per command")
struct REPLOutputTests {
    static let loggedIn = ["set today 2016-08-16", "set timezone Europe/Vienna", "connect builtin r4", "login"]

    @Test func whoamiIsTheAccountScreen() async throws {
        let probe = Probe()
        try await probe.setUp(Self.loggedIn)
        #expect(
            await probe.run("whoami").output == """
                Dipl.-Ing. Herbert Hannes Mustermann (Patient/f001)
                  born    1961-12-24
                  gender  male
                  phone   +43 2682 40400, +43 664 1234567
                  email   herbert.mustermann@example.at
                  address Musterstraße 13a, 7000, Eisenstadt, AT

                """)
        await probe.stop()
    }

    @Test func ordersAreATableThatWrapsToTheWidth() async throws {
        let probe = Probe(width: 60)
        try await probe.setUp(Self.loggedIn)
        let lines = await probe.run("orders").output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(
            Array(lines.prefix(5)) == [
                "#   medication             instructions            status",
                "--  ---------------------  ----------------------  ---------",
                "1   Novalgin 500 mg/ml     20 drops by mouth       active",
                "    drops                  twice a day. Put the",
                "                           drops on a spoon or",
            ])
        await probe.stop()
    }

    @Test func anOrderInDetail() async throws {
        let probe = Probe()
        try await probe.setUp(Self.loggedIn + ["orders"])
        #expect(
            await probe.run("order 2").output == """
                2. Nasivin 0.05% nasal drops (MedicationRequest/ord-02)
                  status     completed
                  written    2016-02-03T10:40:00+01:00
                  prescriber Dr. Thomas Gruber
                  dosage 1   1 drop into the nose 2 to 3 times every 8 hours, as needed

                """)
        // Without a number, the order named last.
        #expect(await probe.run("instructions --lang de").output.hasPrefix("1 Tropfen in die Nase"))
        await probe.stop()
    }

    @Test func settingsShowAndChange() async throws {
        let probe = Probe(requestTimeout: REPL.defaultTimeout)
        try await probe.setUp(["set today 2016-08-16", "set timezone UTC"])
        #expect(await probe.run("set week iso").output == "week      iso\n")
        #expect(await probe.run("set color off").output == "colour    off\n")
        #expect(
            await probe.run("set").output == """
                today     2016-08-16
                timezone  UTC
                lang      en (available: de, en)
                week      iso
                format    table
                colour    off
                trace     off
                timeout   10 s
                fhirpath-limit  10 s
                wake      07:00
                breakfast  08:00
                lunch     12:00
                dinner    18:00
                sleep     22:00
                day       08:00-20:00

                """)
        await probe.stop()
    }

    @Test func jsonForEveryCommandThatPrintsData() async throws {
        let probe = Probe()
        try await probe.setUp(["set format json", "set today 2016-08-16", "set timezone Europe/Vienna"])
        let server = try await probe.json("connect builtin r4")
        #expect(server["fhirVersion"] == "4.0.1")
        #expect(server["version"] == "r4")
        #expect(server["resourceTypes"]?.arrayValue?.contains("MedicationRequest") == true)
        let login = try await probe.json("login")
        #expect(login["id"] == "f001")
        #expect(login["matches"] == 1)
        #expect(try await probe.json("whoami")["email"] == ["herbert.mustermann@example.at"])
        let orders = try await probe.json("orders").arrayValue ?? []
        #expect(orders.count == 11)
        #expect(orders.first?["reference"] == "MedicationRequest/ord-01")
        #expect(orders.first?["medication"] == "Novalgin 500 mg/ml drops")
        let order = try await probe.json("order 4")
        #expect(order["prescriber"] == "Dr. Eva Lindner")
        #expect(order["instructions"]?.arrayValue?.count == 1)
        let parts = try await probe.json("instructions 4").arrayValue?.first?["parts"]?.arrayValue ?? []
        #expect(parts.map { $0["kind"] } == ["dose", "route", "frequency", "when", "instructions"])
        #expect(parts.first?["elements"] == ["doseAndRate[0].doseQuantity"])
        let doses = try await probe.json("administrations 1").arrayValue ?? []
        #expect(doses.first?["id"] == "adm-065")
        #expect(doses.first?["date"] == "20 August 2016, 08:00")
        let groups = try await probe.json("group week 1")
        #expect(groups["groups"]?.arrayValue?.last?["identifier"] == "2016-34")
        let created = try await probe.json("administer 1 missed at 2016-08-16T20:00:00+02:00")
        #expect(created["taken"] == false)
        #expect(created["administrations"]?["notTaken"] == 15)
        #expect(created["reference"]?.stringValue?.hasPrefix("MedicationAdministration/") == true)
        #expect(try await probe.json("set")["today"] == "2016-08-16")
        #expect(try await probe.json("logout") == ["message": "logged out"])
        #expect(try await probe.json("login f003")["name"] == "Lukas Probst")
        #expect(try await probe.json("orders") == [])
        await probe.stop()
    }

    /// In json, trace goes to standard error, so standard output stays JSON.
    @Test func traceLeavesJSONOutputAlone() async throws {
        let probe = Probe()
        try await probe.setUp(["set format json", "connect builtin", "trace on"])
        let (output, errors) = await probe.run("login")
        #expect(try JSONParser.parse(output)["id"] == "f001")
        #expect(errors.hasPrefix("> GET http://127.0.0.1:"))
        await probe.stop()
    }
}
