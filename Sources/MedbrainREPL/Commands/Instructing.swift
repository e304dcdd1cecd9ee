import FHIRModel
import MedicationTutorial
import ResultTables

/// Step 4 of the tutorial: an order's dosage as a sentence, and how it was built (§12.6).
extension CommandGroup {
    static var instructing: CommandGroup {
        CommandGroup(
            "4. Instructions",
            [
                .builtin(
                    "instructions", usage: "instructions N|@FILE|JSON [--lang en|de] [--breakdown]",
                    summary: "the dosage as a sentence, and how it was built", section: "§12.6",
                    example: "instructions 4 --breakdown", tail: .json,
                    complete: { context, words in
                        if words[words.count - 2] == "--lang" { return context.languages.codes }
                        return (words.count == 2 ? context.completions.orderNumbers : []) + ["--lang", "--breakdown"]
                    }, run: { try Instructing(context: $0).instructions($1) })
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Instructing {
    let context: CommandContext

    fileprivate func instructions(_ arguments: [String]) throws {
        let options = try CommandOptions(arguments, ["--breakdown": .flag, "--lang": .value("a language code")])
        let (rest, breakdown) = (options.operands, options.has("--breakdown"))
        let code = options.value("--lang") ?? context.settings.current.language
        if let word = rest.last, word.hasPrefix("{") || word.hasPrefix("@") { return try sayOwn(word, code: code) }
        if context.instructionsWithheld {
            throw REPLError(
                "in this lesson you read the Timing yourself; 'instructions JSON' says a Timing or Dosage you write")
        }
        let (_, order) = try context.session.chooseOrder(rest)
        let version = try context.session.connected().version
        let renderer = InstructionsRenderer(language: try context.language(code))
        let dosages = order.dosages.isEmpty ? [OrderDosage()] : order.dosages
        let all = dosages.map { renderer.instructions(for: $0, version: version) }
        (context.lastSaid, context.lastSaidOwn) = (all.map(\.sentence), nil)
        context.show(
            .array(all.map(\.json)),
            text: zip(dosages.indices, all).map { index, instructions in
                guard breakdown else { return instructions.sentence + "\n" }
                let item = InstructionsInput.Item(
                    content: .dosage(dosages[index]), version: version, path: "dosageInstruction[\(index)]",
                    orderID: order.id, medication: context.session.name(of: order))
                return Self.fitted(
                    InstructionsBreakdown(item: item, instructions: instructions), width: context.console.width)
            }.joined())
    }

    /// `instructions {"repeat": …}`: the sentence of a Timing, a Dosage or an order the student
    /// wrote, in whichever release its members say.
    private func sayOwn(_ word: String, code: String) throws {
        let json = try ResourceInput.read(word)
        let input: InstructionsInput
        do { input = try InstructionsInput(json: json) } catch {
            throw REPLError(error.description)
        }
        let renderer = InstructionsRenderer(language: try context.language(code))
        let all = input.items.map { renderer.instructions(for: $0) }
        if context.instructionsWithheld {
            try refuseWithheld(json, items: input.items, saying: all.map(\.sentence), renderer: renderer)
        }
        context.lastSaid = all.map(\.sentence)
        // What it says without its free text (a Dosage's text, a Timing's code): a lesson asks
        // for the structure, which an app can compute with, not for words it cannot.
        let structure = (try? InstructionsInput(json: InstructionsInput.withoutFreeText(json)))?.items ?? []
        context.lastSaidOwn = OwnInstructions(
            input: json, fromStructure: structure.map { renderer.instructions(for: $0).sentence })
        context.show(.array(all.map(\.json)), text: all.map { $0.sentence + "\n" }.joined())
    }

    /// While a lesson withholds the orders' sentences, JSON copied from an order says nothing:
    /// a whole order or Bundle is refused, and so is a Timing that says what one of the
    /// patient's orders says, which is the answer the lesson asks the student to read.
    private func refuseWithheld(
        _ json: JSONValue, items: [InstructionsInput.Item], saying sentences: [String], renderer: InstructionsRenderer
    ) throws {
        if json["resourceType"] != nil {
            throw REPLError("in this lesson 'instructions' says only a Timing or Dosage you write, not a resource")
        }
        guard let version = context.session.client?.version else { return }
        let schedules = items.compactMap { item -> Schedule? in
            switch item.content {
            case .dosage(let dosage): dosage.schedule
            case .timing(let schedule): schedule
            }
        }
        for (index, order) in context.session.orders.enumerated() {
            let said = order.dosages.map { renderer.instructions(for: $0, version: version).sentence }
            let timed = order.dosages.compactMap(\.schedule)
            if said.contains(where: sentences.contains) || timed.contains(where: schedules.contains) {
                throw REPLError(
                    "that says what order \(index + 1) says, which this lesson asks you to read from its JSON yourself")
            }
        }
    }

    /// The breakdown wrapped to the terminal: the sentence indented, the parts as a table.
    static func fitted(_ breakdown: InstructionsBreakdown, width: Int) -> String {
        let sentence = TextTable.wrap(breakdown.instructions.sentence, width: max(20, width - 2)).map { "  " + $0 }
        let table = TextTable(header: ["part", "elements", "words"], rows: breakdown.rows)
        let parts = table.render(width: max(20, width - 4)).map { "    " + $0 }
        return ([breakdown.heading] + sentence + parts).joined(separator: "\n") + "\n"
    }
}
