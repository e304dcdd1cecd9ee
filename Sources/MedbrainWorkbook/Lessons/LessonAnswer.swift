import FHIRPath
import MedbrainREPL

/// A question's accepted answer: stated in the lesson (`answer: 14`), or computed from what
/// the server holds when the student answers (`answer: fhirpath GET PATH EXPRESSION`), so the
/// question stays right when the data changes.
public enum LessonAnswer: Sendable, Equatable {
    /// As the lesson writes it; the question's ``AnswerType`` compares it.
    case stated(String)
    /// Every item of the expression's result on the answer to `GET path`.
    case computed(path: String, expression: String)

    /// An `answer:` line's text; a computed answer's expression is parsed now, so a mistake
    /// in it is refused when the lesson is read.
    init(_ text: String) throws(WorkbookProblem) {
        guard text.hasPrefix("fhirpath ") else {
            self = .stated(text)
            return
        }
        let words = text.split(separator: " ").map(String.init)
        guard words.count >= 4, words[1] == "GET",
            case .fhirpath(let path?, let expression) = try LessonCheck.fhirPathCheck(Array(words.dropFirst()))
        else { throw WorkbookProblem("a computed answer needs fhirpath GET PATH EXPRESSION") }
        self = .computed(path: path, expression: expression)
    }

    var isComputed: Bool {
        if case .computed = self { return true }
        return false
    }

    /// The accepted values, as written or computed; a computed answer the server could not
    /// give says why.
    func values(in repl: any LessonHost) async -> Result<[String], WorkbookProblem> {
        switch self {
        case .stated(let value): return .success([value])
        case .computed(let path, let expression): return await LessonCheck.values(of: expression, on: path, in: repl)
        }
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
