import FHIRModel

/// A StructureDefinition that constrains a type (a profile, or an extension's definition), as
/// a validator reads it: its url, the type and the definition it derives from, and its elements.
public struct ProfileDefinition: Sendable {
    public let url: String
    public let version: String?
    public let name: String
    /// The type it constrains (`Observation`, `Extension`, `Quantity`).
    public let type: String
    /// The definition it derives from: a core type's (`…/StructureDefinition/Observation`) or
    /// another profile's.
    public let baseDefinition: String?
    /// The elements it constrains: its differential; its snapshot when it has no differential.
    public let elements: [ElementConstraint]
    /// Where an extension may be used: each context's kind (`element`, `extension`,
    /// `fhirpath`) and its expression (`Patient`, `Observation.component`, a URL).
    public let contexts: [(kind: String, expression: String)]

    /// Reads a StructureDefinition; a logical model is not a profile. (Whether a
    /// specialization is one is for ``ConformanceResources`` to say: it knows the types.)
    public init(json: JSONValue) throws(ProfileError) {
        guard json["resourceType"]?.stringValue == "StructureDefinition" else {
            throw ProfileError("not a StructureDefinition")
        }
        // DSTU2 named the type `constrainedType` and the base `base`.
        guard let url = json["url"]?.stringValue,
            let type = json["type"]?.stringValue ?? json["constrainedType"]?.stringValue
        else {
            throw ProfileError("a StructureDefinition without url or type")
        }
        guard json["kind"]?.stringValue != "logical" else { throw ProfileError("\(url) is a logical model") }
        let list = json["differential"]?["element"]?.arrayValue ?? json["snapshot"]?["element"]?.arrayValue ?? []
        (self.url, self.type) = (url, type)
        version = json["version"]?.stringValue
        name = json["name"]?.stringValue ?? url
        baseDefinition = json["baseDefinition"]?.stringValue ?? json["base"]?.stringValue
        elements = zip(list, Self.ids(list)).compactMap { ElementConstraint(json: $0, id: $1) }
        contexts = Self.contexts(json)
    }

    /// R4's and R5's `context` (kind and expression each), or STU3's `contextType` and strings.
    private static func contexts(_ json: JSONValue) -> [(kind: String, expression: String)] {
        let list = json["context"]?.arrayValue ?? []
        if let kind = json["contextType"]?.stringValue {
            return list.compactMap { $0.stringValue.map { (kind == "resource" ? "element" : kind, $0) } }
        }
        return list.compactMap { context in
            guard let kind = context["type"]?.stringValue, let expression = context["expression"]?.stringValue else {
                return nil
            }
            return (kind, expression)
        }
    }

    /// Each element's id: its own, or for a definition written without ids (as older ones
    /// are), one made from its path and the slice it lies in: the slice last named at a path
    /// holds the elements below that path that follow it.
    private static func ids(_ list: [JSONValue]) -> [String?] {
        var current: [String: String] = [:]
        return list.map { element in
            guard let path = element["path"]?.stringValue else { return nil }
            var id = element["id"]?.stringValue
            if id == nil {
                var made = path
                var parent = path
                while let dot = parent.lastIndex(of: ".") {
                    parent = String(parent[..<dot])
                    if let above = current[parent] {
                        made = above + path.dropFirst(parent.count)
                        break
                    }
                }
                id = element["sliceName"]?.stringValue.map { "\(made):\($0)" } ?? made
            }
            for key in current.keys where key.hasPrefix(path + ".") { current[key] = nil }
            current[path] = id
            return id
        }
    }

    /// The core type a base definition names (`…/StructureDefinition/Observation` is
    /// `Observation`), when it names one of the release's types rather than a profile.
    static func coreType(_ url: String, in model: FHIRTypeModel) -> String? {
        let prefix = "http://hl7.org/fhir/StructureDefinition/"
        guard url.hasPrefix(prefix) else { return nil }
        let name = String(url.dropFirst(prefix.count))
        return model.knows(name) ? name : nil
    }
}

/// Why a profile or a package could not be read or used, in one line for the user.
public struct ProfileError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
