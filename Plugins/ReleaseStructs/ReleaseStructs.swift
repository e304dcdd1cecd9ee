import Foundation
import PackagePlugin

/// Generates the per-release structs the tutorial's views read and write (`R4.Dosage`,
/// `DSTU2.MedicationOrder` …) from `Releases/release-structs.txt`, which names their elements,
/// and the release's type table in `Bundled/`, which types them: no element is typed by hand.
@main
struct ReleaseStructs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let spec = module.directoryURL.appending(path: "Releases/release-structs.txt")
        let folder = module.directoryURL.appending(path: "Bundled")
        let tables = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
            .filter { $0.hasPrefix("types-") && $0.hasSuffix(".txt") }.sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "ReleaseStructs.swift")
        return [
            .buildCommand(
                displayName: "Generating the per-release structs of \(target.name)",
                executable: try context.tool(named: "medbrain-structs").url,
                arguments: [
                    output.path(percentEncoded: false), spec.path(percentEncoded: false),
                    folder.path(percentEncoded: false),
                ],
                inputFiles: [spec] + tables.map { folder.appending(path: $0) },
                outputFiles: [output])
        ]
    }
}
