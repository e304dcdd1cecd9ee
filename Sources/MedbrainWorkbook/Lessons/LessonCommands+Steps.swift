import Foundation
import MedbrainDataset
import MedbrainREPL

/// Starting a lesson, showing a step, moving between steps.
extension LessonCommands {
    /// A fresh session on the lesson's own server state, at the step saved for it; the
    /// commands of the steps before it run again, quietly, so the session is as it was left.
    /// A finished lesson starts again at step 1 and stays finished.
    func start(_ lesson: Lesson, in repl: any LessonHost) async throws {
        // A search check reads which resources each answer found.
        repl.requests.keepsAnswers = true
        // In a class, the lesson's server is the student's workspace on the class server, where
        // the instructor sees it; a lesson with its own SMART login keeps its server here.
        let classroom =
            lesson.asksForSMART || lesson.header.server == nil ? nil : reporter.flatMap { $0.wasRefused ? nil : $0 }
        try await repl.restart(
            now: lesson.header.now, timeZone: lesson.header.timeZone, seed: seed,
            withholdsInstructions: lesson.withholdsInstructions, workspace: classroom?.workspace(for: lesson))
        var entry = progress.lessons[lesson.id] ?? .init()
        if entry.finished { entry.step = 0 }
        entry.step = min(entry.step, lesson.steps.count - 1)
        (progress.lessons[lesson.id], progress.current, startedHere, checking) = (entry, lesson.id, lesson.id, true)
        (hintsShown, answered) = (0, false)
        save(in: repl)
        let sections = lesson.sections.isEmpty ? "" : " (tutorial \(lesson.sections))"
        repl.print("Lesson \(lesson.number.map(String.init) ?? lesson.id): \(lesson.title)\(sections)")
        if let seed { repl.print("(Your own doses, from seed \(seed).)") }
        if classroom == nil, let reporter, let reason = Self.whyHere(lesson, reporter) {
            repl.printWrapped("(This lesson runs on your machine, not the class server: \(reason).)", indent: 0)
        }
        starting = true
        defer { starting = false }
        if let version = lesson.header.server {
            let loads = lesson.loads.map { " --load " + CommandWords.quoted($0) }.joined()
            let auth = lesson.asksForSMART ? " --auth smart" : ""
            guard await repl.execute("connect builtin \(version.rawValue)\(loads)\(auth)"), let base = repl.baseURL
            else {
                throw REPLError("the lesson's server did not start")
            }
            // Its port is free when it starts: the lesson writes [BASE] and [ORIGIN] for its URLs.
            repl.placeholders = [("[BASE]", base), ("[ORIGIN]", RequestPattern.origin(of: base))]
            if let secret = await repl.builtinSignInSecrets().first { repl.placeholders.append(("[SECRET]", secret)) }
            if let classroom { repl.printWrapped(Self.whereItRuns(classroom, base: base), indent: 0) }
        }
        if entry.step > 0 { await replay(lesson.steps[..<entry.step], in: repl) }
        show(lesson, step: entry.step, in: repl)
    }

    /// Where a joined student's lesson runs: their workspace on the class server, or (and why) here.
    static func whereItRuns(_ classroom: ClassReporter, base: String) -> String {
        if base.hasPrefix(classroom.link.origin + "/class/workspaces/") {
            return
                "(This lesson runs on class \(classroom.link.name)'s server, in your own workspace; your instructor sees what you write.)"
        }
        let problem = classroom.workspaceProblem.withLock { $0 } ?? "it did not open one"
        return "(This lesson runs on your machine, not the class server: \(problem).)"
    }

    /// Why a joined student's lesson does not ask the class for its server; nil when it has none.
    static func whyHere(_ lesson: Lesson, _ reporter: ClassReporter) -> String? {
        if lesson.header.server == nil { return nil }
        if lesson.asksForSMART { return "its server has a SMART login of its own, which you approve here" }
        return reporter.wasRefused
            ? "the class server no longer takes your class key; 'login --smart' on it joins again" : nil
    }

    /// Runs the solutions of the steps already done, printing nothing; some fail on purpose.
    private func replay(_ steps: ArraySlice<Lesson.Step>, in repl: any LessonHost) async {
        let lines = steps.flatMap(\.commands).filter { line in
            !Self.names.contains(line.split(separator: " ").first.map { $0.lowercased() } ?? "")
        }
        _ = await repl.executeQuietly(lines)
        repl.print("(Steps 1–\(steps.count) ran again, so the session is where you left it.)")
    }

