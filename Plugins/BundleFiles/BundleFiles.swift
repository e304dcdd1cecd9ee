import Foundation
import PackagePlugin

/// Compiles the files of a target's `Bundled/` folder into the target, so `medbrain` needs no
/// files beside it and the files stay plain JSON, Mustache, CSS and JavaScript that `jq`, an
/// editor and the tests read as they are.
///
/// The target excludes `Bundled/` (so SwiftPM does not also treat the files as its own) and
/// reads them through the generated `BundledFiles`: a property per file (a missing one does not
/// build) and `text(_:)` for paths made at run time.
@main
struct BundleFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let folder = module.directoryURL.appending(path: "Bundled")
        let names = try Self.files(in: folder)
        let output = context.pluginWorkDirectoryURL.appending(path: "BundledFiles.swift")
        return [
            .buildCommand(
                displayName: "Bundling \(names.count) files into \(target.name)",
                executable: try context.tool(named: "medbrain-bundle").url,
                arguments: [output.path(percentEncoded: false), folder.path(percentEncoded: false)] + names,
                inputFiles: names.map { folder.appending(path: $0) },
                outputFiles: [output])
        ]
    }

    /// The folder's files by path relative to it, sorted; hidden files are left out.
    static func files(in folder: URL) throws -> [String] {
        let manager = FileManager.default
        let paths = try manager.subpathsOfDirectory(atPath: folder.path(percentEncoded: false))
        return paths.filter { path in
            var isFolder: ObjCBool = false
            let full = folder.appending(path: path).path(percentEncoded: false)
            let hidden = path.split(separator: "/").contains { $0.hasPrefix(".") }
            return !hidden && manager.fileExists(atPath: full, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}
