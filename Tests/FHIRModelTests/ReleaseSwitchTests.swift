import Foundation
import Testing

/// What a release is comes from its tables through one value (``FHIRRelease``); a switch over
/// the releases is kept only where the releases truly behave differently. Each file that keeps
/// one is listed here with why, so a new one is a decision someone writes down, and a listed
/// one that no longer switches is taken off the list.
@Suite("Release switches")
struct ReleaseSwitchTests {
    /// Files under `Sources/` with an exhaustive switch over the releases, and why.
    static let allowed: [String: String] = [
        "FHIRModel/FHIRVersion.swift": "the wire facts of each release: its number, MIME type, order type",
        "FHIRModel/Tutorial/Order+Versions.swift": "each release's order struct, generated from release-structs.txt",
        "FHIRModel/Tutorial/Administration+Versions.swift": "each release's administration struct",
        "FHIRModel/Tutorial/VersionConversion.swift": "where a Medication's form moved between releases",
        "FHIRValidation/ResourceRules.swift": "the tutorial's rules, written for each release's structs",
        "MedicationTutorial/Instructions/DosageElements.swift": "where each release keeps a dose's elements",
        "MedicationTutorial/Instructions/InstructionsInput+Elements.swift": "each release's Dosage struct",
    ]

    static let sources = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources")

    /// The Swift files under `Sources/` that switch over the releases, by a `case` naming DSTU2
    /// (which every exhaustive switch over the releases must name).
    static func switchingFiles() throws -> Set<String> {
        let files = FileManager.default.enumerator(atPath: sources.path(percentEncoded: false))
        var found = Set<String>()
        while let path = files?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appending(path: path), encoding: .utf8)
            if text.contains(/case\s+\.dstu2\b/) { found.insert(path) }
        }
        return found
    }

    @Test func onlyTheListedFilesSwitchOverReleases() throws {
        let found = try Self.switchingFiles()
        #expect(found.count > 0, "no Swift file was read from \(Self.sources.path(percentEncoded: false))")
        let unlisted = found.subtracting(Self.allowed.keys).sorted()
        let stale = Set(Self.allowed.keys).subtracting(found).sorted()
        #expect(unlisted.isEmpty, "switch over the releases not listed: \(unlisted)")
        #expect(stale.isEmpty, "listed, but no longer switching: \(stale)")
    }

    /// No type keeps a value per release in properties of its own: ``PerRelease`` does that.
    @Test func noTypeKeepsAPropertyPerRelease() throws {
        let files = FileManager.default.enumerator(atPath: Self.sources.path(percentEncoded: false))
        var found: [String] = []
        while let path = files?.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.contains("Bundled") else { continue }
            let text = try String(contentsOf: Self.sources.appending(path: path), encoding: .utf8)
            if text.contains(/static let (dstu2|stu3|r4|r4b|r5)\s*=/) { found.append(path) }
        }
        #expect(found.isEmpty, "\(found.sorted())")
    }
}
