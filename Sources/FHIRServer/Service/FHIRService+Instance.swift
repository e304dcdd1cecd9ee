import FHIRModel

/// Read, version read and history of one resource.
extension FHIRService {
    func read(_ context: FHIRExchange, type: String, id: String) async -> FHIRResponse {
        let access = access(context)
        switch await access.read(type, id) {
        case .found(let current): return context.resource(current)
        // Outside the token's reach is answered as not there: a 403 would tell which ids exist.
        case .outOfReach: return context.outcome(404, "not-found", "\(type)/\(id) is not known")
        case .absent:
            if await access.history(type, id)?.last?.isDeleted == true {
                return context.outcome(410, "deleted", "\(type)/\(id) was deleted")
            }
            return context.outcome(404, "not-found", "\(type)/\(id) is not known")
        }
    }

    func readVersion(_ context: FHIRExchange, type: String, id: String, version: String) async -> FHIRResponse {
        switch await access(context).version(type, id, version) {
        case .absent, .outOfReach: return context.outcome(404, "not-found", "\(type)/\(id) has no version \(version)")
        case .found(let match):
            guard !match.isDeleted else {
                return context.outcome(410, "deleted", "\(type)/\(id) version \(version) is a deletion")
            }
            return context.resource(match)
        }
    }

    func history(_ context: FHIRExchange, type: String, id: String) async -> FHIRResponse {
        guard let versions = await access(context).history(type, id), !versions.isEmpty else {
            return context.outcome(404, "not-found", "\(type)/\(id) is not known")
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
