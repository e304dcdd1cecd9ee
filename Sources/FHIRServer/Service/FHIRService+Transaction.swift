import FHIRModel

/// `POST [base]` with a `transaction` Bundle (all entries or none, placeholder `fullUrl`
/// references resolved, as the tutorial loaded its data) or a `batch` (each entry alone).
extension FHIRService {
    /// Entries in one transaction or batch: enough to load a patient's history, few enough that
    /// one request cannot hold the store for long.
    static let maximumEntries = 1_000

    func transaction(_ context: FHIRExchange) async -> FHIRResponse {
        let bundle: Bundle
        do {
            bundle = try Bundle(jsonText: context.request.body)
        } catch {
            let status = if case .syntax = error { 400 } else { 422 }
            return context.outcome(status, "structure", error.description)
        }
        guard bundle.entry.count <= Self.maximumEntries else {
            return context.outcome(
                413, "too-costly",
                "a transaction or batch has at most \(Self.maximumEntries) entries; this one has \(bundle.entry.count)",
                element: "Bundle.entry")
        }
        switch bundle.type {
        case "transaction": return await applyTransaction(context, bundle)
        case "batch": return await applyBatch(context, bundle)
        default:
            return context.outcome(
                400, "invalid", "POST to the base needs a Bundle of type transaction or batch", element: "Bundle.type")
        }
    }

    private func applyTransaction(_ context: FHIRExchange, _ bundle: Bundle) async -> FHIRResponse {
        var plan = TransactionPlan()
        for (index, entry) in bundle.entry.enumerated() {
            if let problem = await plan.add(entry, at: index, service: self) {
                return context.outcome(400, "invalid", problem, element: "Bundle.entry[\(index)]")
            }
        }
        if let refusal = await refusal(of: plan, context) { return refusal }
        let stored: [StoredResource]
        do {
            stored = try await store.apply(plan.resolvedWrites(), lastUpdated: now, local: base.local) {
                write, exists in
                write.resource.map { writeIssues($0, type: write.type, exists: exists, local: base.local) }
                    ?? []
            }
        } catch {
            return await storeFailure(context, error)
        }
        var result = Bundle(type: "transaction-response")
        result.entry = zip(plan.statuses, stored).map { status, resource in
            var entry = BundleEntry(
                fullUrl: "\(context.baseURL)/\(resource.type)/\(resource.id)", resource: resource.json)
            entry.response = BundleEntryResponse(
                status: status, location: "\(resource.type)/\(resource.id)/_history/\(resource.versionId)",
                etag: resource.etag, lastModified: resource.lastUpdated)
            return entry
        }
        return context.respond(200, result.json)
    }

    /// Each entry as its own request, answered in its own response entry.
    private func applyBatch(_ context: FHIRExchange, _ bundle: Bundle) async -> FHIRResponse {
        var result = Bundle(type: "batch-response")
        for entry in bundle.entry {
            let method = entry.request?.method ?? ""
            let url = entry.request?.url ?? ""
            let pathAndQuery = url.split(separator: "?", maxSplits: 1).map(String.init)
            let components = pathAndQuery.first?.split(separator: "/").map(String.init) ?? []
            var sub = FHIRRequest(
                method: method, components: components, query: QueryString.parameters(pathAndQuery.dropFirst().first),
                headers: context.request.headers, body: entry.resource?.compactBytes ?? [])
            sub.headers["if-match"] = entry.request?.ifMatch
            let answer =
                components.isEmpty
                ? context.outcome(400, "invalid", "a batch entry needs request.method and request.url")
                : await handle(sub)
            var responseEntry = BundleEntry(resource: answer.body.isEmpty ? nil : try? JSONParser.parse(answer.body))
            responseEntry.response = BundleEntryResponse(
                status: String(answer.status), location: answer.header("Location"), etag: answer.header("ETag"))
            result.entry.append(responseEntry)
        }
        return context.respond(200, result.json)
    }
}

/// The writes of a transaction, with placeholder ids (`urn:uuid:…`) mapped to real ones.
struct TransactionPlan {
    private(set) var writes: [StoreWrite] = []
    private(set) var statuses: [String] = []
    private var placeholders: [String: String] = [:]

    /// Adds one entry; returns a problem to report instead, if the entry cannot be done.
    mutating func add(_ entry: BundleEntry, at index: Int, service: FHIRService) async -> String? {
        guard let method = entry.request?.method, let url = entry.request?.url else {
            return "each entry needs request.method and request.url"
        }
        let parts = url.split(separator: "?")[0].split(separator: "/").map(String.init)
        guard let type = parts.first, service.resourceTypes.contains(type) else {
            return "'\(url)' is not a resource type this server supports"
        }
        if method != "DELETE" {
            guard let resource = entry.resource, resource["resourceType"]?.stringValue == type else {
                return "the entry's resource must be a \(type)"
            }
        }
        switch (method, parts.count) {
        case ("POST", 1):
            let id = await service.store.reserveID(for: type)
            if let fullUrl = entry.fullUrl { placeholders[fullUrl] = "\(type)/\(id)" }
            writes.append(StoreWrite(type: type, id: id, resource: entry.resource))
            statuses.append("201 Created")
        case ("PUT", 2):
            if let bodyID = entry.resource?["id"]?.stringValue, bodyID != parts[1] {
                return "the resource's id '\(bodyID)' does not match the URL's '\(parts[1])'"
            }
            if let fullUrl = entry.fullUrl { placeholders[fullUrl] = "\(type)/\(parts[1])" }
            let expected = entry.request?.ifMatch.flatMap(FHIRService.version(fromETag:))
            // The id the resource is stored under is validated as its own, as a create's is.
            let resource = entry.resource.map { FHIRService.withID(parts[1], $0) }
            writes.append(StoreWrite(type: type, id: parts[1], resource: resource, expectedVersion: expected))
            statuses.append("200 OK")
        case ("DELETE", 2):
            writes.append(StoreWrite(type: type, id: parts[1], resource: nil))
            statuses.append("204 No Content")
        default:
            return "\(method) \(url) is not supported in a transaction"
        }
        return nil
    }

    /// The writes with every reference to a placeholder replaced by the id it got.
    func resolvedWrites() -> [StoreWrite] {
        writes.map { write in
            StoreWrite(
                type: write.type, id: write.id, resource: write.resource.map(resolve),
                expectedVersion: write.expectedVersion)
        }
    }

    private func resolve(_ value: JSONValue) -> JSONValue {
        Placeholders.resolve(value, with: placeholders)
    }
}
