import MedbrainREPL

/// `same-as GET PATH EXPRESSION`: a search checked against the server's own answer rather
/// than a number written in the lesson, so the check holds on any student's seeded data and
/// still refuses a search narrowed, widened or aimed at another patient.
extension LessonCheck {
    static func missingSame(_ expression: String, as path: String, in repl: any LessonHost) async -> String? {
        let result: [String]
        let server: [String]
        switch await values(of: expression, on: nil, in: repl) {
        case .success(let values): result = values
        case .failure(let problem): return problem.description
        }
        switch await values(of: expression, on: path, in: repl) {
        case .success(let values): server = values
        case .failure(let problem): return problem.description
        }
        // The server's values are not said: they would give away what the step asks to find.
        return result.sorted() == server.sorted()
            ? nil : "the last result differs from the server's answer to the search this step asks for"
    }
}
