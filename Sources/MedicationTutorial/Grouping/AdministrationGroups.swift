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
    public init(
        _ administrations: [Administration], grouping: DateGrouping, today: CivilDay, timeZone: TimeZone, count: Int = 8
    ) {
        var tally = Self.emptyTally(grouping: grouping, today: today, count: count)
        tally.count(administrations[...], grouping: grouping, timeZone: timeZone)
        self.init(tally, grouping: grouping)
    }

    /// The same groups, a long list counted in parts on every core: a million administrations
    /// take a fifth of a second on one.
    public static func counting(
        _ administrations: [Administration], grouping: DateGrouping, today: CivilDay, timeZone: TimeZone, count: Int = 8
    ) async -> AdministrationGroups {
        let empty = emptyTally(grouping: grouping, today: today, count: count)
        let parts = administrations.count < 50_000 ? 1 : ProcessInfo.processInfo.activeProcessorCount
        let size = (administrations.count + parts - 1) / max(parts, 1)
        let tally = await withTaskGroup(of: GroupTally.self) { group in
            for start in stride(from: 0, to: administrations.count, by: max(size, 1)) {
                group.addTask {
                    var part = empty
                    let end = min(start + size, administrations.count)
                    part.count(administrations[start..<end], grouping: grouping, timeZone: timeZone)
                    return part
                }
            }
            return await group.reduce(into: empty) { $0.add($1) }
        }
        return AdministrationGroups(tally, grouping: grouping)
    }

    /// Groups counted elsewhere (`adherence`: doses taken and not taken of those due), for the chart.
    public init(counted groups: [GroupCount], grouping: DateGrouping) {
        (self.grouping, self.groups) = (grouping, groups)
        (before, after, undated, newestIdentifier) = (0, 0, 0, groups.last?.identifier)
    }

    private static func emptyTally(grouping: DateGrouping, today: CivilDay, count: Int) -> GroupTally {
        let last = grouping.key(for: today)
        return GroupTally(first: last - max(count, 1) + 1, last: last)
    }

    private init(_ tally: GroupTally, grouping: DateGrouping) {
        self.grouping = grouping
        groups = tally.taken.indices.map {
            GroupCount(
                identifier: grouping.identifier(of: tally.first + $0), countTaken: tally.taken[$0],
                countNotTaken: tally.notTaken[$0])
        }
        (before, after, undated) = (tally.before, tally.after, tally.undated)
        newestIdentifier = tally.newest.map(grouping.identifier(of:))
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
