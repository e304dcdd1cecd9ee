import Foundation

/// The CPU time the whole process has used, on every thread, user and system together.
///
/// Printed beside a wall-clock time, it tells how much of a step ran in parallel, and whether
/// a slow run did more work or waited for a machine busy with something else.
enum ProcessCPU {
    static func used() -> Swift.Duration {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return .zero }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    private static func duration(_ time: timeval) -> Swift.Duration {
        .seconds(time.tv_sec) + .microseconds(time.tv_usec)
    }
}
