import FHIRModel

/// Why a search's item was not understood, said beside it in the 400: a misspelt name with the
/// closest of the type's parameters, a modifier the parameter does not take with the ones it
/// does, a control's value out of its range, a `_sort` by what is not a parameter.
extension SearchPlanReader {
    /// `name=value`, and in brackets what is wrong with it when that can be told.
    func described(_ name: String, _ value: String) -> String {
        let item = value.isEmpty ? name : "\(name)=\(value)"
        return hint(name, value).map { "\(item) (\($0))" } ?? item
    }

    private func hint(_ name: String, _ value: String) -> String? {
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        let base = parts.first ?? ""
        if let range = Self.controlValues[base] { return "\(base) takes \(range)" }
        if base == "_sort" {
            let fields = value.split(separator: ",").map { String($0.drop { $0 == "-" }) }
            guard let field = fields.first(where: { field in !own.contains { $0.name == field } }) else { return nil }
            let guess = closest(to: field).map { "; did you mean \($0)?" } ?? ""
            return "\(type) has no search parameter '\(field)'" + guess
        }
        guard !base.hasPrefix("_") || own.contains(where: { $0.name == base }), !name.contains(".") else {
            return closest(to: base).map { "did you mean \($0)?" }
        }
        if let parameter = own.first(where: { $0.name == base }), parts.count > 1 {
            return "\(base) takes "
                + (SearchCriterion.modifiers(of: parameter) + ["missing"]).map { ":\($0)" }.joined(separator: ", ")
        }
        guard parts.count == 1 else { return nil }
        return closest(to: base).map { "did you mean \($0)?" }
    }

    /// The type's parameter (or a control) nearest to `word`, if near enough to be a slip.
    private func closest(to word: String) -> String? {
        let names = own.map(\.name) + SearchPlan.controls.sorted() + ["_sort", "_include", "_revinclude", "_has"]
        guard let best = names.min(by: { $0.editDistance(to: word) < $1.editDistance(to: word) }),
            best != word, best.editDistance(to: word) <= max(2, word.count / 3)
        else { return nil }
        return best
    }

    /// What each control parameter's value may be.
    static let controlValues = [
        "_count": "a whole number, 0 or more", "_offset": "a whole number from 0 to 1,000,000,000",
        "_summary": "count, data, text or false", "_total": "none, estimate, accurate or count",
        "_totalMethod": "none, estimate, accurate or count", "_elements": "element names, joined by commas",
    ]
}
