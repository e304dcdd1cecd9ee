import FHIRModel
import Foundation

extension ConformanceResources {
    /// Adds the definitions in a JSON file, in the JSON files of a folder (and its folders),
    /// or in a FHIR package (`.tgz`, as `npm pack` and the FHIR registry make them). Says which
    /// profiles it added; fails, in a line, on a path that cannot be read.
    @discardableResult
    public mutating func load(_ path: String) throws(ProfileError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ProfileError("\(path): no such file or folder")
        }
        if isFolder.boolValue { return try loadFolder(path) }
        if path.hasSuffix(".tgz") || path.hasSuffix(".tar.gz") { return try loadPackage(path) }
        return try loadFile(path, strict: true)
    }

    private mutating func loadFile(_ path: String, strict: Bool) throws(ProfileError) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProfileError("\(path): cannot be read")
        }
        let json: JSONValue
        do { json = try JSONParser.parse(Array(data)) } catch {
            // A package holds more than resources (its index, its own package.json); only a
            // file named on its own must be one.
            if strict { throw ProfileError("\(path): \(error)") }
            return []
        }
        do { return try add(json) } catch { throw ProfileError("\(path): \(error)") }
    }

    private mutating func loadFolder(_ path: String) throws(ProfileError) -> [String] {
        let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
        var added: [String] = []
        for file in files { added += try loadFile("\(path)/\(file)", strict: false) }
        return added
    }

    /// A package is unpacked with the system's `tar` into a folder of its own, read, and
    /// removed.
    private mutating func loadPackage(_ path: String) throws(ProfileError) -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "medbrain-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let tar = Process()
            tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            tar.arguments = ["tar", "-xzf", path, "-C", folder.path]
            tar.standardError = FileHandle.nullDevice
            try tar.run()
            tar.waitUntilExit()
            guard tar.terminationStatus == 0 else { throw ProfileError("\(path): not a FHIR package (a .tgz)") }
        } catch let error as ProfileError {
            throw error
        } catch {
            throw ProfileError("\(path): cannot be unpacked: \(error.localizedDescription)")
        }
        return try loadFolder(folder.path)
    }
}
