import FHIRModel
import Foundation
import TestSupport
import Testing

@testable import MedbrainREPL

/// `schedule`, `adherence` and `administer` without a time on the tutorial's data, in every
/// release: what they count agrees with the administrations `group` and `administrations` count.
@Suite("On time: schedule and adherence")
struct ScheduleTests {
    static func probe(_ version: FHIRVersion) async throws -> Probe {
        let probe = Probe()
        try await probe.setUp([
            "connect builtin \(version.rawValue)", "login", "orders", "set timezone Europe/Vienna", "set format json",
        ])
        return probe
    }

    static func json(_ probe: Probe, _ line: String) async throws -> JSONValue {
        let (output, errors) = await probe.run(line)
        #expect(errors.isEmpty, "\(line): \(errors)")
        return try JSONParser.parse(output)
    }

    static func number(_ value: JSONValue?) -> Int {
        if case .number(let text)? = value { return Int(text) ?? -1 }
        return -1
    }

    /// Every administration of an order is a due dose's record (taken or missed) or an extra one,
    /// so over the order's whole life the counts are those `group` counts (eight years ending in
    /// 2016 hold every dose of the data) and `administrations` lists.
    @Test(arguments: FHIRVersion.allCases)
    func adherenceAccountsForEveryAdministration(version: FHIRVersion) async throws {
        let probe = try await Self.probe(version)
        try await probe.setUp(["set today 2016-12-31"])
        for order in ["1", "11"] {
            let listed = try await Self.json(probe, "administrations \(order)").arrayValue ?? []
            let taken = listed.count { $0["taken"] == .bool(true) }
            let groups = try await Self.json(probe, "group year \(order)")
            let years = groups["groups"]?.arrayValue ?? []
            #expect(years.reduce(0) { $0 + Self.number($1["countTaken"]) } == taken)
            #expect(years.reduce(0) { $0 + Self.number($1["countNotTaken"]) } == listed.count - taken)
            #expect(Self.number(groups["before"]) + Self.number(groups["after"]) + Self.number(groups["undated"]) == 0)
            let adherence = try await Self.json(probe, "adherence \(order) --from 2010-01-01 --to 2016-12-31")
            let extras = adherence["extras"]?.arrayValue ?? []
            #expect(Self.number(adherence["taken"]) + extras.count { $0["taken"] == .bool(true) } == taken)
            #expect(
                Self.number(adherence["missed"]) + extras.count { $0["taken"] == .bool(false) } == listed.count - taken)
            #expect(Self.number(adherence["due"]) > Self.number(adherence["taken"]))
        }
    }

    /// The week's schedule and the week's adherence count the same doses the same way.
    @Test(arguments: FHIRVersion.allCases)
    func scheduleAgreesWithAdherence(version: FHIRVersion) async throws {
        let probe = try await Self.probe(version)
        let schedule = try await Self.json(probe, "schedule 2016-08-11 --week")
        let eleven = try #require(schedule["orders"]?.arrayValue?.first { $0["id"]?.stringValue == "ord-11" })
        let statuses = (eleven["doses"]?.arrayValue ?? []).compactMap { $0["status"]?.stringValue }
        let adherence = try await Self.json(probe, "adherence 11 --from 2016-08-07 --to 2016-08-13")
        #expect(statuses.count { $0 == "taken" } == Self.number(adherence["taken"]))
        #expect(statuses.count { $0 == "missed" } == Self.number(adherence["missed"]))
        #expect(statuses.count { $0 == "overdue" } == Self.number(adherence["unrecorded"]))
        #expect(statuses.count == Self.number(adherence["due"]))
        #expect(statuses.count == 9)
    }

    /// A Timing nobody could keep says why, in one line, and the session goes on.
    @Test func dosesOfATimingYouWriteOrWhyNot() async throws {
        let probe = Probe()
        try await probe.setUp(["set timezone Europe/Vienna"])
        let skipped = await probe.run(
            #"doses --from 2016-03-27 {"repeat": {"period": 1, "periodUnit": "d", "timeOfDay": ["02:30:00"]}}"#)
        #expect(skipped == ("2016-03-27T03:30:00+02:00\n", ""))
        let absurd = await probe.run(#"doses {"repeat": {"frequency": 1, "period": 1e20, "periodUnit": "d"}}"#)
        #expect(absurd == ("no dose times: a period of more than 1000000 d is no schedule to keep\n", ""))
        #expect(!probe.repl.isFinished)
    }

    @Test func administerWithoutATimeTakesTheDueDoseOnce() async throws {
        let probe = try await Self.probe(.r4)
        // 2016-08-16 10:00 in Vienna: the 08:00 dose is recorded (adm-062), so a day later.
        let (_, recorded) = await probe.run("administer 11 taken")
        #expect(
            recorded.contains(
                "the dose due 2016-08-16T08:00:00+02:00 is already recorded (MedicationAdministration/adm-062)"))
        try await probe.setUp(["set today 2016-08-17"])
        let first = try await Self.json(probe, "administer 11 taken")
        #expect(first["effective"]?.stringValue == "2016-08-17T08:00:00+02:00")
        let (_, errors) = await probe.run("administer 11 taken")
        #expect(errors.contains("is already recorded"))
        #expect(!errors.contains("\n") || errors.split(separator: "\n").count == 1)
    }

    @Test func adherenceIsWrittenAsAnR5MedicationStatement() async throws {
        let probe = try await Self.probe(.r5)
        let written = try await Self.json(probe, "adherence 11 --from 2016-08-09 --to 2016-08-15 --write")
        let reference = try #require(written["written"]?.stringValue)
        let statement = try await Self.json(probe, "get \(reference)")
        #expect(
            statement["adherence"]?["code"]?["coding"]?.arrayValue?.first?["code"] == .string("taking-not-as-directed"))
        #expect(statement["derivedFrom"]?.arrayValue?.first?["reference"] == .string("MedicationRequest/ord-11"))
        let (_, refused) = await (try await Self.probe(.r4)).run("adherence 11 --write")
        #expect(refused.contains("R5"))
    }
}
