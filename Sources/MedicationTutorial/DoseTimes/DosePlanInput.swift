import FHIRModel

/// What `medbrain doses` expands: the orders of the input (an order, or a Bundle of them) with
/// their starts and dose periods, or a bare Timing or Dosage with the start given apart.
public struct DosePlanInput: Sendable {
    /// One dosage to expand, and where it came from.
    public struct Plan: Sendable {
        public var orderID: String?
        /// The dosage's position in its order; nil for a bare Timing or Dosage.
        public var dosageIndex: Int?
        public var dosage: OrderDosage
        public var start: String?
        public var dosePeriod: Period?

        public init(
            orderID: String? = nil, dosageIndex: Int? = nil, dosage: OrderDosage, start: String? = nil,
            dosePeriod: Period? = nil
        ) {
            (self.orderID, self.dosageIndex, self.dosage) = (orderID, dosageIndex, dosage)
            (self.start, self.dosePeriod) = (start, dosePeriod)
        }
    }

    public let plans: [Plan]

    /// Reads `json`, refusing what breaks Timing's rules as `instructions` does.
    public init(json: JSONValue, start: String?) throws(InstructionsInputError) {
        let items = try InstructionsInput(json: json).items
        var orders: [Order] = []
        do {
            switch json["resourceType"]?.stringValue {
            case "MedicationOrder", "MedicationRequest": orders = [try Order(json: json)]
            case "Bundle":
                orders = try (json["entry"]?.arrayValue ?? []).compactMap { entry in
                    guard let resource = entry["resource"],
                        ["MedicationOrder", "MedicationRequest"].contains(resource["resourceType"]?.stringValue)
                    else { return nil }
                    return try Order(json: resource)
                }
            default: break
            }
        } catch let error as FHIRDecodingError {
            throw .shape(error)
        } catch { throw .notDosage("\(error)") }
        guard !orders.isEmpty else {
            plans = items.map { item in
                let dosage: OrderDosage
                switch item.content {
                case .dosage(let given): dosage = given
                case .timing(let schedule): dosage = OrderDosage(schedule: schedule)
                }
                return Plan(orderID: nil, dosageIndex: nil, dosage: dosage, start: start)
            }
            return
        }
        plans = orders.flatMap { order in
            (order.dosages.isEmpty ? [OrderDosage()] : order.dosages).enumerated().map { index, dosage in
                Plan(
                    orderID: order.id, dosageIndex: order.dosages.isEmpty ? nil : index, dosage: dosage,
                    start: order.authoredOn ?? start,
                    dosePeriod: order.dosePeriod)
            }
        }
    }
}
