import FHIRModel
import FHIRValidation

/// Every resource the built-in server holds, with its versions; the one place that changes them.
///
/// An actor, so concurrent clients' writes are applied one set at a time; each set is
/// validated, applied and (with a data file) saved before its caller hears it succeeded.
public actor ResourceStore {
    private var histories: [String: [String: [StoredResource]]] = [:]
    /// Ids per type in creation order, so searches list resources the same way every run.
    private var order: [String: [String]] = [:]
    private var nextNumber: [String: Int] = [:]
    /// Recent search results by query, dropped at every change: paging through a large result
    /// reads each page from here instead of scanning the whole type again.
    private var searches: [String: [StoredResource]] = [:]
    static let searchesKept = 32
    /// Recent search answers as sent, by request, dropped at every change like `searches`: a
    /// class asking the same search again and again is answered with the same bytes.
    private var answers: [String: [UInt8]] = [:]
    /// Changes so far, so that an answer worked out before a change is not kept after it.
    private var changes = 0
    private let file: StoreFile?
    /// Bytes appended to the journal since the last snapshot, and the snapshot's own size.
    private var journalBytes = 0
    private var snapshotBytes = 0

    /// An empty store; with a file, every change is saved to it before it is acknowledged.
    public init(file: StoreFile? = nil) {
        self.file = file
    }

    /// Adds resources as they are (a dataset or a data file), without validation or saving.
    public func load(_ resources: [JSONValue], lastUpdated: String) {
        for resource in resources {
            guard let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue else {
                continue
            }
            let version = resource["meta"]?["versionId"]?.stringValue.flatMap { Int($0) } ?? 1
            let updated = resource["meta"]?["lastUpdated"]?.stringValue ?? lastUpdated
            let stored = record(
                StoredResource(type: type, id: id, versionId: version, lastUpdated: updated, resource: resource))
            // What a data file held: a journal is weighed against it before the next snapshot.
            snapshotBytes += stored.body.count
        }
    }

    /// A new server-assigned id for `type`: `1`, `2`, … skipping ids already taken.
    public func reserveID(for type: String) -> String {
        var number = nextNumber[type, default: 1]
        while histories[type]?[String(number)] != nil { number += 1 }
        nextNumber[type] = number + 1
        return String(number)
    }

    /// The current version, or nil if there is none (never created, or deleted).
    public func read(_ type: String, _ id: String) -> StoredResource? {
        guard let current = histories[type]?[id]?.last, !current.isDeleted else { return nil }
        return current
    }

    /// Every version of a resource, oldest first, deletions included.
    public func history(_ type: String, _ id: String) -> [StoredResource] {
        histories[type]?[id] ?? []
    }

    /// How many changes the store has seen: a watcher that sees it move knows to look again.
    public var changeCount: Int { changes }

    /// The current, undeleted resources of a type in creation order.
    public func all(_ type: String) -> [StoredResource] {
        (order[type] ?? []).compactMap { read(type, $0) }
    }

    /// The current resources of a type whose JSON `matches`, in creation order, and how many
    /// changes came before (for ``keep(answer:for:asOf:)``). `query` names the search (type and
    /// criteria, not the page): the same query until the next change is answered from the last scan.
    /// `ordering`, when given, puts the matches in the search's order before they are kept.
    public func search(
        _ type: String, query: String, matching matches: @Sendable (JSONValue) -> Bool,
        ordering: (@Sendable ([StoredResource]) -> [StoredResource])? = nil
    ) -> (found: [StoredResource], changes: Int) {
        (scan(type, query: query, matching: matches, ordering: ordering), changes)
    }

    /// The answer kept for `request`, if nothing changed since it was worked out.
    public func answer(for request: String) -> [UInt8]? {
        answers[request]
    }

    /// Keeps a search's answer for `request`, unless something changed after `changes`.
    public func keep(answer: [UInt8], for request: String, asOf changes: Int) {
        guard changes == self.changes else { return }
        if answers.count >= Self.searchesKept { answers = [:] }
        answers[request] = answer
    }

    private func scan(
        _ type: String, query: String, matching matches: @Sendable (JSONValue) -> Bool,
        ordering: (@Sendable ([StoredResource]) -> [StoredResource])?
    ) -> [StoredResource] {
        let key = "\(type)?\(query)"
        if let found = searches[key] { return found }
        var found: [StoredResource] = []
        let versions = histories[type] ?? [:]
        for id in order[type] ?? [] {
            guard let current = versions[id]?.last, let json = current.json, matches(json) else { continue }
            found.append(current)
        }
        if let ordering { found = ordering(found) }
        if searches.count >= Self.searchesKept { searches = [:] }
        searches[key] = found
        return found
    }

    /// Validates a new resource and only then gives it the next id of its type and stores it,
    /// in one step: a refused create uses up no id (students see 1, 2, 3, not 1, 3).
    public func create(
        _ type: String, resource: JSONValue, lastUpdated: String,
        validate: (StoreWrite, (String, String) -> Bool) -> [ValidationIssue]
    ) throws(StoreError) -> StoredResource {
        let issues = validate(StoreWrite(type: type, id: "", resource: resource)) { self.read($0, $1) != nil }
        guard issues.isEmpty else { throw .invalid(issues) }
        let write = StoreWrite(type: type, id: reserveID(for: type), resource: resource)
        return try apply([write], lastUpdated: lastUpdated) { _, _ in [] }[0]
    }

    /// Validates and applies a set of writes atomically: all of them, or none on any error.
    ///
    /// `validate` sees each resource with a lookup that knows the other writes of the set,
    /// so a transaction may refer to resources it creates itself.
    public func apply(
        _ writes: [StoreWrite], lastUpdated: String,
        validate: (StoreWrite, (String, String) -> Bool) -> [ValidationIssue]
    ) throws(StoreError) -> [StoredResource] {
        let pending = Dictionary(writes.map { ("\($0.type)/\($0.id)", $0.resource != nil) }) { _, last in last }
        let exists = { (type: String, id: String) in pending["\(type)/\(id)"] ?? (self.read(type, id) != nil) }
        var issues: [ValidationIssue] = []
        for write in writes {
            try checkPrecondition(write)
            issues += validate(write, exists)
        }
        guard issues.isEmpty else { throw .invalid(issues) }
        let saved = (histories, order)
        let results = writes.map { write in
            let version = (histories[write.type]?[write.id]?.last?.versionId ?? 0) + 1
            return record(
                StoredResource(
                    type: write.type, id: write.id, versionId: version, lastUpdated: lastUpdated,
                    resource: write.resource))
        }
        do {
            try persist(results)
        } catch {
            (histories, order) = saved
            throw .persistence(error.description)
        }
        return results
    }

    private func checkPrecondition(_ write: StoreWrite) throws(StoreError) {
        let current = read(write.type, write.id)
        if write.resource == nil, current == nil { throw .notFound(type: write.type, id: write.id) }
        if let expected = write.expectedVersion, current?.versionId != expected {
            throw .versionConflict(type: write.type, id: write.id, current: current?.versionId)
        }
    }

    @discardableResult
    private func record(_ resource: StoredResource) -> StoredResource {
        searches = [:]
        answers = [:]
        changes += 1
        if histories[resource.type]?[resource.id] == nil {
            order[resource.type, default: []].append(resource.id)
        }
        histories[resource.type, default: [:]][resource.id, default: []].append(resource)
        return resource
    }

    /// Journals one set of writes; once the journal outgrows the snapshot (and 1 MiB), writes
    /// a new snapshot, so that loading stays quick and the cost per write stays flat.
    private func persist(_ writes: [StoredResource]) throws(StoreFileError) {
        guard let file else { return }
        journalBytes += try file.append(writes)
        if journalBytes > max(1 << 20, snapshotBytes) { try save() }
    }

    /// Writes the current resources to a new snapshot of the data file and drops the journal
    /// (after loading a dataset into a new file, and at start-up after a crash).
    public func save() throws(StoreFileError) {
        guard let file else { return }
        let current = order.keys.sorted().flatMap { type in all(type) }
        try file.save(current.compactMap(\.json))
        journalBytes = 0
        snapshotBytes = current.reduce(0) { $0 + $1.body.count }
    }
}
