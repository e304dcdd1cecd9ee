import FHIRModel

/// Read, version read and history of one resource.
extension FHIRService {
    func read(_ context: FHIRExchange, type: String, id: String) async -> FHIRResponse {
        if let current = await store.read(type, id) {
            if let json = current.json, let refusal = await refusal(.read, json, type: type, context) { return refusal }
            return context.resource(current)
        }
        if await store.history(type, id).last?.isDeleted == true {
            return context.outcome(410, "deleted", "\(type)/\(id) was deleted")
        }
        return context.outcome(404, "not-found", "\(type)/\(id) is not known")
    }

    func readVersion(_ context: FHIRExchange, type: String, id: String, version: String) async -> FHIRResponse {
        let versions = await store.history(type, id)
        guard let match = versions.first(where: { String($0.versionId) == version }) else {
            return context.outcome(404, "not-found", "\(type)/\(id) has no version \(version)")
        }
        guard !match.isDeleted else {
            return context.outcome(410, "deleted", "\(type)/\(id) version \(version) is a deletion")
        }
        if let json = match.json, let refusal = await refusal(.read, json, type: type, context) { return refusal }
        return context.resource(match)
    }

    func history(_ context: FHIRExchange, type: String, id: String) async -> FHIRResponse {
        var versions = await store.history(type, id)
        guard !versions.isEmpty else { return context.outcome(404, "not-found", "\(type)/\(id) is not known") }
        if context.grant != nil {
            // A deletion holds no resource: it is shown when a version before it is.
            var shown: [StoredResource] = []
            for version in versions {
                let reached = version.isDeleted ? !shown.isEmpty : await reaches(version, .read, context)
                if reached { shown.append(version) }
            }
            guard !shown.isEmpty else {
                return context.outcome(
                    403, "forbidden", "the token does not reach any version of \(type)/\(id)")
            }
            versions = shown
        }
        var bundle = Bundle(type: "history")
        bundle.total = versions.count
        bundle.link = [BundleLink(relation: "self", url: "\(context.baseURL)/\(type)/\(id)/_history")]
        bundle.entry = versions.reversed().map { version in
            var entry = BundleEntry(fullUrl: "\(context.baseURL)/\(type)/\(id)", resource: version.json)
            entry.request = BundleEntryRequest(
                method: version.isDeleted ? "DELETE" : (version.versionId == 1 ? "POST" : "PUT"),
                url: version.versionId == 1 ? type : "\(type)/\(id)")
            entry.response = BundleEntryResponse(
                status: version.isDeleted ? "204" : "200", etag: version.etag, lastModified: version.lastUpdated)
            return entry
        }
        return context.respond(200, bundle.json)
    }
}
