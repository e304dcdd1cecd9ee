import Foundation

/// Writes the per-release structs of `release-structs.txt` as Swift, for the ReleaseStructs
/// plugin:
///
///     medbrain-structs OUTPUT SPEC TYPES-FOLDER
///
/// Each element's type and cardinality come from the release's `types-<release>.txt` in
/// TYPES-FOLDER (written by `scripts/fhir-definitions` from the specification), so the spec
/// names elements and nothing else.
@main
enum StructsMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 3 else { fail("usage: medbrain-structs OUTPUT SPEC TYPES-FOLDER") }
        do {
            let spec = try StructSpec(text: read(arguments[1]))
            let source = try generate(spec, folder: URL(fileURLWithPath: arguments[2]))
            try source.write(toFile: arguments[0], atomically: true, encoding: .utf8)
        } catch let error as GeneratorError {
            fail("medbrain-structs: \(arguments[1]): \(error)")
        } catch {
            fail("medbrain-structs: \(error)")
        }
    }

    static func generate(_ spec: StructSpec, folder: URL) throws -> String {
        var parts = [
            """
            // Written by medbrain-structs (the ReleaseStructs plugin) from Releases/release-structs.txt
            // and Bundled/types-<release>.txt. Edit those files; this one is written again at every build.
            """
        ]
        let tables = try spec.releases.map { release in
            (release, try TypeTable(text: read(folder.appendingPathComponent(release.file).path)))
        }
        for (release, table) in tables {
            let declarations = spec.declarations.filter { $0.release == release.name }
            let names = Dictionary(
                declarations.filter { if case .members = $0.kind { false } else { true } }.map { ($0.path, $0.name) },
                uniquingKeysWith: { first, _ in first })
            var emitter = StructEmitter(release: release.name, table: table, names: names)
            emitter.tables = Dictionary(tables.map { ($0.0.name, $0.1) }, uniquingKeysWith: { first, _ in first })
            parts.append(release.documentation.joined(separator: "\n") + "\npublic enum \(release.name) {}")
            for declaration in declarations { parts.append(try emitter.source(of: declaration)) }
        }
        let unknown = Set(spec.declarations.map(\.release)).subtracting(spec.releases.map(\.name))
        if let release = unknown.sorted().first { throw GeneratorError("\(release) has no `release` line") }
        return parts.joined(separator: "\n\n")
    }

    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { throw GeneratorError("\(path) cannot be read as UTF-8 text") }
        return text
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
