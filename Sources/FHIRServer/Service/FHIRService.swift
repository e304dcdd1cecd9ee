import FHIRModel
import FHIRProfiles
import FHIRValidation
import Foundation
import SMART

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
    /// Where the FHIR API lives on the HTTP server; a class workspace's lives below its own
    /// path (``ServerBase/path``).
    public static let basePath = "/fhir"
    /// Bodies larger than this are refused with 413.
    public let maximumBodySize: Int
    /// The SMART authorization server whose tokens every request needs (`--auth smart`); nil
    /// serves everyone, as the tutorial's server does.
    public let authorization: AuthorizationServer?
    /// Which resources are a patient's, for the tokens of patient scopes.
    let compartment: PatientCompartment
    /// The server's own names, which tell its absolute references from other servers'.
    public let base: ServerBase
    /// The profiles, extensions and terminology of `serve --package`; nil has the release's own
    /// alone, read when a resource first names a profile.
    let conformance: ConformanceResources?
    /// Those with the definitions every built-in server knows (the tutorial's profiles) added:
    /// made when a resource first names a profile, so a server that is never asked reads none.
    private let conformanceWithDefinitions: PerRelease<ConformanceResources>

    public init(
        version: FHIRVersion, store: ResourceStore, clock: any ServerClock, maximumBodySize: Int = 8 << 20,
        authorization: AuthorizationServer? = nil, base: ServerBase = ServerBase(),
        conformance: ConformanceResources? = nil, definitions: [JSONValue] = []
    ) {
        self.version = version
        self.store = store
        self.clock = clock
        self.validator = ResourceValidator(version: version)
        self.searchParameters = SearchParameterIndex(version: version)
        self.maximumBodySize = maximumBodySize
        self.authorization = authorization
        self.compartment = version.release.compartment
        self.base = base
        self.conformance = conformance
        conformanceWithDefinitions = PerRelease { version in
            var resources = conformance ?? ConformanceResources(version: version)
            // The definitions are Medbrain's own files, which its tests read in every release.
            for definition in definitions { _ = try? resources.add(definition) }
            return resources
        }
    }

    /// Checks resources against profiles: those of `serve --package` and the release's own.
    var profileValidator: ProfileValidator {
        let clock = clock
        return ProfileValidator(resources: conformanceWithDefinitions[version]) { clock.now() }
    }

    /// Whether a guide added says every resource of some type must conform to a profile.
    var hasGlobalProfiles: Bool { conformance?.hasGlobalProfiles ?? false }

    /// The resource types this server stores.
    public var resourceTypes: [String] { validator.supportedTypes }

    public func handle(_ request: FHIRRequest) async -> FHIRResponse {
        let request = Self.withPostedSearch(request)
        var context = FHIRExchange(request: request, version: version)
        context.basePath = base.path
        if request.body.count > maximumBodySize {
            return context.outcome(413, "too-long", "the body is larger than \(maximumBodySize) bytes")
        }
        let parts = request.components
        if request.method == "GET", parts == [".well-known", "smart-configuration"] {
            return smartConfiguration(context)
        }
        if let refusal = context.refuseUnsupportedFormat() { return refusal }
        if let authorization, parts != ["metadata"] {
            switch authenticate(request, context, with: authorization) {
            case .success(let grant): context.grant = grant
            case .failure(let refusal): return refusal.response
            }
            var response = await answer(context, parts: parts)
            if response.status == 403 {
                // RFC 6750 §3.1: the token is good, its scopes are not enough for this.
                response.headers.append(
                    ("WWW-Authenticate", #"Bearer realm="Medbrain", error="insufficient_scope""#))
            }
            return response
        }
        return await answer(context, parts: parts)
    }

    /// The answer to a request whose token, if one is needed, was taken.
    private func answer(_ context: FHIRExchange, parts: [String]) async -> FHIRResponse {
        let request = context.request
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
        if let answer = await compartmentSearch(context, compartment: type, parts: parts) { return answer }
        if let permission = Self.permission(context.request.method, parts),
            let refusal = refusal(permission, on: type, context)
        {
            return refusal
        }
        switch (context.request.method, parts.count) {
        case ("GET", 0): return await search(context, type: type)
        case ("POST", 1) where parts[0] == "_search": return await search(context, type: type)
        case ("POST", 1) where parts[0] == "$validate": return validate(context, type: type)
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

    /// `POST [type]/_search` carries its parameters in a form body as well as in the URL (FHIR's
    /// search page): they are one query, the URL's first.
    static func withPostedSearch(_ request: FHIRRequest) -> FHIRRequest {
        guard request.method == "POST", request.components.last == "_search", !request.body.isEmpty,
            (request.headers["content-type"] ?? "").lowercased().contains("application/x-www-form-urlencoded")
        else { return request }
        var merged = request
        merged.query += QueryString.parameters(String(decoding: request.body, as: UTF8.self))
        return merged
    }

    /// What an interaction on a type asks of a token's scopes.
    static func permission(_ method: String, _ parts: [String]) -> SMARTScope.Permission? {
        switch (method, parts.count) {
        case ("GET", 0): .search
        case ("POST", 1) where parts[0] == "_search": .search
        case ("POST", 0): .create
        case ("GET", _): .read
        case ("PUT", _): .update
        case ("DELETE", _): .delete
        default: nil
        }
    }

    /// `.well-known/smart-configuration`: how to get a token here, when tokens are asked for.
    private func smartConfiguration(_ context: FHIRExchange) -> FHIRResponse {
        guard let authorization else {
            return context.outcome(404, "not-found", "this server does not use SMART: start it with --auth smart")
        }
        let origin = String(context.baseURL.dropLast(context.basePath.count))
        return FHIRResponse(
            status: 200, headers: [("Content-Type", "application/json")],
            body: authorization.configuration(origin: origin).compactBytes)
    }

    /// `meta.lastUpdated` for writes made now.
    var now: String { clock.now().fhirInstant }
}
