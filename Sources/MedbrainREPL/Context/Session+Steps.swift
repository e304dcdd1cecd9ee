import FHIRClient
import FHIRModel
import MedicationTutorial
import ResultTables

/// Where a session stands before a command asks anything: connected, on a server the
/// tutorial's steps run on, logged in, an order chosen; each says in one line what to do first.
extension Session {
    /// The client, or an error telling the student what to do first.
    func connected() throws -> FHIRClient {
        guard let client else { throw REPLError("not connected; 'connect' first") }
        return client
    }

    /// The client, if the tutorial's steps run on its server: they read orders and
    /// administrations in the shapes of DSTU2, STU3, R4 and R5 (and R4B, which keeps R4's).
    func tutorialClient() throws -> FHIRClient {
        let client = try connected()
        guard client.server.release.tutorialVersion != nil else {
            throw REPLError(
                "the tutorial's steps run on \(StatedRelease.listed()) servers, not yet on \(client.server.release.displayName); "
                    + "search, read, get, post and fhirpath work here")
        }
        return client
    }

    /// The patient logged in, or what to do first.
    func loggedIn() throws -> Patient {
        _ = try connected()
        guard let patient else { throw REPLError("not logged in; 'login' first") }
        return patient
    }

    /// Order N of the last listing (or the last one named), checked against the listing; it
    /// is the order a later command without a number means.
    mutating func chooseOrder(_ arguments: [String]) throws -> (Int, Order) {
        _ = try loggedIn()
        guard arguments.count <= 1 else { throw UsageError() }
        guard !orders.isEmpty else { throw REPLError("no orders listed; 'orders' first") }
        guard let number = arguments.first.map({ Int($0) }) ?? currentOrder else {
            guard arguments.isEmpty else { throw REPLError("'\(arguments[0])' is not an order number") }
            throw UsageError("which order? ")
        }
        guard (1...orders.count).contains(number) else {
            throw REPLError("no order \(number); the last listing has 1 to \(orders.count)")
        }
        currentOrder = number
        return (number, orders[number - 1])
    }

    /// The order's medication as one line, from the medications the listing read.
    func name(of order: Order) -> String {
        MedicationName.of(order.medication, medications: medications)?.oneLine ?? "unnamed medication"
    }
}
