import FHIRClient
import FHIRModel
import MedicationTutorial

/// An order's administrations, read page by page: whole for the list and the chart, only
/// counted after a dose is recorded.
struct AdministrationPages {
    let client: FHIRClient

    func all(of order: Order) async throws -> [Administration] {
        var decoder = PagedAdministrationDecoder(limit: Self.limit)
        try await eachAdministrationPage(of: order) { await decoder.add($0) }
        do { return try await decoder.finish() } catch {
            throw REPLError("the server sent an administration Medbrain cannot read: \(error)")
        }
    }

    /// The doses of `order` taken and not taken, from the pages `all(of:)` reads.
    func count(of order: Order) async throws -> (taken: Int, notTaken: Int) {
        var (taken, notTaken) = (0, 0)
        try await eachAdministrationPage(of: order) { page in
            for resource in page.resources where resource.member("resourceType", is: "MedicationAdministration") {
                guard taken + notTaken < Self.limit else { return }
                if Administration.isTaken(resource) { taken += 1 } else { notTaken += 1 }
            }
        }
        return (taken, notTaken)
    }

    /// The most administrations of one order read.
    static let limit = 100_000

    private func eachAdministrationPage(of order: Order, _ receive: (SearchsetPage) async -> Void) async throws {
        let parameter = client.version.administrationOrderParameter
        try await client.searchPages(
            "MedicationAdministration",
            [(parameter, "\(client.version.orderType)/\(order.id ?? "")"), ("_count", "1000")],
            limit: Self.limit, eachPage: receive)
    }
}
