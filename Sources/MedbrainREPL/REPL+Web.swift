/// The classroom's web view (MedbrainWeb): where to open it. Every Medbrain server has one at
/// the root of its address, the REPL's built-in ones and a class's shared `medbrain serve`.
extension REPL {
    func web(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw UsageError() }
        let server = try connected().server
        let isMedbrain =
            await servers.baseURLs.contains(server.baseURL) || server.software?.hasPrefix("Medbrain ") == true
        guard isMedbrain, server.baseURL.hasSuffix(BuiltinServer.basePath) else {
            throw REPLError(
                "\(server.software ?? "this server") has no Medbrain web view; 'connect builtin' for the built-in one")
        }
        let address = String(server.baseURL.dropLast(BuiltinServer.basePath.count)) + "/"
        show(
            ["url": .string(address)],
            lines: [
                "web view: \(address)",
                "  patients, orders, doses and charts, updated as resources arrive; it only reads",
            ])
    }
}
