import FHIRModel
import Foundation

extension Transcript {
    /// Reads a transcript's text; `file` names it in errors.
    public init(parsing text: String, file: String) throws(FileError) {
        var parser = Parser(file: file)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try parser.read(String(line.hasSuffix("\r") ? line.dropLast() : line), number: index + 1)
        }
        self = parser.finish()
    }

    private struct Parser {
        let file: String
        var header = Header()
        var headerLines: [String] = []
        var steps: [Step] = []
        var pending: [String] = []
        var pause: String?

        init(file: String) { self.file = file }

        mutating func read(_ line: String, number: Int) throws(FileError) {
            if line.hasPrefix(Transcript.prompt) {
                steps.append(
                    Step(
                        command: String(line.dropFirst(Transcript.prompt.count)), line: number, expected: [],
                        preamble: pending, pause: pause))
                (pending, pause) = ([], nil)
            } else if line.hasPrefix("%%") {
                try expect(String(line.dropFirst()), number: number)
            } else if line.hasPrefix("%") {
                try directive(line, number: number)
            } else {
                try expect(line, number: number)
            }
        }

        mutating func expect(_ line: String, number: Int) throws(FileError) {
            guard !steps.isEmpty else {
                if line.isBlank { return headerLines.append(line) }
                throw FileError(file: file, line: number, problem: "output before the first command")
            }
            guard pending.isEmpty else {
                throw FileError(
                    file: file, line: number, problem: "output after a comment; comments go before a command")
            }
            steps[steps.count - 1].expected.append(line)
        }

        mutating func directive(_ line: String, number: Int) throws(FileError) {
            if line == "%" || line.hasPrefix("% ") { return remember(line) }
            let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
            let (name, value) = (words[0], words.count > 1 ? words[1] : "")
            if name == "pause" {
                pause = value
                return pending.append(line)
            }
            guard steps.isEmpty else {
                throw FileError(file: file, line: number, problem: "%\(name) belongs in the header")
            }
            do { try header.set(name, value) } catch {
                throw FileError(file: file, line: number, problem: error.description)
            }
            headerLines.append(line)
        }

        mutating func remember(_ comment: String) {
            if steps.isEmpty { headerLines.append(comment) } else { pending.append(comment) }
        }

        mutating func finish() -> Transcript {
            // Blank lines after a step's output separate it from the next; they are not output.
            for index in steps.indices {
                while steps[index].expected.last?.isEmpty == true { steps[index].expected.removeLast() }
            }
            return Transcript(header: header, headerLines: headerLines, steps: steps, trailer: pending)
        }
    }
}

extension Transcript.Header {
    /// Sets a header directive from its text.
    public mutating func set(_ name: String, _ value: String) throws(WorkbookProblem) {
        switch name {
        case "server":
            let words = value.split(separator: " ").map(String.init)
            if words == ["none"] { return server = nil }
            guard words.count == 2, words[0] == "builtin", let version = FHIRVersion(rawValue: words[1]) else {
                let choices = FHIRVersion.allCases.map { "'builtin \($0.rawValue)'" }.joined(separator: ", ")
                throw WorkbookProblem("%server is \(choices) or 'none'")
            }
            server = version
        case "now":
            guard let date = ISO8601DateFormatter().date(from: value) else {
                throw WorkbookProblem("%now needs a time such as 2016-08-16T08:00:00Z")
            }
            now = date
        case "timezone":
            guard TimeZone(identifier: value) != nil else { throw WorkbookProblem("unknown time zone '\(value)'") }
            timeZone = value
        case "width":
            guard let columns = Int(value), (20...1000).contains(columns) else {
                throw WorkbookProblem("%width is a number of columns from 20 to 1000")
            }
            width = columns
        default:
            throw WorkbookProblem("unknown directive %\(name); known: %server, %now, %timezone, %width, %pause")
        }
    }
}
