import FHIRModel
import FHIRProfiles
import FHIRValidation

/// `POST [type]/$validate`: what the server would say of a resource, without storing it, as
/// the specification's operation answers: 200 and an OperationOutcome of every issue (an
/// invalid resource is a successful validation), against the profiles the request names
/// (`profile`, in the query or the Parameters) and those the resource declares.
extension FHIRService {
    func validate(_ context: FHIRExchange, type: String) -> FHIRResponse {
        let asked: (resource: JSONValue, profiles: [String])
        do { asked = try validationRequest(context, type: type) } catch { return error.response }
        // References are taken as found: whether a resource exists here is not this
        // operation's to tell (nor a token's way to learn it).
        var issues = validator.issues(in: asked.resource, type: type, exists: { _, _ in true })
        issues += profileValidator.issues(in: asked.resource, profiles: asked.profiles)
        if issues.isEmpty {
            issues = [ValidationIssue(path: type, message: "no issues found", severity: .information)]
        }
        return context.outcome(200, issues)
    }

    /// Every problem a write of `resource` has: the release's rules, and the profiles it
    /// declares (`meta.profile`) or a guide added with `serve --package` holds for its type.
    /// Every write passes here: create, update, a transaction's or batch's, a load's.
    func writeIssues(
        _ resource: JSONValue, type: String, exists: (String, String) -> Bool,
        local: (String) -> (type: String, id: String)? = LiteralReference.relative
    ) -> [ValidationIssue] {
        let issues = validator.issues(in: resource, type: type, exists: exists, local: local)
        // Most writes declare no profile: they cost no profile check.
        guard !issues.contains(where: \.isError), hasGlobalProfiles || Self.declaresProfile(resource) else {
            return issues
        }
        return issues + profileValidator.issues(in: resource, checksExtensions: false)
    }

    /// Whether a resource, or one inside it (contained, a Bundle's entry), names a profile in
    /// its `meta`.
    static func declaresProfile(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object):
            if object["meta"]?["profile"] != nil, object["resourceType"] != nil { return true }
            return object.values.contains(where: declaresProfile)
        case .array(let items):
            return items.contains(where: declaresProfile)
        default:
            return false
        }
    }

    /// The resource and the profiles a request asks about: a resource of `type` as the body,
    /// or a Parameters holding it as `resource`, with `profile` in either.
    private func validationRequest(_ context: FHIRExchange, type: String) throws(Refusal) -> (JSONValue, [String]) {
        var profiles = context.request.query.filter { $0.name == "profile" }.map(\.value)
        let body: JSONValue
        if (try? JSONParser.parse(context.request.body))?["resourceType"] == "Parameters" {
            body = try parseBody(context, type: "Parameters")
            let parameters = body["parameter"]?.arrayValue ?? []
            profiles += parameters.filter { $0["name"] == "profile" }.compactMap {
                $0["valueUri"]?.stringValue ?? $0["valueCanonical"]?.stringValue
            }
            guard let resource = parameters.first(where: { $0["name"] == "resource" })?["resource"] else {
                throw Refusal(
                    response: context.outcome(400, "required", "the Parameters hold no resource to validate"))
            }
            guard resource["resourceType"]?.stringValue == type else {
                throw Refusal(
                    response: context.outcome(
                        400, "invalid",
                        "the Parameters hold a \(resource["resourceType"]?.stringValue ?? "value"), "
                            + "but the URL is for \(type)"))
            }
            return (resource, profiles)
        }
        body = try parseBody(context, type: type)
        return (body, profiles)
    }
}
