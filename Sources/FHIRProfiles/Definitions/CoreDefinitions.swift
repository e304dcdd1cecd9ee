import FHIRModel

/// A release's own profiles, extensions and complete CodeSystems, read from
/// `Bundled/profiles-<release>.jsonl` and `codesystems-<release>.txt` (written by
/// `scripts/fhir-definitions`); a release without them has none.
struct CoreDefinitions: Sendable {
    let profiles: [String: ProfileDefinition]
    let codeSystems: [String: CodeSystemCodes]

    static let releases = PerRelease { version in
        CoreDefinitions(
            profiles: BundledFiles.text("profiles-\(version.rawValue).jsonl"),
            codeSystems: BundledFiles.text("codesystems-\(version.rawValue).txt"))
    }

    init(profiles: String?, codeSystems: String?) {
        var read: [String: ProfileDefinition] = [:]
        for line in (profiles ?? "").split(separator: "\n") {
            // The file is the repository's own, written by a script: a line that does not
            // read is a build that went wrong, and is left out rather than stopping validation.
            guard let json = try? JSONParser.parse(Array(line.utf8)),
                let profile = try? ProfileDefinition(json: json)
            else { continue }
            read[profile.url] = profile
        }
        self.profiles = read
        self.codeSystems = Self.codeSystems(codeSystems ?? "")
    }

    /// Reads `system`, then `\tcode[\tparent]` lines.
    private static func codeSystems(_ text: String) -> [String: CodeSystemCodes] {
        var systems: [String: CodeSystemCodes] = [:]
        var current: (url: String, parents: [String: String?])?
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("\t") {
                let parts = line.dropFirst().split(separator: "\t", omittingEmptySubsequences: false)
                // Set as a value, nil included: assigning nil would remove the code.
                current?.parents.updateValue(parts.count > 1 ? String(parts[1]) : nil, forKey: String(parts[0]))
                continue
            }
            if let done = current { systems[done.url] = CodeSystemCodes(parents: done.parents) }
            current = (String(line), [:])
        }
        if let done = current { systems[done.url] = CodeSystemCodes(parents: done.parents) }
        return systems
    }
}
