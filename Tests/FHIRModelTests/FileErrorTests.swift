import FHIRModel
import Testing

/// Every file Medbrain cannot use is named as a compiler names it, with the line when one is at fault.
@Suite("a file's error")
struct FileErrorTests {
    @Test(
        arguments: [
            (
                FileError(file: "lessons/03-orders.txt", line: 12, problem: "a step needs a %check"),
                "lessons/03-orders.txt:12: a step needs a %check"
            ),
            (
                FileError(file: "store.json.journal", line: 1, problem: "not a JSON array"),
                "store.json.journal:1: not a JSON array"
            ),
            (
                FileError(file: "built-in de.json", problem: "messages.every is missing"),
                "built-in de.json: messages.every is missing"
            ),
        ])
    func readsAsACompilersError(error: FileError, text: String) {
        #expect(error.description == text)
        #expect("\(error)" == text)
    }
}
