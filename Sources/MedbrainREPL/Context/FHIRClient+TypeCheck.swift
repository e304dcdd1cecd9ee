import FHIRClient
import FHIRModel

/// A type the server does not list is refused before a request: a typo, more often than not.
extension FHIRClient {
    /// A type the server does not list is a typo more often than a secret: say which it lists.
    func checkType(_ type: String) throws {
        let types = server.resourceTypes
        guard !types.isEmpty, !types.contains(type) else { return }
        // The tutorial's own rename is the likeliest slip between versions.
        if FHIRVersion.allCases.map(\.orderType).contains(type), types.contains(version.orderType) {
            throw REPLError(
                "\(type) is not in \(version.displayName); this server calls a prescription \(version.orderType)"
            )
        }
        let closest = types.map { ($0, $0.editDistance(to: type)) }.min {
            $0.1 < $1.1
        }
        if let closest, closest.1 <= max(2, type.count / 3) {
            throw REPLError("the server lists no resource type '\(type)'; did you mean '\(closest.0)'?")
        }
        // Not 'connect': it would replace the server, and what was loaded on it.
        throw REPLError(
            "the server lists no resource type '\(type)'; 'get metadata' then 'fhirpath rest.resource.type' lists the ones it has"
        )
    }
}
