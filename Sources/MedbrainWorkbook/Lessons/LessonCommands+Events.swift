import FHIRClient
import FHIRModel
import Foundation
import MedbrainREPL

/// Step events: kept in the progress file with their time, and sent to the class server when
/// the student has joined one.
extension LessonCommands {
    /// Records that `kind` happened on step `index` of `lesson`, now.
    func note(_ kind: StepEvent.Kind, _ lesson: Lesson, step index: Int, detail: String? = nil) {
        let now = clock()
        progress.record(StepEvent(time: now, lesson: lesson.id, step: index + 1, kind: kind, detail: detail))
        var entry = progress.lessons[lesson.id, default: .init()]
        entry.started = entry.started ?? now
        entry.updated = now
        if kind == .started, lesson.steps[index].isExercise, entry[exercise: index].started == nil {
            entry[exercise: index].started = now
        }
        progress.lessons[lesson.id] = entry
        reporter?.send(progress.events)
    }

    /// A wrong try at an exercise: counted, kept as typed unless it holds a secret, and noted.
    func wrong(_ line: String, _ lesson: Lesson, step index: Int) {
        let kept = HiddenSecrets.mayKeepInHistory(line) ? line : "(a line with a secret, not kept)"
        progress.lessons[lesson.id, default: .init()][exercise: index].wrong(kept)
        note(.wrong, lesson, step: index, detail: kept)
    }
}

/// Joining a class: after a SMART login to a class server, the student's events go to it.
extension LessonCommands {
    /// Asks the connected server whether it runs a class, and joins it when it does.
    func join(in repl: any LessonHost) async {
        guard let result = await repl.joinClass() else { return }
        let json: JSONValue
        switch result {
        case .failure(let problem): return repl.print("warning: \(problem.description)")
        case .success(let answer): json = answer
        }
        guard let origin = json["origin"]?.stringValue, let name = json["class"]?.stringValue,
            let student = json["student"]?.stringValue, let key = json["key"]?.stringValue
        else { return repl.print("warning: the class server's answer to joining lacks its class, student or key") }
        var acknowledged = 0
        if case .number(let text)? = json["acknowledged"] { acknowledged = Int(text) ?? 0 }
        // One progress file is one student's: on a shared machine the next student keeps their own.
        if let owner = progress.student ?? progress.classroom?.student, owner != student {
            return repl.printWrapped(
                "warning: not joined: this progress file is \(owner)'s, and you signed in as \(student); "
                    + "set MEDBRAIN_PROGRESS to a file of your own and start medbrain again", indent: 0)
        }
        let same = progress.classroom.map { $0.origin == origin && $0.name == name && $0.student == student } ?? false
        // A file the server has not seen (another machine's, or one from before joining): its events
        // are new to the server, numbered after what it has. The file it has seen sends what is after.
        if !same, !progress.events.isEmpty {
            for index in progress.events.indices { progress.events[index].sequence = acknowledged + index + 1 }
        }
        let link = ClassroomLink(origin: origin, name: name, student: student, acknowledged: acknowledged)
        (progress.classroom, progress.student) = (link, student)
        classSeedJoined = json["seed"]?.stringValue
        reporter = ClassReporter(link: link, key: key)
        reporter?.send(progress.events)
        save(in: repl)
        repl.printWrapped(
            "Joined the class \(name) as \(student): each lesson step you take is reported to the instructor"
                + (classSeedJoined.map { ", and your lessons use your own doses (seed \($0))" } ?? "") + ".",
            indent: 0)
    }
}
