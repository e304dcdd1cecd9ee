/// Every function FHIRPath and FHIR define, by name; each section of the specification is a
/// file of its own (`FunctionLibrary+Existence.swift`, …).
enum FunctionLibrary {
    static let functions: [String: FHIRPathFunction] = {
        var all: [String: FHIRPathFunction] = [:]
        for section in [
            existence, filtering, subsetting, combining, conversion, strings, encoding, math, navigation, utility, fhir,
            aggregates,
        ] {
            all.merge(section) { first, _ in first }
        }
        return all
    }()

    /// The names, for completion and "did you mean" hints.
    static var names: [String] { functions.keys.sorted() }
}
