import FHIRModel
import Foundation
import Synchronization

/// Which references name this server's resources. A relative reference (`Patient/p0`) does, and
/// an absolute one does when it is under one of the server's own names
/// (`http://127.0.0.1:8080/fhir/Patient/p0`, or the `--public-url`). An absolute reference to
/// any other server (`http://example.org/fhir/Patient/p0`) names that server's resource, never
/// this one's, whatever its last two parts say: searches, chains, includes and a token's reach
/// all read references through here.
///
/// The names are known once the port is bound (port 0 picks one), so they are set then, once;
/// a server never bound (a test's in-process service) knows no absolute reference as its own.
public final class ServerBase: Sendable {
    private let known: Mutex<ServerNames?>
    /// The path the FHIR API is served under: `/fhir`, or a class workspace's own below it.
    public let path: String

    public init(_ names: ServerNames? = nil, path: String = FHIRService.basePath) {
        known = Mutex(names)
        self.path = path
    }

    /// The server's names, once known.
    public var names: ServerNames? { known.withLock { $0 } }

    public func set(_ names: ServerNames) { known.withLock { $0 = names } }

    /// What a literal reference names.
    enum Target: Equatable {
        /// This server's `type/id`.
        case local(type: String, id: String)
        /// A resource elsewhere, by its absolute URL without a version (`/_history/n`).
        case elsewhere(String)
    }

    /// What `reference` names; nil for a contained (`#id`) or malformed one.
    func target(_ reference: String) -> Target? {
        // A relative reference has no colon: neither a type nor an id may hold one.
        guard reference.utf8.contains(UInt8(ascii: ":")) else {
            return Reference(reference: reference).target.map { .local(type: $0.type, id: $0.id) }
        }
        if let local = localPath(reference), let target = Reference(reference: local).target {
            return .local(type: target.type, id: target.id)
        }
        return .elsewhere(Self.withoutVersion(reference))
    }

    /// The type and id of this server's resource that `reference` names, or nil when it names
    /// none (another server's, a contained one, a `urn:`).
    func local(_ reference: String) -> (type: String, id: String)? {
        guard case .local(let type, let id) = target(reference) else { return nil }
        return (type, id)
    }

    /// `Type/id` (or `Type/id/_history/n`) of an absolute URL under one of the server's names,
    /// or nil for any other URL.
    private func localPath(_ reference: String) -> String? {
        guard let separator = reference.range(of: "://") else { return nil }
        let scheme = reference[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = reference[separator.upperBound...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        // Without a port the URL means its scheme's: `https://127.0.0.1/` is port 443.
        var authority = String(rest[..<slash])
        if let (_, port) = ServerNames.split(authority.lowercased()), port == nil {
            authority += scheme == "https" ? ":443" : ":80"
        }
        guard let names, names.isOwn(authority) else { return nil }
        let path = rest[slash...]
        let prefix = self.path + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let relative = path.dropFirst(prefix.count)
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 4 && parts[2] == "_history"),
            !relative.contains(where: { "?#%".contains($0) })
        else { return nil }
        return String(relative)
    }

    /// An absolute URL without its `/_history/n`: every version names the same resource.
    static func withoutVersion(_ url: String) -> String {
        guard let history = url.range(of: "/_history/", options: .backwards) else { return url }
        return String(url[..<history.lowerBound])
    }
}
