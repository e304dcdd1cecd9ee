import FHIRModel
import FHIRValidation
import Foundation

/// The built-in FHIR server's behaviour: every interaction, independent of HTTP plumbing.
///
/// Answers like a real FHIR server: read, vread, history, search, create, update, delete,
/// transaction and batch, and metadata, with the version's MIME type, ETags, Location and
/// OperationOutcomes for every error.
public struct FHIRService: Sendable {
    public let version: FHIRVersion
    public let store: ResourceStore
    public let clock: any ServerClock
    public let validator: ResourceValidator
    /// Searches' matches and answers, kept until the store's next change.
    let searches = SearchCache()
    /// The CapabilityStatement, made once.
    let metadataCache = MetadataCache()
    /// The release's search parameters, each parsed once.
    let searchParameters: SearchParameterIndex
    /// Where the FHIR API lives on the HTTP server.
    public static let basePath = "/fhir"
    /// Bodies larger than this are refused with 413.
    public let maximumBodySize: Int

    public init(version: FHIRVersion, store: ResourceStore, clock: any ServerClock, maximumBodySize: Int = 8 << 20) {
        self.version = version
        self.store = store
        self.clock = clock
        self.validator = ResourceValidator(version: version)
        self.searchParameters = SearchParameterIndex(version: version)
        self.maximumBodySize = maximumBodySize
    }

    /// The resource types this server stores.
    public var resourceTypes: [String] { validator.supportedTypes }

    public func handle(_ request: FHIRRequest) async -> FHIRResponse {
        let context = FHIRExchange(request: request, version: version)
        if request.body.count > maximumBodySize {
            return context.outcome(413, "too-long", "the body is larger than \(maximumBodySize) bytes")
        }
        if let refusal = context.refuseUnsupportedFormat() { return refusal }
        let parts = request.components
        switch (request.method, parts.count) {
        case ("GET", 1) where parts[0] == "metadata": return metadata(context)
        case ("POST", 0): return await transaction(context)
        case (_, 0): return context.outcome(405, "not-supported", "\(request.method) is not supported at the base")
        case (_, 1) where parts[0] == "metadata":
            return context.outcome(405, "not-supported", "\(request.method) is not supported on metadata")
        default: break
        }
        let type = parts[0]
        guard resourceTypes.contains(type) else {
            return context.outcome(
                404, "not-supported", "resource type '\(type)' is not supported by this \(version.displayName) server")
        }
        return await route(context, type: type, parts: Array(parts.dropFirst()))
    }

    private func route(_ context: FHIRExchange, type: String, parts: [String]) async -> FHIRResponse {
        switch (context.request.method, parts.count) {
        case ("GET", 0): return await search(context, type: type)
        case ("POST", 1) where parts[0] == "_search": return await search(context, type: type)
        case ("POST", 0): return await create(context, type: type)
        case ("GET", 1): return await read(context, type: type, id: parts[0])
        case ("PUT", 1): return await update(context, type: type, id: parts[0])
        case ("DELETE", 1): return await delete(context, type: type, id: parts[0])
        case ("GET", 2) where parts[1] == "_history": return await history(context, type: type, id: parts[0])
        case ("GET", 3) where parts[1] == "_history":
            return await readVersion(context, type: type, id: parts[0], version: parts[2])
        default:
            let path = ([type] + parts).joined(separator: "/")
            return context.outcome(405, "not-supported", "\(context.request.method) \(path) is not a FHIR interaction")
        }
    }

    /// `meta.lastUpdated` for writes made now.
    var now: String { clock.now().fhirInstant }
}
