import FHIRServer

/// The classroom's web view of the built-in server (MedbrainWeb): where to open it.
extension REPL {
    func web(_ arguments: [String]) async throws {
        guard arguments.isEmpty else { throw usage("web") }
        let base = try connected().server.baseURL
        guard await servers.baseURLs.contains(base), base.hasSuffix(FHIRService.basePath) else {
            throw REPLError(
                "the web view is the built-in server's ('connect builtin'); "
                    + "'medbrain serve' prints the address of its own")
        }
        let address = String(base.dropLast(FHIRService.basePath.count)) + "/"
        show(
            ["url": .string(address)],
            lines: [
                "web view: \(address)",
                "  patients, orders, doses and charts, updated as resources arrive; it only reads",
            ])
    }
}
