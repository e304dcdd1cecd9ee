/// Expected lines against actual ones: which agree, which went, which came.
enum LineDiff {
    enum Edit: Equatable {
        case same(expected: String, actual: String)
        case removed(String)
        case added(String)
    }

    /// The edits from `expected` to `actual` along a longest common subsequence; `same`
    /// decides which lines agree (a pattern line agrees with the text it matches).
    static func edits(expected: [String], actual: [String], same: (String, String) -> Bool) -> [Edit] {
        let (n, m) = (expected.count, actual.count)
        // Filled from the end so the walk below goes forward.
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] =
                    same(expected[i], actual[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, same(expected[i], actual[j]) {
                edits.append(.same(expected: expected[i], actual: actual[j]))
                (i, j) = (i + 1, j + 1)
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                edits.append(.removed(expected[i]))
                i += 1
            } else {
                edits.append(.added(actual[j]))
                j += 1
            }
        }
        return edits
    }

    /// `--- expected`, `+++ actual`, one hunk over the whole step.
    static func unified(
        expected: [String], actual: [String], expectedStart: Int, same: (String, String) -> Bool
    ) -> [String] {
        let header = ["--- expected", "+++ actual", "@@ -\(expectedStart),\(expected.count) +1,\(actual.count) @@"]
        return header
            + edits(expected: expected, actual: actual, same: same).map { edit in
                switch edit {
                case .same(_, let actual): " " + actual
                case .removed(let line): "-" + line
                case .added(let line): "+" + line
                }
            }
    }
}
