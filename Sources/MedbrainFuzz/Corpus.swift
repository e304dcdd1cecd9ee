import FHIRModel
import Foundation
import MedbrainDataset

/// The seeds: the repository's lessons and transcripts, the command lines in the transcripts,
/// every resource of the built-in dataset in both versions, and the expressions of HL7's
/// FHIRPath suite beside the repository.
struct Corpus {
    let lessons: [String]
    let transcripts: [String]
    let commands: [String]
    let resources: [String]
    let fhirPath: FHIRPathSeeds
    /// The built-in R4 data, which the search parser's queries are matched against.
    var r4Resources: [JSONValue] { (try? BuiltinDataset.resources(for: .r4)) ?? [] }

    var targets: [FuzzTarget] {
        [
            .commandLine(seeds: commands), .lessons(seeds: lessons), .transcripts(seeds: transcripts),
            .fhirJSON(seeds: resources), .fhirPath(seeds: fhirPath.expressions, input: fhirPath.input),
            .searchQuery(resources: r4Resources), .validator(seeds: resources),
        ]
    }

    var summary: String {
        "\(lessons.count) lessons, \(transcripts.count) transcripts, \(commands.count) command lines, "
            + "\(resources.count) resources, \(fhirPath.expressions.count) FHIRPath expressions (\(fhirPath.source))"
    }

    /// The repository this was built from: `MEDBRAIN_ROOT`, else two folders above this file's.
    static func root() -> String {
        if let root = ProcessInfo.processInfo.environment["MEDBRAIN_ROOT"], !root.isEmpty { return root }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    static func load(from root: String) throws -> Corpus {
        let lessons = try texts(in: root + "/lessons", ending: ".lesson")
        let transcripts = try texts(in: root + "/transcripts", ending: ".txt")
        let commands = transcripts.flatMap { text in
            text.split(separator: "\n").filter { $0.hasPrefix("medbrain> ") }.map { String($0.dropFirst(10)) }
        }
        let resources = try FHIRVersion.allCases.flatMap { try BuiltinDataset.resources(for: $0) }.map(\.compactText)
        guard !lessons.isEmpty, !transcripts.isEmpty else {
            throw CorpusError(description: "no lessons or transcripts under \(root); set MEDBRAIN_ROOT")
        }
        return Corpus(
            lessons: lessons, transcripts: transcripts, commands: commands, resources: resources,
            fhirPath: try FHIRPathSeeds.load(root: root))
    }

    /// Every file under `folder` (recursively) whose name ends in `ending`.
    private static func texts(in folder: String, ending: String) throws -> [String] {
        let names = FileManager.default.subpaths(atPath: folder) ?? []
        return try names.filter { $0.hasSuffix(ending) }.sorted().map {
            try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)
        }
    }
}

struct CorpusError: Error, CustomStringConvertible {
    let description: String
}
