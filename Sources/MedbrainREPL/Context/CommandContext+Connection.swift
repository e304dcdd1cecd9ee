import FHIRClient
import FHIRModel

/// Where a command stands before it asks anything: connected, on a server the tutorial's steps
/// run on, logged in; each says in one line what to do first.
extension CommandContext {
    /// The client, or an error telling the student what to do first.
    func connected() throws -> FHIRClient {
        guard let client = session.client else { throw REPLError("not connected; 'connect' first") }
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
        guard let patient = session.patient else { throw REPLError("not logged in; 'login' first") }
        return patient
    }

    /// A type the server does not list is a typo more often than a secret: say which it lists.
    func checkType(_ type: String, on client: FHIRClient) throws {
        let types = client.server.resourceTypes
        guard !types.isEmpty, !types.contains(type) else { return }
        // The tutorial's own rename is the likeliest slip between versions.
        if FHIRVersion.allCases.map(\.orderType).contains(type), types.contains(client.version.orderType) {
            throw REPLError(
                "\(type) is not in \(client.version.displayName); this server calls a prescription \(client.version.orderType)"
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
