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
                    example: "orders", waiting: "Loading prescriptions…", run: { try await $0.orders($1) }),
                .builtin(
                    "order", usage: "order N", summary: "one prescription in detail", section: "§12.7",
                    example: "order 1",
                    complete: { context, words in words.count == 2 ? context.orderNumbers : [] },
                    run: { try $0.order($1) }),
            ])
    }
}

extension CommandContext {
    fileprivate func orders(_ arguments: [String]) async throws {
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
                instructionsWithheld
                    ? Self.withheld
                    : renderer.instructions(for: order.dosages.first ?? OrderDosage(), version: client.version).sentence
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

    fileprivate func order(_ arguments: [String]) throws {
        let (number, order) = try chosenOrder(arguments)
        let version = try connected().version
        let renderer = InstructionsRenderer(language: try language())
        let sentences = (order.dosages.isEmpty ? [OrderDosage()] : order.dosages).map {
            instructionsWithheld ? Self.withheld : renderer.instructions(for: $0, version: version).sentence
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

    /// What `orders` and `order` show for a sentence a lesson asks the student to read themselves.
    static let withheld = "(yours to read from the Timing)"

    /// An order as a row of `orders` in JSON: its number, reference, medication, sentence, status.
    func orderJSON(_ number: Int, _ order: Order, version: FHIRVersion, _ sentence: String) -> JSONObject {
        JSONObject([
            ("number", .number(String(number))), ("reference", .string("\(version.orderType)/\(order.id ?? "")")),
            ("medication", .string(name(of: order))), ("instructions", .string(sentence)),
            ("status", Self.json(order.status)),
        ])
    }
}
