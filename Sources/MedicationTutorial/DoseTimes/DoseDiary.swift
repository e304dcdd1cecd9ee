import FHIRModel

/// An order's due doses beside the administrations recorded for it, as docs/dose-times.md
/// ("Doses and what was recorded") matches them: each due dose owns a slot from halfway since
/// the dose before to halfway to the next, and the first record in it says what happened.
public struct DoseDiary: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case taken, missed, overdue
        case notYetDue = "not yet due"
    }

    /// A due dose and what became of it.
    public struct Entry: Sendable {
        public let due: Int
        public let status: Status
        /// The administration that says so, and when it was recorded as given.
        public let record: Administration?
        public let recorded: Int?
        /// The instants a record of this dose falls in: halfway to the doses either side.
        public let slot: Swift.Range<Int>
    }

    /// A record that is not a due dose's first: a second one in a slot, or one in no slot.
    public struct Extra: Sendable {
        public enum Kind: String, Sendable {
            case recordedTwice = "recorded twice"
            case outside = "outside any due time"
        }

        public let kind: Kind
        public let record: Administration
        public let recorded: Int
    }

    public let entries: [Entry]
    public let extras: [Extra]

    /// Matches `administrations` to `due` (sorted instants). `previous` and `next` are the due
    /// doses just outside, which bound the first and last slots; records in `window` (instants,
    /// end excluded) that fall in no slot are ``Extra/Kind/outside``. A record entered in error
    /// is no record; one with only a date is the first open dose of its day.
    public init(
        due: [Int], previous: Int?, next: Int?, administrations: [Administration], now: Int, window: Swift.Range<Int>,
        times: DoseTimes
    ) {
        let allSlots = Self.slots((previous.map { [$0] } ?? []) + due + (next.map { [$0] } ?? []))
        let slots = Array(allSlots.dropFirst(previous == nil ? 0 : 1).prefix(due.count))
        var owned: [[(Int, Administration)]] = Array(repeating: [], count: due.count)
        var outside: [Extra] = []
        var days: [(Int, Administration)] = []
        for record in administrations where record.status != "entered-in-error" {
            guard let text = record.effective?.startText, let date = FHIRDateTime(text), date.precision >= .day,
                let instant = times.instant(text)
            else { continue }
            if date.precision == .day {
                days.append((instant, record))
            } else if let slot = allSlots.firstIndex(where: { $0.contains(instant) }) {
                let index = slot - (previous == nil ? 0 : 1)
                if due.indices.contains(index) { owned[index].append((instant, record)) }
            } else if window.contains(instant) {
                outside.append(Extra(kind: .outside, record: record, recorded: instant))
            }
        }
        for index in owned.indices { owned[index].sort { $0.0 < $1.0 } }
        for (dayStart, record) in days.sorted(by: { $0.0 < $1.0 }) {
            let day = times.local(dayStart).day
            let ofDay = due.indices.filter { times.local(due[$0]).day == day }
            if let open = ofDay.first(where: { owned[$0].isEmpty }) ?? ofDay.first {
                owned[open].append((dayStart, record))
            } else if window.contains(dayStart) {
                outside.append(Extra(kind: .outside, record: record, recorded: dayStart))
            }
        }
        entries = due.indices.map { index in
            guard let (instant, record) = owned[index].first else {
                let status: Status = due[index] <= now ? .overdue : .notYetDue
                return Entry(due: due[index], status: status, record: nil, recorded: nil, slot: slots[index])
            }
            return Entry(
                due: due[index], status: record.taken ? .taken : .missed, record: record, recorded: instant,
                slot: slots[index])
        }
        extras =
            (owned.flatMap { $0.dropFirst().map { Extra(kind: .recordedTwice, record: $1, recorded: $0) } } + outside)
            .sorted { $0.recorded < $1.recorded }
    }

    /// Each dose's slot; the first and last reach as far on their open side as on the other,
    /// a lone dose twelve hours either way.
    public static func slots(_ due: [Int]) -> [Swift.Range<Int>] {
        guard due.count > 1 else { return due.map { ($0 - 43_200)..<($0 + 43_200) } }
        return due.indices.map { index in
            let before = index > 0 ? (due[index] - due[index - 1]) : (due[1] - due[0])
            let after = index < due.count - 1 ? (due[index + 1] - due[index]) : before
            return (due[index] - before / 2)..<(due[index] + (after + 1) / 2)
        }
    }

    /// How many due doses have each status.
    public func count(_ status: Status) -> Int { entries.count { $0.status == status } }
}
