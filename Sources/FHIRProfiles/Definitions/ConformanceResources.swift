import FHIRModel

/// The definitions a validator judges by: the profiles and extensions, ValueSets and
/// CodeSystems of a release's core package (R4's are bundled) and of the packages, folders and
/// files the user adds (an IG such as US Core).
public struct ConformanceResources: Sendable {
    public let version: FHIRVersion
    private var profiles: [String: ProfileDefinition]
    private var valueSets: [String: JSONValue] = [:]
    private var codeSystems: [String: CodeSystemCodes]
    /// The Questionnaires added, by `url` and by `url|version`, which the
    /// QuestionnaireResponses that answer them are checked against.
    private var questionnaires: [String: JSONValue] = [:]
    /// The profiles an ImplementationGuide says every resource of a type must conform to
    /// (its `global`), by type.
    private var globals: [String: [String]] = [:]

    /// The release's own definitions, and nothing else yet.
    public init(version: FHIRVersion) {
        self.version = version
        let core = CoreDefinitions.releases[version]
        (profiles, codeSystems) = (core.profiles, core.codeSystems)
    }

    /// Takes in a StructureDefinition that constrains a type, a ValueSet, a CodeSystem, or a
    /// Bundle of them; any other resource is passed over. Says which profiles it added.
    @discardableResult
    public mutating func add(_ resource: JSONValue) throws(ProfileError) -> [String] {
        switch resource["resourceType"]?.stringValue {
        case "StructureDefinition":
            guard resource["kind"] != "logical", !definesType(resource) else { return [] }
            let profile = try ProfileDefinition(json: resource)
            profiles[profile.url] = profile
            if let version = profile.version { profiles["\(profile.url)|\(version)"] = profile }
            return [profile.url]
        case "ValueSet":
            if let url = resource["url"]?.stringValue { valueSets[url] = resource }
        case "CodeSystem":
            if let url = resource["url"]?.stringValue, let codes = CodeSystemCodes(json: resource) {
                codeSystems[url] = codes
            }
        case "Questionnaire":
            guard let url = resource["url"]?.stringValue else { break }
            questionnaires[url] = resource
            if let version = resource["version"]?.stringValue { questionnaires["\(url)|\(version)"] = resource }
        case "ImplementationGuide":
            for global in resource["global"]?.arrayValue ?? [] {
                guard let type = global["type"]?.stringValue, let profile = global["profile"]?.stringValue else {
                    continue
                }
                globals[type, default: []].append(profile)
            }
        case "Bundle":
            var added: [String] = []
            for entry in resource["entry"]?.arrayValue ?? [] {
                if let inner = entry["resource"] { added += try add(inner) }
            }
            return added
        default:
            break
        }
        return []
    }

    /// Whether a StructureDefinition defines a type rather than constrains one: a
    /// specialization, unless it names one of the release's types under another URL (as some
    /// servers publish their profiles).
    private func definesType(_ definition: JSONValue) -> Bool {
        guard definition["derivation"]?.stringValue == "specialization" else { return false }
        let model = version.release.model
        guard let type = definition["type"]?.stringValue, let url = definition["url"]?.stringValue else { return true }
        return !model.knows(type) || ProfileDefinition.coreType(url, in: model) != nil
    }

    /// The profile or extension at a canonical URL, with or without `|version`.
    public func profile(_ url: String) -> ProfileDefinition? {
        profiles[url] ?? profiles[String(url.split(separator: "|", maxSplits: 1).first ?? "")]
    }

    /// Whether any guide added holds a profile for every resource of a type.
    public var hasGlobalProfiles: Bool { !globals.isEmpty }

    /// The profiles every resource of `type` must conform to, by the guides added.
    public func globalProfiles(of type: String) -> [String] { globals[type] ?? [] }

    /// A ValueSet added from a package or file.
    func valueSet(_ url: String) -> JSONValue? {
        valueSets[url] ?? valueSets[String(url.split(separator: "|", maxSplits: 1).first ?? "")]
    }

    /// The Questionnaire at a canonical URL: the version asked for when it names one
    /// (`url|0.1.0`), else the one added last under that URL.
    public func questionnaire(_ canonical: String) -> JSONValue? { questionnaires[canonical] }

    /// The codes of a CodeSystem, when it is complete and at hand.
    func codeSystem(_ url: String) -> CodeSystemCodes? { codeSystems[url] }
}