    func show(_ lesson: Lesson, step index: Int, in repl: any LessonHost) {
        let step = lesson.steps[index]
        requestMark = repl.requests.total
        note(.started, lesson, step: index)
        save(in: repl)
        repl.print("")
        repl.print("Step \(index + 1) of \(lesson.steps.count): \(step.title)")
        for paragraph in step.narrative {
            // A body the student is to paste stays on one line of its own, however wide: wrapped,
            // a paste would send each line as a command.
            for part in NarrativePart.parts(of: paragraph) {
                switch part {
                case .text(let text): repl.printWrapped(text, indent: 2)
                case .json(let json): repl.print("    " + json)
                }
            }
        }
        switch step.kind {
        case .show:
            for command in step.commands { repl.print("  Type:  \(command)") }
        case .try:
            repl.printWrapped("Your turn. \(Self.help(for: step))", indent: 2)
        case .question:
            repl.printWrapped("Answer with 'answer VALUE'. \(Self.help(for: step))", indent: 2)
        }
    }

    private static func help(for step: Lesson.Step) -> String {
        let hints = step.hints.count
        let offer = hints == 0 ? "" : hints == 1 ? "'hint' gives a hint, " : "'hint' gives a hint (\(hints) in all), "
        return "\(offer)'solution' shows one way."
    }

    /// After step `index` is done: says so (and how an exercise went), then the next step, or
    /// the end of the lesson (and of the workbook).
    func advance(_ lesson: Lesson, from index: Int, in repl: any LessonHost) {
        repl.print("Step \(index + 1) done\(recordSolved(lesson, step: index)).")
        note(.solved, lesson, step: index)
        (hintsShown, answered) = (0, false)
        guard index + 1 == lesson.steps.count else {
            progress.lessons[lesson.id, default: .init()].step = index + 1
            save(in: repl)
            return show(lesson, step: index + 1, in: repl)
        }
        progress.lessons[lesson.id, default: .init()].finished = true
        note(.finished, lesson, step: index)
        checking = false
        repl.instructionsWithheld = false
        // No check reads the answers now: the session's commands parse each body once again.
        repl.requests.keepsAnswers = false
        save(in: repl)
        repl.print("")
        repl.print("Well done: you finished lesson \(lesson.number.map(String.init) ?? lesson.id), \(lesson.title).")
        suggestNext(after: lesson, in: repl)
    }

    /// The first unfinished lesson after `lesson`, else the first unfinished one at all.
    func suggestNext(after lesson: Lesson, in repl: any LessonHost) {
        let lessons = workbook.lessons
        let after = lessons.drop { $0.id != lesson.id }.dropFirst()
        let unfinished = { (candidate: Lesson) in !(self.progress.lessons[candidate.id]?.finished ?? false) }
        if let next = after.first(where: unfinished) ?? lessons.first(where: unfinished) {
            repl.print("Next: 'lesson \(next.number.map(String.init) ?? next.id)', \(next.title).")
        } else {
            repl.print("That was the last one: you have worked through the whole workbook. Congratulations!")
        }
    }

    func move(by offset: Int, in repl: any LessonHost) throws {
        let (lesson, index) = try active()
        let target = index + offset
        guard lesson.steps.indices.contains(target) else {
            throw REPLError(offset > 0 ? "this is the lesson's last step" : "this is the lesson's first step")
        }
        progress.lessons[lesson.id, default: .init()].step = target
        (hintsShown, checking, answered) = (0, true, false)
        save(in: repl)
        show(lesson, step: target, in: repl)
    }

    func hint(in repl: any LessonHost) throws {
        let (lesson, index) = try active()
        let hints = lesson.steps[index].hints
        guard hintsShown < hints.count else {
            throw REPLError(
                hints.isEmpty
                    ? "this step has no hints; 'solution' shows one way"
                    : "no more hints; 'solution' shows one way")
        }
        hintsShown += 1
        if lesson.steps[index].isExercise {
            let record = progress.lessons[lesson.id, default: .init()][exercise: index]
            progress.lessons[lesson.id, default: .init()][exercise: index].hints = max(record.hints, hintsShown)
        }
        note(.hint, lesson, step: index, detail: "\(hintsShown) of \(hints.count)")
        if lesson.steps[index].isExercise {
            save(in: repl)
        }
        repl.printWrapped("Hint \(hintsShown) of \(hints.count): \(hints[hintsShown - 1])", indent: 0)
    }

