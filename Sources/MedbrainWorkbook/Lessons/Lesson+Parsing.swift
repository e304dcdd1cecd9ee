import FHIRModel
import Foundation

extension Lesson {
    /// Reads a lesson's text; `file` names it in errors and `id` keys its progress.
    ///
    /// `%title`, `%sections` and the transcript directives make the header; `# TITLE` starts
    /// a step (`# try: TITLE` an exercise, `# question: TITLE` a question); `> COMMAND` is
    /// the solution, `also> COMMAND` another way, `wrong> COMMAND` a wrong attempt, `? CHECK`
    /// a check, `hint: TEXT` a hint, `mistake: PATTERN -> TEXT` a pointed hint, `answer: TEXT`
    /// a question's answer, `par: N` the fewest commands that do the step; `% ` a comment for
    /// authors; other lines are narrative, blank lines
    /// ending paragraphs.
    public init(parsing text: String, file: String, id: String) throws(FileError) {
        self.init(id: id, title: id, sections: "", header: Transcript.Header(), steps: [])
        var paragraph: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            do { try read(line, paragraph: &paragraph) } catch {
                throw FileError(file: file, line: index + 1, problem: error.description)
            }
        }
        endParagraph(&paragraph)
        guard !steps.isEmpty else { throw FileError(file: file, line: 1, problem: "a lesson needs a step") }
        for step in steps {
            if let problem = step.problem { throw FileError(file: file, line: 1, problem: problem) }
        }
        // Made absolute, so the server finds the data whatever the folder it starts in.
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        loads = loads.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).standardizedFileURL.path }
        if let missing = loads.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw FileError(file: file, line: 1, problem: "%load names \(missing), which is not there")
        }
    }

    private mutating func read(_ line: String, paragraph: inout [String]) throws(WorkbookProblem) {
        if line.isBlank || line.hasPrefix("% ") || line == "%" {
            if !line.hasPrefix("%") { endParagraph(&paragraph) }
            return
        }
        if line.hasPrefix("%") {
            guard steps.isEmpty else { throw WorkbookProblem("%directives belong before the first step") }
            return try setHeader(line)
        }
        if line.hasPrefix("# ") {
            endParagraph(&paragraph)
            return steps.append(try Self.stepHeading(String(line.dropFirst(2))))
        }
        guard !steps.isEmpty else { throw WorkbookProblem("text before the first step; a step starts with '# TITLE'") }
        if try readPart(line) { return endParagraph(&paragraph) }
        paragraph.append(line.trimmingSpaces())
    }

    /// A line that is part of the current step rather than narrative; false for narrative.
    private mutating func readPart(_ line: String) throws(WorkbookProblem) -> Bool {
        let last = steps.count - 1
        if line.hasPrefix("> ") {
            steps[last].commands.append(String(line.dropFirst(2)))
        } else if line.hasPrefix("? ") {
            steps[last].checks.append(try LessonCheck(String(line.dropFirst(2))))
        } else if line.hasPrefix("hint: ") {
            steps[last].hints.append(String(line.dropFirst(6)))
        } else if line.hasPrefix("answer: ") {
            steps[last].answers.append(try LessonAnswer(String(line.dropFirst(8)).trimmingSpaces()))
        } else if line.hasPrefix("mistake: ") {
            steps[last].mistakes.append(try Self.mistake(String(line.dropFirst(9))))
        } else if line.hasPrefix("type: ") {
            steps[last].answerType = try AnswerType(String(line.dropFirst(6)).trimmingSpaces())
        } else if line.hasPrefix("unlocks: ") {
            let names = line.dropFirst(9).split(separator: " ").map(String.init)
            guard !names.isEmpty, names.allSatisfy(LessonCommands.allowable.contains) else {
                throw WorkbookProblem("'unlocks:' names commands a lesson's %allow could name; 'help' lists them")
            }
            steps[last].unlocks += names
        } else if line.hasPrefix("par: ") {
            guard let par = Int(line.dropFirst(5).trimmingSpaces()), par > 0, steps[last].par == nil else {
                throw WorkbookProblem("a step's par is written once, 'par: N', N the fewest commands that do it")
            }
            steps[last].par = par
        } else if let (route, command) = Self.route(line) {
            try steps[last].add(command, toRoute: route)
        } else {
            return false
        }
        return true
    }

    /// `try: TITLE`, `question: TITLE`, `show: TITLE` or just `TITLE` (a demonstration).
    private static func stepHeading(_ heading: String) throws(WorkbookProblem) -> Step {
        for kind in Kind.allCases where heading.hasPrefix(kind.rawValue + ": ") {
            return Step(title: String(heading.dropFirst(kind.rawValue.count + 2)), kind: kind)
        }
        return Step(title: heading)
    }

    /// `also> …`, `also2> …`, `wrong> …`: the route's name (with its number) and the command.
    private static func route(_ line: String) -> (String, String)? {
        guard let mark = line.firstIndex(of: ">"), line[mark...].hasPrefix("> ") else { return nil }
        let name = line[..<mark]
        let word = name.prefix { $0.isLetter }
        guard word == "also" || word == "wrong", name.dropFirst(word.count).allSatisfy(\.isNumber) else { return nil }
        return (String(name), String(line[mark...].dropFirst(2)))
    }

    private static func mistake(_ text: String) throws(WorkbookProblem) -> Mistake {
        let parts = text.components(separatedBy: " -> ")
        guard parts.count == 2, !parts[0].isBlank, !parts[1].isBlank else {
            throw WorkbookProblem("a mistake is written 'mistake: PATTERN -> what to say'")
        }
        let pattern = parts[0].trimmingSpaces()
        let computed = pattern.hasPrefix("answer fhirpath ") ? try LessonAnswer(String(pattern.dropFirst(7))) : nil
        return Mistake(pattern: pattern, feedback: parts[1].trimmingSpaces(), computed: computed)
    }

    private mutating func endParagraph(_ paragraph: inout [String]) {
        guard !paragraph.isEmpty, !steps.isEmpty else { return }
        steps[steps.count - 1].narrative.append(paragraph.joined(separator: " "))
        paragraph = []
    }

    private mutating func setHeader(_ line: String) throws(WorkbookProblem) {
        let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let value = words.count > 1 ? words[1] : ""
        switch words[0] {
        case "title": title = value
        case "sections": sections = value
        case "pause": throw WorkbookProblem("%pause belongs in transcripts, not lessons")
        case "allow":
            let names = value.split(separator: " ").map { $0.lowercased() }
            guard !names.isEmpty else { throw WorkbookProblem("%allow needs the names of the commands allowed") }
            if let unknown = names.first(where: { !LessonCommands.allowable.contains($0) }) {
                throw WorkbookProblem("%allow names '\(unknown)', which is no command; 'help' lists them")
            }
            allowedCommands = names
        case "withhold":
            guard value == "instructions" else { throw WorkbookProblem("%withhold takes one word: instructions") }
            withholdsInstructions = true
        case "auth":
            guard value == "smart" else { throw WorkbookProblem("%auth takes one word: smart") }
            guard header.server != nil else { throw WorkbookProblem("%auth needs a built-in server (%server)") }
            asksForSMART = true
        case "load":
            guard !value.isEmpty else { throw WorkbookProblem("%load needs a file or folder, beside the lesson") }
            guard header.server != nil else { throw WorkbookProblem("%load needs a built-in server (%server)") }
            loads.append(value)
        case "server", "now", "timezone", "width": try header.set(words[0], value)
        default:
            throw WorkbookProblem(
                "unknown directive %\(words[0]); known: %title, %sections, %allow, %withhold, %server, %auth, %load, %now, "
                    + "%timezone, %width")
        }
    }
}

