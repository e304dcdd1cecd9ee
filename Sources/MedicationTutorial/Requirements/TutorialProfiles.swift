import FHIRModel
import FHIRProfiles
import FHIRValidation

/// The tutorial's Tables 1–4 as the profiles Medbrain ships, one StructureDefinition per
/// resource and release (`Bundled/Profiles/<release>/`, plain JSON that `validate --package`
/// and any FHIR tool read too). Each row of a table is an element of its profile; a resource
/// meets a row when it conforms to the profile cut to that element, and the table when it
/// conforms to the whole profile. Nothing here names a row: a row is added by editing a profile.
public struct TutorialProfiles: Sendable {
    public let version: FHIRVersion
    /// The StructureDefinitions, in table order.
    public let definitions: [JSONValue]
    /// Every row of every table, in order.
    public let requirements: [Requirement]
    private let validator: ProfileValidator

    public static func of(_ version: FHIRVersion) -> TutorialProfiles { releases[version] }
    private static let releases = PerRelease { TutorialProfiles(version: $0) }

    /// The release's profiles as they are, in table order, read without the validator that
    /// judges by them (a server that only passes them on starts sooner).
    public static func definitions(of version: FHIRVersion) -> [JSONValue] {
        let folder = "Profiles/\(version.rawValue)/"
        let read = BundledFiles.paths.filter { $0.hasPrefix(folder) && $0.hasSuffix(".json") }.compactMap { path in
            BundledFiles.text(path).flatMap { try? JSONParser.parse($0) }
        }
        return read.sorted { table(of: $0) < table(of: $1) }
    }

    private init(version: FHIRVersion) {
        self.version = version
        definitions = Self.definitions(of: version)
        var resources = ConformanceResources(version: version)
        var requirements: [Requirement] = []
        for definition in definitions {
            // The profiles are Medbrain's own files; TutorialProfilesTests proves each is read.
            _ = try? resources.add(definition)
            for (row, profile) in Self.rows(of: definition) {
                _ = try? resources.add(profile)
                requirements.append(row)
            }
        }
        self.requirements = requirements
        validator = ProfileValidator(resources: resources)
    }

    /// The URL of the table's profile for `type`, when there is one.
    public func profile(of type: String) -> String? {
        definitions.first { Self.type(of: $0) == type }?["url"]?.stringValue
    }

    /// The rows of `type`'s table.
    public func requirements(of type: String) -> [Requirement] { requirements.filter { $0.resourceType == type } }

    /// Which of `resources` do not meet `requirement`, by index.
    public func failing(_ requirement: Requirement, among resources: [JSONValue]) -> [Int] {
        validator.conformance(of: resources, to: requirement.profile).enumerated().compactMap { index, issues in
            issues.contains(where: \.isError) ? index : nil
        }
    }

    /// Whether `resource` meets `requirement`.
    public func isMet(_ requirement: Requirement, by resource: JSONValue) -> Bool {
        failing(requirement, among: [resource]).isEmpty
    }

    /// The type the table's profile at `url` is of, when it is one of them.
    public func type(ofProfile url: String) -> String? {
        definitions.first { $0["url"]?.stringValue == url }.flatMap(Self.type(of:))
    }

    /// Every problem `resource` has against `asked` and the profiles it declares
    /// (`meta.profile`), among those this release knows: its own and the tutorial's. One
    /// asked for that nobody knows is an error; one declared, a warning that it was not checked.
    public func profileIssues(of resource: JSONValue, asked: [String]) -> [ValidationIssue] {
        validator.issues(in: resource, profiles: asked, checksExtensions: false)
    }

    /// Every problem `resource` has against the whole table whose profile is at `url`.
    public func conformance(of resource: JSONValue, to url: String) -> [ValidationIssue] {
        validator.conformance(of: resource, to: url)
    }

    /// Each row a table's profile states, with the profile cut to that row: the root element
    /// and the row's element alone, under a URL of its own.
    static func rows(of definition: JSONValue) -> [(Requirement, JSONValue)] {
        guard let url = definition["url"]?.stringValue, let type = type(of: definition),
            var object = definition.objectValue,
            let elements = definition["differential"]?["element"]?.arrayValue, let root = elements.first
        else { return [] }
        let rootOnly = JSONValue.object(JSONObject([("path", root["path"] ?? .string(type))]))
        return elements.dropFirst().enumerated().compactMap { index, element in
            let rowURL = "\(url)-row-\(index + 1)"
            guard let row = Requirement(element: element, table: table(of: definition), type: type, profile: rowURL)
            else { return nil }
            object["url"] = .string(rowURL)
            object["version"] = nil
            object["differential"] = .object(JSONObject([("element", .array([rootOnly, element]))]))
            return (row, .object(object))
        }
    }

    /// The type a profile constrains: `type`, or DSTU2's `constrainedType`.
    static func type(of definition: JSONValue) -> String? {
        definition["type"]?.stringValue ?? definition["constrainedType"]?.stringValue
    }

    /// The table a profile states, from its title (`Table 3: …`; DSTU2's `display`).
    static func table(of definition: JSONValue) -> Int {
        let title = definition["title"]?.stringValue ?? definition["display"]?.stringValue ?? ""
        guard title.hasPrefix("Table ") else { return Int.max }
        return Int(title.dropFirst(6).prefix { $0.isNumber }) ?? Int.max
    }
}
