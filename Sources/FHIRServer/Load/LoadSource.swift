import FHIRModel
import Foundation

/// What `--load PATH` reads: a JSON file holding a Bundle whose entries are the data (a
/// transaction, batch, collection or searchset) or one resource (a document Bundle is one), an
/// NDJSON file as FHIR Bulk Data writes it (a resource per line, each stored as it is, a Bundle
/// too), or a folder of them (read in name order, its subfolders too). A transaction's entries
/// are loaded all or nothing, as FHIR's transaction is processed.
public struct LoadSource: Sendable {
    /// One resource to load, with where it came from (`file.ndjson:12`, `bundle.json#3`), the
    /// id its entry names when the resource has none (a PUT's URL), and its entry's `fullUrl`.
    public struct Item: Sendable {
        public var resource: JSONValue
        public var place: String
        var entryID: String?
        var fullUrl: String?
        /// The file of the transaction Bundle it is an entry of: loaded all or nothing.
        var transaction: String?
    }

    public private(set) var items: [Item] = []
    /// Files that could not be read at all, with why.
    public private(set) var unreadable: [(place: String, reason: String)] = []

    /// Reads every path; a path that is not there is an error, a file that is not FHIR JSON is
    /// reported and the rest still read.
    public init(paths: [String]) throws(FileError) {
        for path in paths { try read(path) }
    }

    private mutating func read(_ path: String) throws(FileError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FileError(file: path, problem: "no such file or folder to load")
        }
        guard isFolder.boolValue else { return readFile(path) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = (path as NSString).appendingPathComponent(name)
            var childIsFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: child, isDirectory: &childIsFolder)
            if childIsFolder.boolValue || name.hasSuffix(".json") || name.hasSuffix(".ndjson") { try read(child) }
        }
    }

    private mutating func readFile(_ path: String) {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            return unreadable.append((name, "cannot be read"))
        }
        let bytes = [UInt8](data)
        if path.hasSuffix(".ndjson") { return readLines(bytes, name: name) }
        do {
            add(try JSONParser.parse(bytes), place: name)
        } catch {
            unreadable.append((name, "not JSON: \(error)"))
        }
    }

    /// Bulk Data's form: one resource per line; a bad line is reported, the others read. The
    /// lines are parsed on every core.
    private mutating func readLines(_ bytes: [UInt8], name: String) {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).enumerated().filter { _, line in
            line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") })
        }.map { (number: $0.offset + 1, line: $0.element) }
        let parsed = Parallel.map(lines) { number, line -> (Int, JSONValue?, String) in
            do { return (number, try JSONParser.parse(Array(line)), "") } catch { return (number, nil, "\(error)") }
        }
        for (number, resource, problem) in parsed {
            let place = "\(name):\(number)"
            if let resource {
                items.append(Item(resource: resource, place: place))
            } else {
                unreadable.append((place, "not JSON: \(problem)"))
            }
        }
    }

    /// The Bundle types whose entries are the data to load; a Bundle of another type (a
    /// document, a message) is a resource of its own.
    static let unpacked: Set<String> = ["transaction", "batch", "collection", "searchset"]

    /// Such a Bundle gives its entries' resources; anything else is one resource.
    private mutating func add(_ json: JSONValue, place: String) {
        guard json["resourceType"] == "Bundle", let type = json["type"]?.stringValue, Self.unpacked.contains(type),
            let entries = json["entry"]?.arrayValue
        else {
            return items.append(Item(resource: json, place: place))
        }
        for (index, entry) in entries.enumerated() {
            // A transaction's DELETE has no resource to load.
            guard let resource = entry["resource"], entry["request"]?["method"] != "DELETE" else { continue }
            let url = entry["request"]?["url"]?.stringValue?.split(separator: "?")[0].split(separator: "/") ?? []
            let entryID = entry["request"]?["method"] == "PUT" && url.count == 2 ? String(url[1]) : nil
            items.append(
                Item(
                    resource: resource, place: "\(place)#\(index + 1)", entryID: entryID,
                    fullUrl: entry["fullUrl"]?.stringValue, transaction: type == "transaction" ? place : nil))
        }
    }
}
