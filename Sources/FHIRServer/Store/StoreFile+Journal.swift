import FHIRModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The journal: one line of compact JSON per set of writes, an array whose items are either
/// a resource as stored or `{"delete":"Type/id"}`.
extension StoreFile {
    /// Appends one set of writes to the journal and flushes it; returns the bytes written.
    @discardableResult
    public func append(_ writes: [StoredResource]) throws(FileError) -> Int {
        var line: [UInt8] = [UInt8(ascii: "[")]
        for (index, write) in writes.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            if write.isDeleted {
                JSONValue.object(JSONObject([("delete", .string("\(write.type)/\(write.id)"))])).appendCompact(
                    to: &line)
            } else {
                line.append(contentsOf: write.body)
            }
        }
        line.append(contentsOf: "]\n".utf8)
        let descriptor = open(journalPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw failure("cannot open \(journalPath)") }
        defer { close(descriptor) }
        guard FileDescriptor.writeAll(line, to: descriptor) else { throw failure("cannot write \(journalPath)") }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(journalPath)") }
        return line.count
    }

    /// The journal's size in bytes (0 when there is none).
    public var journalSize: Int {
        ((try? FileManager.default.attributesOfItem(atPath: journalPath))?[.size] as? Int) ?? 0
    }

    /// The snapshot's resources with every whole line of the journal applied.
    func replayJournal(over snapshot: [JSONValue]) throws(FileError) -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: journalPath), !data.isEmpty else { return snapshot }
        var current = CurrentResources(snapshot)
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() where !line.isEmpty {
            // The last line without its newline was cut short by a crash: never acknowledged.
            if number == lines.count - 1 { break }
            guard let items = try? JSONParser.parse(Array(line)).arrayValue else {
                throw FileError(file: journalPath, line: number + 1, problem: "not a JSON array")
            }
            for item in items { current.apply(item) }
        }
        return current.resources
    }
}

/// Resources by `Type/id` in first-stored order, as the journal's writes replace them.
private struct CurrentResources {
    private var keys: [String] = []
    private var seen: Set<String> = []
    private var byKey: [String: JSONValue] = [:]

    init(_ resources: [JSONValue]) {
        for resource in resources { apply(resource) }
    }

    var resources: [JSONValue] { keys.compactMap { byKey[$0] } }

    mutating func apply(_ item: JSONValue) {
        if let deleted = item["delete"]?.stringValue {
            byKey[deleted] = nil
            return
        }
        guard let type = item["resourceType"]?.stringValue, let id = item["id"]?.stringValue else { return }
        let key = "\(type)/\(id)"
        byKey[key] = item
        if seen.insert(key).inserted { keys.append(key) }
    }
}
