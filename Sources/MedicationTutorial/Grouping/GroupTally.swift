import FHIRModel
import Foundation

/// The counts of ``AdministrationGroups`` for one stretch of administrations; stretches
/// counted apart (on several cores) add up to the counts of the whole.
struct GroupTally: Sendable {
    /// The window's group keys: `first` and the ones after it.
    let first: Int
    let last: Int
    var taken: [Int]
    var notTaken: [Int]
    var (before, after, undated) = (0, 0, 0)
    var newest: Int?

    init(first: Int, last: Int) {
        (self.first, self.last) = (first, last)
        taken = [Int](repeating: 0, count: last - first + 1)
        notTaken = taken
    }

    /// Counts `administrations` into the groups of `grouping`, dates read in `timeZone`.
    ///
    /// One pass; the only lookups are array indexes and the cached time-zone offsets.
    mutating func count(_ administrations: ArraySlice<Administration>, grouping: DateGrouping, timeZone: TimeZone) {
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
    }

    /// Adds the counts of another stretch, counted for the same window.
    mutating func add(_ other: GroupTally) {
        for index in taken.indices {
            taken[index] += other.taken[index]
            notTaken[index] += other.notTaken[index]
        }
        (before, after, undated) = (before + other.before, after + other.after, undated + other.undated)
        newest = [newest, other.newest].compactMap { $0 }.max()
    }
}
