import FHIRModel
import FHIRValidation
import Foundation

/// What validation costs: a `collection` Bundle of many R4 administrations validated whole, and
/// one administration at a time as the built-in server validates each create, with the
/// specification's invariants and bindings and without them (what Medbrain checked before it
/// had them: the release's elements, cardinality, JSON kinds, primitives' formats and the
/// tutorial's rules). Each figure is the median of `runs`.
struct ValidationBenchmark {
    let administrations: Int
    var runs = 3

    func run() -> [String] {
        let pages = AdministrationPages(count: administrations, order: "ord-01")
        let resources = pages.resources
        var bundle = FHIRModel.Bundle(type: "collection")
        bundle.entry = resources.enumerated().map { index, resource in
            BundleEntry(
                fullUrl: "http://127.0.0.1:8080/fhir/MedicationAdministration/scale-\(index)", resource: resource)
        }
        let whole = bundle.json
        var lines: [String] = []
        for rules in [false, true] {
            var validator = ResourceValidator(version: .r4)
            validator.checksSpecificationRules = rules
            validator.invariantBudget = nil
            let label = rules ? "with invariants and bindings" : "without them (before)"
            var problems = 0
            let bundleTime = median {
                problems = validator.issues(in: whole, type: "Bundle") { _, _ in true }.filter(\.isError).count
            }
            let oneByOne = median {
                for resource in resources {
                    _ = validator.issues(in: resource, type: "MedicationAdministration") { _, _ in true }
                }
            }
            let perSecond = Double(administrations) / oneByOne.seconds
            lines.append(
                "validate a Bundle of \(administrations) administrations, \(label): \(bundleTime) "
                    + "(\(problems) errors); one at a time: \(Int(perSecond)) resources/s")
        }
        return lines
    }

    private func median(_ work: () -> Void) -> Swift.Duration {
        let clock = ContinuousClock()
        let times = (0..<runs).map { _ in clock.measure(work) }.sorted()
        return times[times.count / 2]
    }
}
