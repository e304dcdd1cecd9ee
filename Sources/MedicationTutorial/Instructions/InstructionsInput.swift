import FHIRModel

/// JSON that holds dosages: a DosageInstruction, Dosage, Timing, MedicationOrder,
/// MedicationRequest, or a Bundle of orders (with their Medications), either version.
///
/// The version is detected from the resource type or, for a bare element, from the members
/// only one version has; when nothing tells them apart both read the same.
public struct InstructionsInput: Sendable {
    /// One thing to render: a dosage or a timing, and where it came from.
    public struct Item: Sendable {
        public enum Content: Sendable {
            case dosage(OrderDosage)
            case timing(Schedule)
        }

        public var content: Content
        public var version: FHIRVersion
        /// Where the item sits in the input, such as `dosageInstruction[0]`; nil for the whole input.
        public var path: String?
        /// The order's id, for orders.
        public var orderID: String?
        /// The medication's name, for orders.
        public var medication: String?
        /// Which order of the input it belongs to (0 for anything but a Bundle).
        public var orderIndex = 0

        public init(
            content: Content, version: FHIRVersion, path: String? = nil, orderID: String? = nil,
            medication: String? = nil
        ) {
            (self.content, self.version, self.path) = (content, version, path)
            (self.orderID, self.medication) = (orderID, medication)
        }
    }

    public let items: [Item]

    public init(jsonText bytes: some Sequence<UInt8>) throws(InstructionsInputError) {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw .syntax(error) }
        try self.init(json: json)
    }

    /// The same, for JSON already parsed (the REPL's `instructions {…}`).
    public init(json: JSONValue) throws(InstructionsInputError) {
        guard case .object(let object) = json else { throw .notDosage(json.kindName) }
        do {
            items = try Self.items(object, json: json)
            let broken = Self.brokenRules(in: json, items: items)
            guard broken.isEmpty else { throw InstructionsInputError.breaksRules(broken) }
        } catch let error as FHIRDecodingError {
            throw .shape(error)
        } catch let error as InstructionsInputError {
            throw error
        } catch {
            throw .notDosage("\(error)")
        }
    }

    private static func items(_ object: JSONObject, json: JSONValue) throws -> [Item] {
        switch object["resourceType"]?.stringValue {
        case "MedicationOrder", "MedicationRequest":
            return orderItems(try Order(json: json), Order.version(of: json), [:])
        case "Bundle": return try bundleItems(try FHIRModel.Bundle(json: json))
        case let type?: throw InstructionsInputError.notDosage("a \(type)")
        case nil: return [try elementItem(object, json: json)]
        }
    }

    private static func orderItems(_ order: Order, _ version: FHIRVersion, _ medications: [String: Medication])
        -> [Item]
    {
        let name = MedicationName.of(order.medication, medications: medications)
        // An order without dosage still gets its line: the tutorial's "no instructions".
        let dosages = order.dosages.isEmpty ? [OrderDosage()] : order.dosages
        return dosages.enumerated().map { index, dosage in
            let path = order.dosages.isEmpty ? nil : "dosageInstruction[\(index)]"
            return Item(content: .dosage(dosage), version: version, path: path, orderID: order.id, medication: name)
        }
    }

    private static func bundleItems(_ bundle: FHIRModel.Bundle) throws -> [Item] {
        var medications: [String: Medication] = [:]
        var orders: [(Order, FHIRVersion)] = []
        for (index, entry) in bundle.entry.enumerated() {
            guard let resource = entry.resource else { continue }
            let path = "Bundle.entry[\(index)].resource"
            switch resource["resourceType"]?.stringValue {
            case "Medication":
                let medication = try Medication(json: resource, path: path)
                if let id = medication.id { medications["Medication/\(id)"] = medication }
            case "MedicationOrder", "MedicationRequest":
                orders.append((try Order(json: resource, path: path), Order.version(of: resource)))
            default: continue
            }
        }
        guard !orders.isEmpty else {
            throw InstructionsInputError.notDosage("a Bundle without MedicationOrder or MedicationRequest")
        }
        return orders.enumerated().flatMap { index, order in
            orderItems(order.0, order.1, medications).map { item in
                var numbered = item
                numbered.orderIndex = index
                return numbered
            }
        }
    }
}

extension InstructionsRenderer {
    /// The instructions for one item of the input.
    public func instructions(for item: InstructionsInput.Item) -> Instructions {
        switch item.content {
        case .dosage(let dosage): instructions(for: dosage, version: item.version)
        case .timing(let schedule): instructions(for: schedule, version: item.version)
        }
    }
}

extension InstructionsInput {
    /// `json` (a Timing, a Dosage, an order or a Bundle of them) without the free text a
    /// sentence could be read from instead of the structure (``DosageFreeText``). What is left
    /// says what an app can compute with.
    public static func withoutFreeText(_ json: JSONValue) -> JSONValue {
        guard case .object(let object) = json else { return json }
        if object["resourceType"]?.stringValue == "Bundle" {
            return .object(
                JSONObject(
                    object.members.map { key, value in
                        guard key == "entry", let entries = value.arrayValue else { return (key, value) }
                        return (key, .array(entries.map(entryWithoutFreeText)))
                    }))
        }
        if object["resourceType"] != nil { return DosageFreeText.removed(fromOrder: json) }
        return object["timing"] != nil || object["text"] != nil
            ? DosageFreeText.removed(fromDosage: json) : DosageFreeText.removed(fromTiming: json)
    }

    private static func entryWithoutFreeText(_ entry: JSONValue) -> JSONValue {
        guard case .object(let object) = entry else { return entry }
        return .object(
            JSONObject(object.members.map { $0.key == "resource" ? ($0.key, withoutFreeText($0.value)) : $0 }))
    }
}
