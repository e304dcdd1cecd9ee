import FHIRModel
import Foundation

/// A resource typed into a command: `@file.json`, or JSON on the line itself.
enum ResourceInput {
    /// Files larger than this are refused: a resource is kilobytes, a mistake is gigabytes.
    static let maximumBytes = 16 * 1024 * 1024

    /// The JSON object `word` names or holds; errors say which file, line and column.
    static func read(_ word: String) throws -> JSONValue {
        var (bytes, origin) = try source(word)
        // Editors on some systems start a UTF-8 file with a byte order mark; JSON has none.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw REPLError("\(origin): \(error)") }
        guard case .object = json else { throw REPLError("\(origin): expected a JSON object, found \(json.kindName)") }
        return json
    }

    private static func source(_ word: String) throws -> ([UInt8], String) {
        if word.hasPrefix("{") || word.hasPrefix("[") { return (Array(word.utf8), "the JSON on the line") }
        guard word.hasPrefix("@"), word.count > 1 else {
            throw REPLError("a resource is @FILE or JSON on the line, such as {\"resourceType\": \"Patient\"}")
        }
        let name = String(word.dropFirst())
        let path = (name as NSString).expandingTildeInPath
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw FileError(file: name, problem: "no such file")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw FileError(file: name, problem: "is a folder")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else {
            throw FileError(
                file: name, problem: "\(size / 1_048_576) MiB is more than a resource needs (at most 16 MiB)")
        }
        // A device or a pipe reports no size (`@/dev/zero` would never end): read one byte past
        // the most a resource needs, and refuse what goes on.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: maximumBytes + 1)
        else { throw FileError(file: name, problem: "cannot read it") }
        try? handle.close()
        guard data.count <= maximumBytes else {
            throw FileError(file: name, problem: "goes on past 16 MiB, more than a resource needs")
        }
        return (Array(data), name)
    }

    /// The resource with its `resourceType` checked against `type` (and set when missing).
    static func typed(_ json: JSONValue, as type: String) throws -> JSONValue {
        guard case .object(var object) = json else { return json }
        switch object["resourceType"]?.stringValue {
        case nil: object = JSONObject([("resourceType", .string(type))] + object.members.map { ($0.key, $0.value) })
        case type: break
        case let other?: throw REPLError("the resource's resourceType is \(other), not \(type)")
        }
        return .object(object)
    }
}
