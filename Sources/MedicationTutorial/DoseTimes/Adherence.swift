import FHIRModel

/// Doses taken of doses due, per week, as a medication diary shows it: only doses whose time
/// has come count as due, and only the first record of a dose counts (docs/dose-times.md).
public struct Adherence: Sendable {
    /// One week (or the whole span) of the count.
    public struct Tally: Sendable, Equatable {
        public var identifier: String
        public var due = 0
        public var taken = 0
        public var missed = 0
        /// Due, with no record at all.
        public var unrecorded = 0

        public init(identifier: String, due: Int = 0, taken: Int = 0, missed: Int = 0, unrecorded: Int = 0) {
            (self.identifier, self.due, self.taken, self.missed, self.unrecorded) = (
                identifier, due, taken, missed, unrecorded
            )
        }

        /// Whole percent taken of due; nil when nothing was due.
        public var percent: Int? { due == 0 ? nil : (taken * 100 + due / 2) / due }
    }

    public let weeks: [Tally]
    public let total: Tally
    /// Records that are no dose's first: a second record, or one at no due time.
    public let extras: [DoseDiary.Extra]

    public init(_ diary: DoseDiary, grouping: DateGrouping, times: DoseTimes) {
        var byWeek: [Int: Tally] = [:]
        var total = Tally(identifier: "all")
        for entry in diary.entries where entry.status != .notYetDue {
            let key = grouping.key(for: times.local(entry.due).day)
            var week = byWeek[key] ?? Tally(identifier: grouping.identifier(of: key))
            for index in [0, 1] {
                var tally = index == 0 ? week : total
                tally.due += 1
                switch entry.status {
                case .taken: tally.taken += 1
                case .missed: tally.missed += 1
                default: tally.unrecorded += 1
                }
                if index == 0 { week = tally } else { total = tally }
            }
            byWeek[key] = week
        }
        weeks = byWeek.keys.sorted().compactMap { byWeek[$0] }
        self.total = total
        extras = diary.extras
    }

    /// The weeks as the `group` chart draws them: taken beside due but not taken.
    public func chart(grouping: DateGrouping) -> AdministrationGroups {
        AdministrationGroups(
            counted: weeks.map {
                GroupCount(identifier: $0.identifier, countTaken: $0.taken, countNotTaken: $0.due - $0.taken)
            }, grouping: grouping)
    }

    /// R5's word for how the patient keeps to the order (MedicationStatement.adherence.code).
    public var adherenceCode: String {
        switch (total.taken, total.due) {
        case (_, 0): "unknown"
        case (0, _): "not-taking"
        case (let taken, let due) where taken == due: "taking-as-directed"
        default: "taking-not-as-directed"
        }
    }
}