    func check(in repl: any LessonHost) async throws {
        let (lesson, index) = try active()
        guard checking else {
            repl.print("You finished this lesson.")
            return suggestNext(after: lesson, in: repl)
        }
        let missing = await missing(lesson.steps[index], in: repl)
        guard missing.isEmpty else { return repl.print("Not yet: \(missing.joined(separator: "; ")).") }
        advance(lesson, from: index, in: repl)
    }

    static let unanswered = "the question is not answered yet"

    /// What the step's checks still miss, in order.
    func missing(_ step: Lesson.Step, in repl: any LessonHost) async -> [String] {
        var missing: [String] = []
        if step.kind == .question, !answered { missing.append(Self.unanswered) }
        for check in step.checks {
            if let what = await check.missing(in: repl, requestsSince: requestMark, step: step) {
                missing.append(what)
            }
        }
        return missing
    }

    func reset(_ name: String?, in repl: any LessonHost) async throws {
        if name == "step" {
            // The lesson's data as it was when the step began: a fresh server, the steps before
            // it run again. What the student destroyed (a deleted order, a spent code) is back.
            guard let (lesson, _) = currentStep(), checking else {
                throw REPLError("no lesson step to reset; 'reset N' starts lesson N over")
            }
            return try await start(lesson, in: repl)
        }
        guard let lesson = try name.map({ try self.lesson(named: $0) }) ?? currentStep()?.0 else {
            throw REPLError("no lesson started; 'reset N' starts lesson N over")
        }
        progress.lessons[lesson.id] = nil
        try await start(lesson, in: repl)
    }
}

extension LessonCommands {
    /// `lesson`, `lesson N`, and either with `--seed TEXT` (alone: the seed in use).
    func lesson(_ arguments: [String], in repl: any LessonHost) async throws {
        var words = arguments
        let json = try Self.asJSON(&words, in: repl)
        if json, !words.contains("--seed") {
            guard words.isEmpty else { throw REPLError("--format json lists the lessons; 'lesson N' starts one") }
            return listJSON(in: repl)
        }
        if let flag = words.firstIndex(of: "--seed") {
            words.remove(at: flag)
            guard flag < words.count else {
                guard words.isEmpty else { throw UsageError() }
                return saySeed(in: repl)
            }
            let text = words.remove(at: flag)
            guard !text.hasPrefix("-") else { throw REPLError("--seed needs a text, such as a number or your name") }
            let seed: DatasetSeed
            switch DatasetSeed.parse(text) {
            case .success(let parsed): seed = parsed
            case .failure(let problem): throw REPLError("--seed: \(problem)")
            }
            progress.seed = seed.word
            save(in: repl)
            if words.isEmpty { sayChanged(in: repl) }
        }
        guard words.count <= 1 else {
            // `lesson --seed alice smith`: a seed of several words is quoted, as any value is.
            if arguments.contains("--seed") {
                throw REPLError("a seed of several words is quoted: --seed \"alice smith\"")
            }
            throw UsageError()
        }
        guard let name = words.first else { return arguments.contains("--seed") ? () : list(in: repl) }
        if arguments.contains("--seed"), workbook.lesson(name) == nil {
            throw REPLError("no lesson '\(name)'; a seed of several words is quoted: --seed \"alice smith\"")
        }
        try await start(try lesson(named: name), in: repl)
    }

    private func sayChanged(in repl: any LessonHost) {
        guard let seed else {
            return repl.print("The lessons use the doses as written again, as every transcript does.")
        }
        repl.printWrapped(
            "Your doses now come from seed \(seed): which were missed, their times and how many differ from "
                + "a neighbour's. A lesson started from now on uses them; 'lesson --seed default' goes back.",
            indent: 0)
    }

    private func saySeed(in repl: any LessonHost) {
        guard let seed else {
            return repl.print("No seed: the lessons use the doses as written. 'lesson --seed TEXT' gives you your own.")
        }
        let from = progress.seed == nil ? " (from MEDBRAIN_SEED)" : ""
        repl.print(
            "Your doses come from seed \(seed)\(from); 'lesson --seed default' goes back to the data as written.")
    }
}
