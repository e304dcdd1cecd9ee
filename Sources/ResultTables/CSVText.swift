/// CSV as RFC 4180 writes it, safe to open in a spreadsheet: the progress exports for grading.
public enum CSVText {
    /// One field: quoted when it holds a comma, quote or line break, its quotes doubled; a field a
    /// spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or return first) gets a
    /// leading `'`, so a student's typed answer stays text (OWASP's CSV injection advice).
    public static func field(_ text: String) -> String {
        var text = text
        // The first code point, not Character: `=` with a joiner after it is one Character, and
        // still a formula to a spreadsheet.
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { text = "'" + text }
        guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The header and rows, each line ended by CRLF.
    public static func table(_ header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// The columns of a progress export: a row per student and exercise. The REPL's files
    /// (`medbrain progress --format csv`) and the class server (`/class/progress.csv`) both write it.
    public static let progressHeader = [
        "student", "lesson", "step", "title", "solved", "solution_shown", "hints", "wrong_attempts", "commands",
        "seconds", "tried",
    ]
}
