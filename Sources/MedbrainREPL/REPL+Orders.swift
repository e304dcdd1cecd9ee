import FHIRClient
import FHIRModel
import MedicationTutorial

/// Steps 3 and 4: the patient's orders (tutorial §12.7) and their instructions (§12.6).
extension REPL {
    func orders(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw UsageError() }
        let patient = try loggedIn()
        let client = try tutorialClient()
        let type = client.version.orderType
        let resources = try await client.searchNodes(
            type, [("patient", patient.id ?? ""), ("_include", "\(type):medication"), ("_count", "100")],
            limit: 10_000)
        (session.orders, session.medications) = try Self.ordersAndMedications(in: resources)
        session.ordersListed = true
        session.currentOrder = nil
        let renderer = InstructionsRenderer(language: try language())
        let rows = session.orders.enumerated().map { index, order in
            (
                index + 1, order,
                renderer.instructions(for: order.dosages.first ?? OrderDosage(), version: client.version).sentence
            )
        }
        show(
            .array(rows.map { .object(orderJSON($0, $1, version: client.version, $2)) }),
            lines: rows.isEmpty
                ? ["No prescriptions"]
                : TextTable(
                    header: ["#", "medication", "instructions", "status"],
                    rows: rows.map { number, order, sentence in
                        [String(number), name(of: order), sentence, order.status ?? "-"]
                    }, whole: ["#", "status"]
                ).render(width: console.width))
    }

    /// The orders and the medications `_include` brought along, by reference.
    static func ordersAndMedications(in resources: [JSONNode]) throws -> ([Order], [String: Medication]) {
        var (orders, medications): ([Order], [String: Medication]) = ([], [:])
        for resource in resources {
            switch resource["resourceType"]?.stringValue {
            case "Medication":
                let medication = try Medication(node: resource, at: .root(Medication.resourceType))
                medications["Medication/\(medication.id ?? "")"] = medication
            // Each in its own version's shape, told by its members (STU3's and R4's share a name).
            case let type? where ["MedicationOrder", "MedicationRequest"].contains(type):
                orders.append(try Order(node: resource, at: .root(type)))
            default: continue
            }
        }
        return (orders, medications)
    }

    func order(_ arguments: [String]) throws {
        let (number, order) = try chosenOrder(arguments)
        let version = try connected().version
        let renderer = InstructionsRenderer(language: try language())
        let sentences = (order.dosages.isEmpty ? [OrderDosage()] : order.dosages).map {
            renderer.instructions(for: $0, version: version).sentence
        }
        let rows: [(String, String?)] = [
            ("status", order.status), ("written", order.authoredOn),
            ("prescriber", order.prescriber?.display ?? order.prescriber?.reference),
        ]
        var json = orderJSON(number, order, version: version, sentences.first ?? "")
        json["authoredOn"] = Self.json(order.authoredOn)
        json["prescriber"] = Self.json(rows[2].1)
        json["instructions"] = .array(sentences.map { .string($0) })
        show(
            .object(json),
            lines: ["\(number). \(name(of: order)) (\(version.orderType)/\(order.id ?? "?"))"]
                + rows.flatMap { labelled($0, $1 ?? "-", labelWidth: 10) }
                + sentences.enumerated().flatMap { labelled("dosage \($0 + 1)", $1, labelWidth: 10) })
    }

    /// An order as a row of `orders` in JSON: its number, reference, medication, sentence, status.
    func orderJSON(_ number: Int, _ order: Order, version: FHIRVersion, _ sentence: String) -> JSONObject {
        JSONObject([
            ("number", .number(String(number))), ("reference", .string("\(version.orderType)/\(order.id ?? "")")),
            ("medication", .string(name(of: order))), ("instructions", .string(sentence)),
            ("status", Self.json(order.status)),
        ])
    }

    func instructions(_ arguments: [String]) throws {
        var rest = arguments
        let breakdown = rest.contains("--breakdown")
        rest.removeAll { $0 == "--breakdown" }
        var code = settings.current.language
        if let flag = rest.firstIndex(of: "--lang") {
            guard flag + 1 < rest.count else { throw REPLError("--lang needs a language code") }
            code = rest[flag + 1]
            rest.removeSubrange(flag...flag + 1)
        }
        let (_, order) = try chosenOrder(rest)
        let version = try connected().version
        let renderer = InstructionsRenderer(language: try language(code))
        let dosages = order.dosages.isEmpty ? [OrderDosage()] : order.dosages
        let all = dosages.map { renderer.instructions(for: $0, version: version) }
        show(
            .array(all.map(\.json)),
            text: zip(dosages.indices, all).map { index, instructions in
                guard breakdown else { return instructions.sentence + "\n" }
                let item = InstructionsInput.Item(
                    content: .dosage(dosages[index]), version: version, path: "dosageInstruction[\(index)]",
                    orderID: order.id, medication: name(of: order))
                return Self.fitted(InstructionsBreakdown(item: item, instructions: instructions), width: console.width)
            }.joined())
    }

    /// The breakdown wrapped to the terminal: the sentence indented, the parts as a table.
    static func fitted(_ breakdown: InstructionsBreakdown, width: Int) -> String {
        let sentence = TextTable.wrap(breakdown.instructions.sentence, width: max(20, width - 2)).map { "  " + $0 }
        let table = TextTable(header: ["part", "elements", "words"], rows: breakdown.rows)
        let parts = table.render(width: max(20, width - 4)).map { "    " + $0 }
        return ([breakdown.heading] + sentence + parts).joined(separator: "\n") + "\n"
    }

    /// Order N of the last listing (or the last one named), checked against the listing.
    func chosenOrder(_ arguments: [String]) throws -> (Int, Order) {
        _ = try loggedIn()
        guard arguments.count <= 1 else { throw UsageError() }
        guard !session.orders.isEmpty else { throw REPLError("no orders listed; 'orders' first") }
        guard let number = arguments.first.map({ Int($0) }) ?? session.currentOrder else {
            guard arguments.isEmpty else { throw REPLError("'\(arguments[0])' is not an order number") }
            throw UsageError("which order? ")
        }
        guard (1...session.orders.count).contains(number) else {
            throw REPLError("no order \(number); the last listing has 1 to \(session.orders.count)")
        }
        session.currentOrder = number
        return (number, session.orders[number - 1])
    }

    func name(of order: Order) -> String {
        MedicationName.of(order.medication, medications: session.medications)?.oneLine ?? "unnamed medication"
    }

    func language(_ code: String? = nil) throws -> Language {
        do { return try languages.language(code ?? settings.current.language) } catch {
            throw REPLError(error.description)
        }
    }
}
