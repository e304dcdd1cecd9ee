/// Levenshtein distance, for "did you mean" hints on misspelt elements and functions.
func distance(_ a: String, _ b: String) -> Int {
    let left = Array(a.lowercased())
    let right = Array(b.lowercased())
    guard !left.isEmpty else { return right.count }
    guard !right.isEmpty else { return left.count }
    var previous = Array(0...right.count)
    for (i, l) in left.enumerated() {
        var row = [i + 1]
        for (j, r) in right.enumerated() {
            row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (l == r ? 0 : 1)))
        }
        previous = row
    }
    return previous[right.count]
}
