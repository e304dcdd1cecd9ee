import FHIRModel
import FHIRPath
import Foundation
import MedicationTutorial

/// What judging Tables 1–4 by their profiles costs: `requirements`' report over many R4
/// administrations, each row judged by the profile cut to it, beside the same rows evaluated
/// as the FHIRPath the tables were written in before they were profiles (`subject.exists()`, …),
/// on the same resources. Each figure is the median of `runs`.
struct RequirementsBenchmark {
    let administrations: Int
    var runs = 3

    func run() throws -> [String] {
        let resources = AdministrationPages(count: administrations, order: "ord-01").resources
        let clock = ContinuousClock()
        var failing = 0
        let profiled = median(clock) {
            failing = RequirementReport(resources: resources, version: .r4).rows.map(\.failing.count).reduce(0, +)
        }
        let rows = try ["subject.exists()", "request.exists()", "medication.exists()", "effective.exists()"].map {
            try FHIRPathExpression($0)
        }
        let environment = FHIRPathEnvironment(model: FHIRVersion.r4.release.model)
        var unmet = 0
        let asFHIRPath = median(clock) {
            unmet = 0
            for resource in resources {
                for row in rows where !((try? row.isTrue(on: resource, environment: environment)) ?? false) {
                    unmet += 1
                }
            }
        }
        return [
            "Tables 1-4 over \(administrations) administrations (R4), judged by the profiles: \(profiled) "
                + "(\(failing) unmet); the same rows as FHIRPath: \(asFHIRPath) (\(unmet) unmet)"
        ]
    }

    private func median(_ clock: ContinuousClock, _ work: () -> Void) -> Swift.Duration {
        let times = (0..<runs).map { _ in clock.measure(work) }.sorted()
        return times[times.count / 2]
    }
}
