import FHIRModel
import Foundation

/// One group of the chart: the tutorial's `GroupData` (§13.6.2).
public struct GroupCount: Sendable, Equatable {
    public var identifier: String
    public var countTaken: Int
    public var countNotTaken: Int

    public init(identifier: String, countTaken: Int, countNotTaken: Int) {
        self.identifier = identifier
        self.countTaken = countTaken
        self.countNotTaken = countNotTaken
    }
}

/// Administrations counted per group over a window of groups ending with today's (§13.6).
///
/// Every group of the window is present, oldest first, even when empty. Nothing is
/// dropped silently: administrations before or after the window, and those whose date is
/// missing or too coarse for the grouping (a month-only date cannot go in a week), are
/// counted apart, so the counts always add up to the input.
public struct AdministrationGroups: Sendable, Equatable {
    public let grouping: DateGrouping
    /// The window's groups, oldest first.
    public let groups: [GroupCount]
    public let before: Int
    public let after: Int
    /// Without a date, or with one too coarse for the grouping.
    public let undated: Int
    /// The group of the newest dated administration, to point at when the window is empty.
    public let newestIdentifier: String?

    /// All administrations counted: window, before, after and undated.
    public var total: Int { groups.reduce(0) { $0 + $1.countTaken + $1.countNotTaken } + before + after + undated }

    /// Groups `administrations` into the `count` groups ending with the group of `today`.
    ///
    /// One pass over the administrations; the only lookups are array indexes and the
    /// cached time-zone offsets.
    public init(
        _ administrations: [Administration], grouping: DateGrouping, today: CivilDay, timeZone: TimeZone, count: Int = 8
    ) {
        let window = max(count, 1)
        let last = grouping.key(for: today)
        let first = last - window + 1
        var taken = [Int](repeating: 0, count: window)
        var notTaken = [Int](repeating: 0, count: window)
        var (before, after, undated) = (0, 0, 0)
        var newest: Int?
        var calendar = LocalCalendar(timeZone: timeZone)
        // Indexing reads the two fields in place; iterating would copy each whole administration.
        for index in administrations.indices {
            guard let text = administrations[index].effective?.startText, let date = calendar.local(text),
                date.precision >= grouping.mode.precisionNeeded
            else {
                undated += 1
                continue
            }
            let key = grouping.key(for: date.day)
            newest = max(newest ?? key, key)
            if key < first {
                before += 1
            } else if key > last {
                after += 1
            } else if administrations[index].taken {
                taken[key - first] += 1
            } else {
                notTaken[key - first] += 1
            }
        }
        self.grouping = grouping
        groups = (0..<window).map {
            GroupCount(
                identifier: grouping.identifier(of: first + $0), countTaken: taken[$0], countNotTaken: notTaken[$0])
        }
        (self.before, self.after, self.undated) = (before, after, undated)
        newestIdentifier = newest.map(grouping.identifier(of:))
    }
}

extension GroupingMode {
    /// The coarsest date that still says which group it is in.
    var precisionNeeded: FHIRDateTime.Precision {
        switch self {
        case .year: .year
        case .month: .month
        case .week, .day: .day
        }
    }
}
