import FHIRModel

extension Lesson {
    /// Reads a lesson's text; `file` names it in errors and `id` keys its progress.
    ///
    /// `%title`, `%sections` and the transcript directives make the header; `# TITLE` starts
    /// a step; `> COMMAND` is what to type, `? CHECK` a check, `hint: TEXT` a hint; `% ` a
    /// comment for authors; other lines are narrative, blank lines ending paragraphs.
    public init(parsing text: String, file: String, id: String) throws(WorkbookFileError) {
        self.init(id: id, title: id, sections: "", header: Transcript.Header(), steps: [])
        var paragraph: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let place = { (problem: String) in WorkbookFileError(file: file, line: index + 1, problem: problem) }
            if line.isBlank || line.hasPrefix("% ") || line == "%" {
                if !line.hasPrefix("%") { endParagraph(&paragraph) }
            } else if line.hasPrefix("%") {
                guard steps.isEmpty else { throw place("%directives belong before the first step") }
                do { try setHeader(line) } catch { throw place(error.description) }
            } else if line.hasPrefix("# ") {
                endParagraph(&paragraph)
                steps.append(Step(title: String(line.dropFirst(2)), narrative: [], commands: [], checks: [], hints: []))
            } else if steps.isEmpty {
                throw place("text before the first step; a step starts with '# TITLE'")
            } else if line.hasPrefix("> ") {
                endParagraph(&paragraph)
                steps[steps.count - 1].commands.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("? ") {
                do { steps[steps.count - 1].checks.append(try LessonCheck(String(line.dropFirst(2)))) } catch {
                    throw place(error.description)
                }
            } else if line.hasPrefix("hint: ") {
                steps[steps.count - 1].hints.append(String(line.dropFirst(6)))
            } else {
                paragraph.append(line.trimmingSpaces())
            }
        }
        endParagraph(&paragraph)
        guard !steps.isEmpty else { throw WorkbookFileError(file: file, line: 1, problem: "a lesson needs a step") }
        if let empty = steps.first(where: { $0.checks.isEmpty }) {
            throw WorkbookFileError(file: file, line: 1, problem: "step '\(empty.title)' has no '? CHECK'")
        }
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
        case "server", "now", "timezone", "width": try header.set(words[0], value)
        default:
            throw WorkbookProblem(
                "unknown directive %\(words[0]); known: %title, %sections, %server, %now, %timezone, %width")
        }
    }
}
