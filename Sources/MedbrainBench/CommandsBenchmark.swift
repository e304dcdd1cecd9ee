import FHIRModel
import Foundation
import MedbrainCommands
import MedbrainREPL

/// Each tutorial command, run a few hundred times against the built-in server, next to the
/// bare HTTP round trips it makes (the same requests through AsyncHTTPClient, bodies read, nothing
/// decoded): the difference is what the REPL itself costs per command.
struct CommandsBenchmark {
    let runs: Int
    /// In this order: `administer` last, so the administrations listed do not grow meanwhile.
    static let commands = [
        "connect builtin r4", "login", "orders", "instructions 1", "administrations 1", "group week 1",
        "administer 1 taken at 2016-08-16T08:00:00+02:00",
    ]

    func run() async -> [String] {
        let printed = Printed()
        let console = Console(
            width: 100, colour: false, interactive: false, unicode: true, output: { printed.append($0) },
            error: { printed.append($0) })
        let now = Date(timeIntervalSince1970: 1_471_334_400)
        let repl = REPL(console: console, now: now, servers: .inProcess(now: now))
        guard await repl.execute("connect builtin r4"), await repl.execute("login"), await repl.execute("orders")
        else { return ["commands: the built-in server did not answer: \(printed.take())"] }
        var lines = [
            "command                                  requests  command ms  bare HTTP ms  REPL overhead ms  in a lesson ms"
        ]
        for command in Self.commands {
            lines.append(await measure(command, repl: repl, printed: printed))
        }
        await repl.shutdown()
        return lines
    }

    private func measure(_ command: String, repl: REPL, printed: Printed) async -> String {
        _ = printed.take()
        await repl.execute("set trace on")
        await repl.execute(command)
        await repl.execute("set trace off")
        let requests = TracedRequest.all(in: printed.take())
        for _ in 0..<10 { await repl.execute(command) }
        let bare = BareRoundTrips(requests: requests)
        await bare.warmUp()
        // Taken in turns, so both see the same server: `administer` makes the list it reads
        // again longer with every run, the bare requests' too.
        // In a lesson the request log also keeps which resources each answer found, for the
        // checks: the same command with that on, in the same turns.
        let clock = ContinuousClock()
        var (commandTime, bareTime, lessonTime) = (Swift.Duration.zero, Swift.Duration.zero, Swift.Duration.zero)
        for _ in 0..<runs {
            commandTime += await clock.measure { await repl.execute(command) }
            bareTime += await clock.measure { await bare.send() }
            repl.requests.keepsAnswers = true
            lessonTime += await clock.measure { await repl.execute(command) }
            repl.requests.keepsAnswers = false
        }
        _ = printed.take()
        let perRun = { (time: Swift.Duration) in time.seconds * 1000 / Double(runs) }
        let (commandMs, bareMs) = (perRun(commandTime), perRun(bareTime))
        return [
            command.padding(toLength: 40, withPad: " ", startingAt: 0), pad(String(requests.count), 8),
            pad(format(commandMs), 11), pad(format(bareMs), 13), pad(format(commandMs - bareMs), 17),
            pad(format(perRun(lessonTime)), 15),
        ].joined(separator: " ")
    }

    private func format(_ value: Double) -> String { String(format: "%.3f", value) }
    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// One request as `set trace on` shows it: `> GET URL -> 200 (1 ms)`.
struct TracedRequest: Sendable {
    let method: String
    let url: URL

    static func all(in printed: String) -> [TracedRequest] {
        printed.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == ">", let url = URL(string: String(words[2])) else { return nil }
            return TracedRequest(method: String(words[1]), url: url)
        }
    }
}