extension Lesson.Step {
    /// `also> CMD` lines with the same name are one route, in order; so are `wrong> CMD` lines.
    mutating func add(_ command: String, toRoute name: String) throws(WorkbookProblem) {
        let isWrong = name.hasPrefix("wrong")
        let number = Int(name.drop { $0.isLetter }) ?? 1
        guard number >= 1, number <= 9 else { throw WorkbookProblem("routes are numbered 1 to 9: \(name)>") }
        if isWrong {
            while wrongAttempts.count < number { wrongAttempts.append([]) }
            wrongAttempts[number - 1].append(command)
        } else {
            while otherRoutes.count < number { otherRoutes.append([]) }
            otherRoutes[number - 1].append(command)
        }
    }

    /// What makes the step unusable, said when the lesson is read.
    var problem: String? {
        if kind == .question {
            if answers.isEmpty { return "question '\(title)' has no 'answer: TEXT'" }
            if commands.isEmpty { return "question '\(title)' has no '> answer …' solution" }
        } else if checks.isEmpty {
            return "step '\(title)' has no '? CHECK'"
        }
        if let par, par < commands.count {
            return "step '\(title)' has par \(par), but its solution takes \(commands.count) commands"
        }
        if otherRoutes.contains(where: \.isEmpty) || wrongAttempts.contains(where: \.isEmpty) {
            return "step '\(title)' numbers its routes with a gap"
        }
        return nil
    }
}
