import FHIRModel
import MedicationTutorial
import ResultTables

/// The orders the last `orders` listed, which steps 3 to 6 name by number, and the language
/// their instructions are written in.
extension CommandContext {
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
