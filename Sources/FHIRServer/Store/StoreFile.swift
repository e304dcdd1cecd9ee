import FHIRModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `--data FILE` of the server: a FHIR `collection` Bundle of every current resource
/// (the snapshot), and beside it `FILE.journal`, the writes made since, one line each.
///
/// A write appends one line to the journal and flushes it (``append(_:)``), so its cost does
/// not grow with the data; ``save(_:)`` writes a new snapshot (a temporary file, fsync,
/// rename, fsync of the folder) and then drops the journal. A crash at any moment leaves a
/// whole snapshot and a journal whose last line may be cut short: that write was never
/// acknowledged, and loading leaves it out.
public struct StoreFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// The snapshot's size in bytes (0 when there is none).
    public var size: Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }

    /// The journal's path: `FILE.journal`.
    public var journalPath: String { path + ".journal" }

    /// The current resources: the snapshot's, with the journal's writes applied in order.
    public func load() throws(FileError) -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileError(file: path, problem: "cannot be read")
        }
        let snapshot: [JSONValue]
        do {
            snapshot = try FHIRModel.Bundle(jsonText: data).entry.compactMap(\.resource)
        } catch {
            throw FileError(file: path, problem: error.description)
        }
        return try replayJournal(over: snapshot)
    }

    /// Replaces the snapshot with these resources, durably, and then drops the journal.
    public func save(_ resources: [JSONValue]) throws(FileError) {
        var bundle = FHIRModel.Bundle(type: "collection")
        bundle.entry = resources.map { resource in
            let url = [resource["resourceType"]?.stringValue, resource["id"]?.stringValue]
                .compactMap { $0 }.joined(separator: "/")
            return BundleEntry(fullUrl: url, resource: resource)
        }
        try write(bundle.json.prettyBytes + [0x0A])
        unlink(journalPath)
        syncFolder()
    }

    private func write(_ bytes: [UInt8]) throws(FileError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        guard FileDescriptor.writeAll(bytes, to: descriptor) else {
            close(descriptor)
            throw failure("cannot write \(temporary)")
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw failure("cannot flush \(temporary)") }
        guard rename(temporary, path) == 0 else { throw failure("cannot replace the file") }
        syncFolder()
    }

    /// A rename is durable only once the folder holding it is flushed.
    func syncFolder() {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    func failure(_ what: String) -> FileError {
        FileError(file: path, problem: "\(what): \(String(cString: strerror(errno)))")
    }
}
