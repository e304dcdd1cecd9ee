import FHIRModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `--data FILE` of the server: a FHIR `collection` Bundle of every current resource.
///
/// Saved by writing a temporary file beside it, fsync, rename, and fsync of the folder, so
/// a crash at any moment leaves either the old or the new file, both whole and readable.
public struct StoreFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// The resources in the file, in order.
    public func load() throws(StoreFileError) -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreFileError(path: path, message: "cannot be read")
        }
        do {
            let bundle = try FHIRModel.Bundle(jsonText: data)
            return bundle.entry.compactMap(\.resource)
        } catch {
            throw StoreFileError(path: path, message: error.description)
        }
    }

    /// Replaces the file with these resources, durably.
    public func save(_ resources: [JSONValue]) throws(StoreFileError) {
        var bundle = FHIRModel.Bundle(type: "collection")
        bundle.entry = resources.map { resource in
            let url = [resource["resourceType"]?.stringValue, resource["id"]?.stringValue]
                .compactMap { $0 }.joined(separator: "/")
            return BundleEntry(fullUrl: url, resource: resource)
        }
        try write(bundle.json.prettyBytes + [0x0A])
    }

    private func write(_ bytes: [UInt8]) throws(StoreFileError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            guard result > 0 else {
                close(descriptor)
                throw failure("cannot write \(temporary)")
            }
            written += result
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw failure("cannot flush \(temporary)") }
        guard rename(temporary, path) == 0 else { throw failure("cannot replace the file") }
        syncFolder()
    }

    /// A rename is durable only once the folder holding it is flushed.
    private func syncFolder() {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private func failure(_ what: String) -> StoreFileError {
        StoreFileError(path: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// A data file that cannot be read or written.
public struct StoreFileError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String
    public var description: String { "\(path): \(message)" }
}
