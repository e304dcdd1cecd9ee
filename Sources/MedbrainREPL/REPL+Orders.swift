import FHIRClient
import FHIRModel
import MedicationTutorial

/// Steps 3 and 4: the patient's orders (tutorial §12.7) and their instructions (§12.6).
extension REPL {
    func orders(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw REPLError("usage: orders") }
        let patient = try loggedIn()
        let client = try connected()
        let type = client.version.orderType
        console.line("Loading...")
        var bundle = try await client.search(
            type, [("patient", patient.id ?? ""), ("_include", "\(type):medication"), ("_count", "100")])
        var entries = bundle.entry
        // Follow `next` links: a patient with many orders spans pages.
        while let next = bundle.link.first(where: { $0.relation == "next" })?.url, entries.count < 10_000 {
            bundle = try await client.page(next)
            entries += bundle.entry
        }
        var (orders, medications): ([Order], [String: Medication]) = ([], [:])
        for resource in entries.compactMap(\.resource) {
            switch resource["resourceType"]?.stringValue {
            case "Medication":
                let medication = try Medication(json: resource)
                medications["Medication/\(medication.id ?? "")"] = medication
            case "MedicationOrder": orders.append(Order(try DSTU2.MedicationOrder(json: resource)))
            case "MedicationRequest": orders.append(Order(try R4.MedicationRequest(json: resource)))
            default: continue
            }
        }
        (session.orders, session.medications, session.currentOrder) = (orders, medications, nil)
        guard !orders.isEmpty else { return console.line("No prescriptions") }
        let renderer = InstructionsRenderer(language: try language())
        let rows = orders.enumerated().map { index, order in
            [
                String(index + 1), name(of: order),
                renderer.instructions(for: order.dosages.first ?? OrderDosage(), version: client.version).sentence,
                order.status ?? "-",
            ]
        }
        for line in TextTable(header: ["#", "medication", "instructions", "status"], rows: rows).render(
            width: console.width)
        {
            console.line(line)
        }
    }

    func order(_ arguments: [String]) throws {
        let (number, order) = try chosenOrder(arguments, usage: "order N")
        let version = try connected().version
        let renderer = InstructionsRenderer(language: try language())
        console.line("\(number). \(name(of: order)) (\(version.orderType)/\(order.id ?? "?"))")
        let rows: [(String, String?)] = [
            ("status", order.status), ("written", order.authoredOn),
            ("prescriber", order.prescriber?.display ?? order.prescriber?.reference),
        ]
        for (label, value) in rows {
            console.line("  " + label.padding(toLength: 11, withPad: " ", startingAt: 0) + (value ?? "-"))
        }
        for (index, dosage) in (order.dosages.isEmpty ? [OrderDosage()] : order.dosages).enumerated() {
            console.line("  dosage \(index + 1)  " + renderer.instructions(for: dosage, version: version).sentence)
        }
    }

    func instructions(_ arguments: [String]) throws {
        var rest = arguments
        let breakdown = rest.contains("--breakdown")
        rest.removeAll { $0 == "--breakdown" }
        var code = session.settings.language
        if let flag = rest.firstIndex(of: "--lang") {
            guard flag + 1 < rest.count else { throw REPLError("--lang needs a language code") }
            code = rest[flag + 1]
            rest.removeSubrange(flag...flag + 1)
        }
        let (_, order) = try chosenOrder(rest, usage: "instructions N [--lang en|de] [--breakdown]")
        let version = try connected().version
        let renderer = InstructionsRenderer(language: try language(code))
        for (index, dosage) in (order.dosages.isEmpty ? [OrderDosage()] : order.dosages).enumerated() {
            let instructions = renderer.instructions(for: dosage, version: version)
            guard breakdown else {
                console.line(instructions.sentence)
                continue
            }
            let item = InstructionsInput.Item(
                content: .dosage(dosage), version: version, path: "dosageInstruction[\(index)]", orderID: order.id,
                medication: name(of: order))
            console.output(InstructionsBreakdown(item: item, instructions: instructions).text)
        }
    }

    /// Order N of the last listing (or the last one named), checked against the listing.
    func chosenOrder(_ arguments: [String], usage: String) throws -> (Int, Order) {
        _ = try loggedIn()
        guard arguments.count <= 1 else { throw REPLError("usage: \(usage)") }
        guard !session.orders.isEmpty else { throw REPLError("no orders listed; 'orders' first") }
        guard let number = arguments.first.map({ Int($0) }) ?? session.currentOrder else {
            throw REPLError(
                arguments.isEmpty ? "which order? usage: \(usage)" : "'\(arguments[0])' is not an order number")
        }
        guard (1...session.orders.count).contains(number) else {
            throw REPLError("no order \(number); the last listing has 1 to \(session.orders.count)")
        }
        session.currentOrder = number
        return (number, session.orders[number - 1])
    }

    func name(of order: Order) -> String {
        MedicationName.of(order.medication, medications: session.medications) ?? "unnamed medication"
    }

    func language(_ code: String? = nil) throws -> Language {
        do { return try languages.language(code ?? session.settings.language) } catch {
            throw REPLError(error.description)
        }
    }
}
