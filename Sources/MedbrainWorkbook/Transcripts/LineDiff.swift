/// A unified diff of expected against actual lines, for a step that printed something else.
enum LineDiff {
    /// `--- expected`, `+++ actual`, one hunk over the whole step; `same` decides which
    /// lines agree (a pattern line agrees with the text it matches).
    static func unified(
        expected: [String], actual: [String], expectedStart: Int, same: (String, String) -> Bool
    ) -> [String] {
        let (n, m) = (expected.count, actual.count)
        // Longest common subsequence, filled from the end so the walk below goes forward.
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] =
                    same(expected[i], actual[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines = ["--- expected", "+++ actual", "@@ -\(expectedStart),\(n) +1,\(m) @@"]
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, same(expected[i], actual[j]) {
                lines.append(" " + actual[j])
                (i, j) = (i + 1, j + 1)
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                lines.append("-" + expected[i])
                i += 1
            } else {
                lines.append("+" + actual[j])
                j += 1
            }
        }
        return lines
    }
}
