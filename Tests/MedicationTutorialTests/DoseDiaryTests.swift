import FHIRModel
import Foundation
import MedicationTutorial
import Testing

/// Records matched to due doses: slots halfway between doses, the first record decides, the
/// rest are recorded twice or outside any due time; adherence counts taken of due.
@Suite("Due doses beside what was recorded")
struct DoseDiaryTests {
    let times = DoseTimes(timeZone: TimeZone(identifier: "Europe/Vienna")!)

    /// Twice a day from 15 August 2016, 07:00.
    func order() throws -> Order {
        var order = try Order(
            json: try JSONParser.parse(
                #"{"resourceType":"MedicationRequest","id":"o","status":"active","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2016-08-15T07:00:00+02:00","dosageInstruction":[{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d"}}}]}"#
            ))
        order.header.id = "o"
        return order
    }

    func record(_ id: String, _ time: String, taken: Bool = true) -> Administration {
        var record = Administration(id: id, taken: taken)
        record.effective = .dateTime(time)
        return record
    }

    @Test func eachStatusAndEachExtra() throws {
        let records = [
            record("a", "2016-08-15T08:10:00+02:00"), record("b", "2016-08-15T09:00:00+02:00"),
            record("c", "2016-08-15T19:00:00+02:00", taken: false), record("d", "2016-08-15T01:00:00+02:00"),
        ]
        let day = try #require(CivilDay("2016-08-15"))
        let now = try #require(times.instant("2016-08-16T12:00:00+02:00"))
        let diary = try times.diary(
            of: try order(), administrations: records, from: day, through: day.adding(days: 1), now: now)
        #expect(diary.entries.map(\.status) == [.taken, .missed, .overdue, .notYetDue])
        #expect(diary.entries.map { $0.record?.id } == ["a", "c", nil, nil])
        #expect(
            diary.extras.map { "\($0.record.id ?? "") \($0.kind.rawValue)" } == [
                "d outside any due time", "b recorded twice",
            ])
        let adherence = Adherence(diary, grouping: DateGrouping(mode: .week), times: times)
        #expect(adherence.total == Adherence.Tally(identifier: "all", due: 3, taken: 1, missed: 1, unrecorded: 1))
        #expect(adherence.total.percent == 33)
        #expect(adherence.adherenceCode == "taking-not-as-directed")
    }

    /// Found by review: a record entered in error took a dose's place, and a date alone was read
    /// as midnight, the evening before's slot.
    @Test func recordsInErrorAreNoneAndADateIsItsDaysFirstOpenDose() throws {
        var wrong = record("x", "2016-08-15T08:00:00+02:00")
        wrong.status = "entered-in-error"
        let records = [wrong, record("a", "2016-08-16"), record("b", "2016-08-16"), record("c", "2016-08-16")]
        let day = try #require(CivilDay("2016-08-15"))
        let now = try #require(times.instant("2016-08-17T12:00:00+02:00"))
        let diary = try times.diary(
            of: try order(), administrations: records, from: day, through: day.adding(days: 1), now: now)
        #expect(diary.entries.map { $0.record?.id } == [nil, nil, "a", "b"])
        #expect(diary.extras.map { "\($0.record.id ?? "") \($0.kind.rawValue)" } == ["c recorded twice"])
    }

    @Test func slotsMeetHalfwayAndMirrorAtTheEnds() {
        let slots = DoseDiary.slots([0, 100, 300])
        #expect(slots == [-50..<50, 50..<200, 200..<400])
        #expect(DoseDiary.slots([1000]) == [(1000 - 43_200)..<(1000 + 43_200)])
    }
}
