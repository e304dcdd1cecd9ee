import Foundation

/// How fast one sign-in name may be tried: a few wrong passwords are free (a typo, a caps lock),
/// then each next try waits twice as long as the one before, up to a quarter of an hour. A guess
/// at a users file's password then costs the attacker hours per dozen tries, not 0.1 s.
///
/// A try is counted as a failure when it starts, before the slow hash is checked, so that many
/// tries sent at once are counted as many. A success forgets the name's failures. Names are
/// counted alike whether or not they are a user's, so the throttle tells nothing of which exist.
struct SignInThrottle: Sendable {
    /// Wrong tries before any wait.
    static let freeTries = 5
    /// The longest wait between two tries of one name.
    static let longestWait: TimeInterval = 900
    /// A name not tried for this long starts afresh.
    static let memory: TimeInterval = 3600
    /// The most names counted at once; one more pushes out the name tried longest ago.
    static let maximumNames = 10_000

    private struct Tries: Sendable {
        var failures: Int
        var last: Date
    }

    private var tries: [String: Tries] = [:]

    /// How long `name` must wait before it is tried again (whole seconds), or nil when it may be
    /// tried now: the try is then counted, as a failure until ``succeeded(_:)`` says otherwise.
    mutating func begin(_ name: String, now: Date) -> Int? {
        tries = tries.filter { now.timeIntervalSince($0.value.last) < Self.memory }
        var counted = tries[name] ?? Tries(failures: 0, last: now)
        let wait = Self.wait(after: counted.failures) - now.timeIntervalSince(counted.last)
        if wait > 0 { return Int(wait.rounded(.up)) }
        if tries[name] == nil, tries.count >= Self.maximumNames,
            let oldest = tries.min(by: { $0.value.last < $1.value.last })
        {
            tries[oldest.key] = nil
        }
        counted.failures += 1
        counted.last = now
        tries[name] = counted
        return nil
    }

    /// The try of `name` was right: its failures are forgotten.
    mutating func succeeded(_ name: String) { tries[name] = nil }

    /// The wait after `failures` wrong tries: none for the first ``freeTries``, then 1 s, 2 s,
    /// 4 s … up to ``longestWait``.
    static func wait(after failures: Int) -> TimeInterval {
        guard failures >= freeTries else { return 0 }
        return min(longestWait, pow(2, Double(min(failures - freeTries, 30))))
    }
}
