extension String {
    /// Levenshtein distance to `other`, letters compared without case: how many edits a
    /// misspelling is from a name, for every "did you mean" (commands, resource types,
    /// FHIRPath's elements and functions).
    public func editDistance(to other: String) -> Int {
        let left = Array(lowercased())
        let right = Array(other.lowercased())
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (i, l) in left.enumerated() {
            var row = [i + 1]
            for (j, r) in right.enumerated() {
                row.append(Swift.min(previous[j + 1] + 1, row[j] + 1, previous[j] + (l == r ? 0 : 1)))
            }
            previous = row
        }
        return previous[right.count]
    }
}
