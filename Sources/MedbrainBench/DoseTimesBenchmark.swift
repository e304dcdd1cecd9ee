import FHIRModel
import Foundation
import MedicationTutorial

/// Dose times: a year of a three-times-daily order expanded again and again, beside rendering
/// its sentence; then the work of `schedule` over many orders (a day's doses of each matched to
/// two weeks of administrations), beside rendering their instructions.
struct DoseTimesBenchmark {
    let expansions: Int
    let orders: Int

    /// Three times a day, in Vienna, over 2016: 366 days and both clock changes.
    static let dosage = #"{"timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}}"#

    func run() throws -> [String] {
        let vienna = TimeZone(identifier: "Europe/Vienna") ?? .gmt
        let times = DoseTimes(timeZone: vienna)
        let dosage = OrderDosage(try R4.Dosage(json: try JSONParser.parse(Self.dosage), path: "Dosage"))
        let (first, last) = (CivilDay(year: 2016, month: 1, day: 1), CivilDay(year: 2016, month: 12, day: 31))
        let clock = ContinuousClock()
        var doses = 0
        let expanding = try clock.measure {
            for _ in 0..<expansions {
                doses &+= try times.doses(of: dosage, start: "2015-12-01", from: first, through: last).count
            }
        }
        let renderer = InstructionsRenderer(language: try LanguageCatalog.standard().language("en"))
        var characters = 0
        let rendering = clock.measure {
            for _ in 0..<expansions { characters &+= renderer.instructions(for: dosage, version: .r4).sentence.count }
        }
        let years = Int(Double(expansions) / expanding.seconds)
        let perSecond = Int(Double(doses) / expanding.seconds)
        let ratio = String(format: "%.1f", expanding.seconds / rendering.seconds)
        var lines = [
            "doses: a year of 3 a day (\(doses / max(expansions, 1)) doses) expanded \(expansions) times in "
                + "\(Self.ms(expanding)) ms: \(years) years per second, \(perSecond) dose times per second",
            "doses: the same dosage's sentence rendered \(expansions) times in \(Self.ms(rendering)) ms "
                + "(expanding / rendering: \(ratio))",
        ]
        lines += try schedule(times: times, renderer: renderer)
        return lines
    }

    /// What `schedule` computes for each order, without the HTTP: today's doses, matched to its
    /// administrations, and the next dose.
    private func schedule(times: DoseTimes, renderer: InstructionsRenderer) throws -> [String] {
        let today = CivilDay(year: 2016, month: 8, day: 16)
        let now = times.instant(localDay: today) + 10 * 3600
        let plans = try (0..<orders).map { index -> (Order, [Administration]) in
            let timing = Self.timings[index % Self.timings.count]
            var order = try Order(
                json: try JSONParser.parse(
                    #"{"resourceType":"MedicationRequest","id":"o\#(index)","status":"active","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2016-08-01T09:00:00+02:00","dosageInstruction":[{"timing":\#(timing)}]}"#
                ))
            order.header.id = "o\(index)"
            let records = (0..<28).map { day -> Administration in
                var record = Administration(id: "a\(index)-\(day)", taken: day % 5 != 0)
                record.effective = .dateTime(
                    times.text(times.instant(localDay: today.adding(days: -day / 2)) + 8 * 3600))
                return record
            }
            return (order, records)
        }
        let clock = ContinuousClock()
        var entries = 0
        let scheduling = try clock.measure {
            for (order, records) in plans {
                let diary = try times.diary(of: order, administrations: records, from: today, through: today, now: now)
                entries &+= diary.entries.count + (times.next(of: order, after: now) == nil ? 0 : 1)
            }
        }
        var characters = 0
        let rendering = clock.measure {
            for (order, _) in plans {
                characters &+= renderer.instructions(for: order.dosages[0], version: .r4).sentence.count
            }
        }
        return [
            "schedule: \(orders) orders (a day's doses matched to 28 administrations each, and the next dose) in "
                + "\(Self.ms(scheduling)) ms, \(entries) doses shown",
            "schedule: the same orders' instructions rendered in \(Self.ms(rendering)) ms "
                + "(schedule / instructions: \(String(format: "%.1f", scheduling.seconds / rendering.seconds)))",
        ]
    }

    static let timings = [
        #"{"repeat":{"frequency":2,"period":1,"periodUnit":"d"}}"#,
        #"{"repeat":{"frequency":1,"period":1,"periodUnit":"d","when":["ACM"],"offset":30}}"#,
        #"{"repeat":{"frequency":1,"period":8,"periodUnit":"h"}}"#,
        #"{"repeat":{"frequency":2,"period":1,"periodUnit":"wk","dayOfWeek":["mon","thu"],"when":["MORN"]}}"#,
        #"{"repeat":{"boundsDuration":{"value":30,"code":"d"},"frequency":3,"period":1,"periodUnit":"d"}}"#,
    ]

    static func ms(_ duration: Swift.Duration) -> String { String(format: "%.1f", duration.seconds * 1000) }
}
