import FHIRClient
import FHIRModel
import MedicationTutorial
import ResultTables

/// Step 3 of the tutorial: the patient's orders, searched with their medications (§12.7).
extension CommandGroup {
    static var ordering: CommandGroup {
        CommandGroup(
            "3. Orders",
            [
                .builtin(
                    "orders", usage: "orders", summary: "the patient's prescriptions, numbered", section: "§12.7",
                    example: "orders", waiting: "Loading prescriptions…",
                    run: { try await Ordering(context: $0).orders($1) }),
                .builtin(
                    "order", usage: "order N", summary: "one prescription in detail", section: "§12.7",
                    example: "order 1",
                    complete: { context, words in words.count == 2 ? context.completions.orderNumbers : [] },
                    run: { try Ordering(context: $0).order($1) }),
            ])
    }
}

/// The bodies of this file's commands, each working through the session's ``CommandContext``.
private struct Ordering {
    let context: CommandContext

    fileprivate func orders(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw UsageError() }
        let patient = try context.session.loggedIn()
        let client = try context.session.tutorialClient()
        let type = client.version.orderType
        let resources = try await client.searchNodes(
            type, [("patient", patient.id ?? ""), ("_include", "\(type):medication"), ("_count", "100")],
            limit: 10_000)
        (context.session.orders, context.session.medications) = try Self.ordersAndMedications(in: resources)
        context.session.ordersListed = true
        context.session.currentOrder = nil
        let renderer = InstructionsRenderer(language: try context.language())
        let rows = context.session.orders.enumerated().map { index, order in
            (
                index + 1, order,
                context.instructionsWithheld
                    ? Self.withheld
                    : renderer.instructions(for: order.dosages.first ?? OrderDosage(), version: client.version).sentence
            )
        }
        context.show(
            .array(rows.map { .object(orderJSON($0, $1, version: client.version, $2)) }),
            lines: rows.isEmpty
                ? ["No prescriptions"]
                : TextTable(
                    header: ["#", "medication", "instructions", "status"],
                    rows: rows.map { number, order, sentence in
                        [String(number), context.session.name(of: order), sentence, order.status ?? "-"]
                    }, whole: ["#", "status"]
                ).render(width: context.console.width))
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

    fileprivate func order(_ arguments: [String]) throws {
        let (number, order) = try context.session.chooseOrder(arguments)
        let version = try context.session.connected().version
        let renderer = InstructionsRenderer(language: try context.language())
        let sentences = (order.dosages.isEmpty ? [OrderDosage()] : order.dosages).map {
            context.instructionsWithheld ? Self.withheld : renderer.instructions(for: $0, version: version).sentence
        }
        let rows: [(String, String?)] = [
            ("status", order.status), ("written", order.authoredOn),
            ("prescriber", order.prescriber?.display ?? order.prescriber?.reference),
        ]
        var json = orderJSON(number, order, version: version, sentences.first ?? "")
        json["authoredOn"] = CommandContext.json(order.authoredOn)
        json["prescriber"] = CommandContext.json(rows[2].1)
        json["instructions"] = .array(sentences.map { .string($0) })
        context.show(
            .object(json),
            lines: ["\(number). \(context.session.name(of: order)) (\(version.orderType)/\(order.id ?? "?"))"]
                + rows.flatMap { context.labelled($0, $1 ?? "-", labelWidth: 10) }
                + sentences.enumerated().flatMap { context.labelled("dosage \($0 + 1)", $1, labelWidth: 10) })
    }

    /// What `orders` and `order` show for a sentence a lesson asks the student to read themselves.
    static let withheld = "(yours to read from the Timing)"

    /// An order as a row of `orders` in JSON: its number, reference, medication, sentence, status.
    func orderJSON(_ number: Int, _ order: Order, version: FHIRVersion, _ sentence: String) -> JSONObject {
        JSONObject([
            ("number", .number(String(number))), ("reference", .string("\(version.orderType)/\(order.id ?? "")")),
            ("medication", .string(context.session.name(of: order))), ("instructions", .string(sentence)),
            ("status", CommandContext.json(order.status)),
        ])
    }
}
