import Foundation

/// The names the server answers to, and the origin it calls itself by.
///
/// A browser sends the `Host` it was pointed at. A page on a name the attacker controls can
/// resolve that name to 127.0.0.1 (DNS rebinding) and be same-origin with the server, so a
/// request whose Host is not one of the server's own names is refused (421), and discovery,
/// links, `iss` and `aud` name the origin from configuration, never the one a request brings.
public struct ServerNames: Sendable, Equatable {
    /// `http://127.0.0.1:8080`, or the `--public-url`'s origin: what every URL the server writes
    /// starts with.
    public let origin: String
    /// `host:port` pairs, lower-cased, that a Host header may name.
    let authorities: Set<String>
    /// Bound to every address (`0.0.0.0`, `::`) with no public URL: an IP literal with the bound
    /// port is the server's own (a literal cannot be rebound), and the origin follows it.
    let anyAddress: Bool
    let port: Int

    /// The names of a server bound to `host` and `port`, reached also at `publicURL` if given.
    public init(host: String, port: Int, publicURL: URL? = nil) {
        self.port = port
        let shown = host.contains(":") ? "[\(host)]" : host
        var names = ["\(shown):\(port)".lowercased()]
        anyAddress = ["0.0.0.0", "::", "[::]"].contains(host) && publicURL == nil
        if ServerConfiguration.isLoopback(host) || anyAddress { names.append("localhost:\(port)") }
        if host == "localhost" { names += ["127.0.0.1:\(port)", "[::1]:\(port)"] }
        if let publicURL, let scheme = publicURL.scheme, let name = publicURL.host {
            let defaultPort = scheme == "https" ? 443 : 80
            let named = name.contains(":") ? "[\(name)]" : name
            names.append("\(named):\(publicURL.port ?? defaultPort)".lowercased())
            let portPart = publicURL.port.map { ":\($0)" } ?? ""
            origin = "\(scheme)://\(named)\(portPart)"
            defaultPorts = [defaultPort]
        } else {
            origin = "http://\(host == "localhost" || anyAddress ? "127.0.0.1" : shown):\(port)"
            defaultPorts = [80]
        }
        authorities = Set(names)
    }

    /// The ports a Host without one means: 80, or 443 for an https public URL.
    let defaultPorts: Set<Int>

    /// The origin a request with this `Host` is answered as, or nil when the Host is not one of
    /// the server's names (HTTP/1.1 requires a Host; a request without one is refused too).
    public func origin(forHost host: String?) -> String? {
        guard let host, let (name, port) = Self.split(host.lowercased()) else { return nil }
        let ports = port.map { [$0] } ?? Array(defaultPorts)
        if ports.contains(where: { authorities.contains("\(name):\($0)") }) { return origin }
        if anyAddress, ports.contains(self.port), Self.isAddressLiteral(name) { return "http://\(name):\(self.port)" }
        return nil
    }

    /// Whether an absolute reference under `host` (`host:port`, with its port) names this
    /// server. Stricter than a request's Host: bound to every address, the server cannot know
    /// that another machine's address literal is its own (in a classroom it is often another
    /// student's server), so only its names and loopback literals count.
    func isOwn(_ host: String) -> Bool {
        guard let (name, port) = Self.split(host.lowercased()), let port else { return false }
        if authorities.contains("\(name):\(port)") { return true }
        return anyAddress && port == self.port && ["127.0.0.1", "[::1]"].contains(name)
    }

    /// `name` and the port of `host:port`; nil when the port is not a number.
    static func split(_ host: String) -> (String, Int?)? {
        let colon: String.Index?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            colon = rest.isEmpty ? nil : rest.startIndex
        } else {
            colon = host.lastIndex(of: ":")
        }
        guard let colon else { return host.isEmpty ? nil : (host, nil) }
        guard let port = Int(host[host.index(after: colon)...]), (1...65_535).contains(port) else { return nil }
        let name = String(host[..<colon])
        return name.isEmpty ? nil : (name, port)
    }

    /// Whether `name` is an IPv4 address or a bracketed IPv6 one, not a name DNS answers for.
    static func isAddressLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") {
            return name.hasSuffix("]")
                && name.dropFirst().dropLast().allSatisfy { $0.isASCII && ($0.isHexDigit || ":.".contains($0)) }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy { ("0"..."9").contains($0) } && UInt8(part) != nil
            }
    }
}
