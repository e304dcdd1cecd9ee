import Foundation

/// A file of the workplace's shared reference folder (`../shared/reference`, beside the
/// repository or beside one of its parent folders, as a clone elsewhere has it; else
/// `/work/shared/reference`), for tests that read the specification's own data.
public enum SharedReference {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    public static func url(_ relative: String, from file: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        var folder = URL(filePath: file).deletingLastPathComponent()
        while folder.path != "/" {
            candidates.append(folder.deletingLastPathComponent().appending(path: "shared/reference/\(relative)"))
            folder.deleteLastPathComponent()
        }
        candidates.append(URL(filePath: "/work/shared/reference/\(relative)"))
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw Missing(description: "\(relative) is not in ../shared/reference or /work/shared/reference")
        }
        return found
    }
}
