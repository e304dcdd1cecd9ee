import FHIRModel
import FHIRValidation
import Synchronization

/// Every resource the built-in server holds, with its versions; the one place that changes them.
///
/// An actor, so concurrent clients' writes are applied one set at a time; each set is
/// validated, applied and (with a persistence driver) kept before its caller hears it succeeded.
/// What is kept where, and what searches remember, is not its business: ``StorePersistence``
/// and the search code's own cache see to those.
public actor ResourceStore {
    var histories: [String: [String: [StoredResource]]] = [:]
    /// Ids per type in creation order, so searches list resources the same way every run.
    var order: [String: [String]] = [:]
    /// Each id's place in `order`, so the matches an index finds are put in creation order.
    var positions: [String: [String: Int]] = [:]
    /// The search indexes made so far, by type and parameter name (see ``ParameterIndex``).
    var indexes: [String: [String: ParameterIndex]] = [:]
    private var nextNumber: [String: Int] = [:]
    private var persistence: (any StorePersistence)?
    /// Changes so far, readable without waiting for the store: a cache compares it with the
    /// count its answer was worked out at.
    private let changes = Atomic<Int>(0)

    /// An empty store; with a persistence driver, every change is kept before it is acknowledged.
    public init(persistence: (any StorePersistence)? = nil) {
        self.persistence = persistence
    }

    /// How many changes the store has seen: a watcher that sees it move knows to look again.
    public nonisolated var changeCount: Int { changes.load(ordering: .acquiring) }

    /// Resources to load when the store is first used, not before: the built-in dataset is made
    /// (parsed, converted to the server's release) only once a request needs data, so a server
    /// that has answered nothing but `metadata` (the REPL's first prompt) never made it.
    private var pending: (resources: @Sendable () -> [JSONValue], lastUpdated: String)?

    /// Whether resources wait to be loaded at first use.
    var isLoadPending: Bool { pending != nil }

    /// Loads `resources` (without validation or keeping) when the store is first used.
    public func loadOnFirstUse(_ resources: @escaping @Sendable () -> [JSONValue], lastUpdated: String) {
        pending = (resources, lastUpdated)
    }

    /// The pending resources, loaded: every method that reads or writes calls this first. The
    /// change count stays where it was: the data was there from the start as far as anyone
    /// watching can tell (the web view would otherwise reload at the first request).
    func loadPending() {
        guard let (resources, lastUpdated) = pending else { return }
        pending = nil
        let before = changeCount
        load(resources(), lastUpdated: lastUpdated)
        changes.store(before, ordering: .releasing)
    }

    /// Adds resources as they are (a dataset or kept data), without validation or keeping.
    public func load(_ resources: [JSONValue], lastUpdated: String) {
        loadPending()
        for resource in resources {
            guard let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue else {
                continue
            }
            let version = resource["meta"]?["versionId"]?.stringValue.flatMap { Int($0) } ?? 1
            let updated = resource["meta"]?["lastUpdated"]?.stringValue ?? lastUpdated
            record(StoredResource(type: type, id: id, versionId: version, lastUpdated: updated, resource: resource))
        }
    }

    /// A new server-assigned id for `type`: `1`, `2`, … skipping ids already taken.
    public func reserveID(for type: String) -> String {
        loadPending()
        var number = nextNumber[type, default: 1]
        while histories[type]?[String(number)] != nil { number += 1 }
        nextNumber[type] = number + 1
        return String(number)
    }

    /// The current version, or nil if there is none (never created, or deleted).
    public func read(_ type: String, _ id: String) -> StoredResource? {
        loadPending()
        guard let current = histories[type]?[id]?.last, !current.isDeleted else { return nil }
        return current
    }

    /// Every version of a resource, oldest first, deletions included.
    public func history(_ type: String, _ id: String) -> [StoredResource] {
        loadPending()
        return histories[type]?[id] ?? []
    }

    /// The current, undeleted resources of a type in creation order.
    public func all(_ type: String) -> [StoredResource] {
        loadPending()
        return (order[type] ?? []).compactMap { read(type, $0) }
    }

    /// Validates a new resource and only then gives it the next id of its type and stores it,
    /// in one step: a refused create uses up no id (students see 1, 2, 3, not 1, 3).
    public func create(
        _ type: String, resource: JSONValue, lastUpdated: String,
        validate: (StoreWrite, (String, String) -> Bool) -> [ValidationIssue]
    ) throws(StoreError) -> StoredResource {
        loadPending()
        let issues = validate(StoreWrite(type: type, id: "", resource: resource)) { self.read($0, $1) != nil }
        guard !issues.contains(where: \.isError) else { throw .invalid(issues) }
        let write = StoreWrite(type: type, id: reserveID(for: type), resource: resource)
        return try apply([write], lastUpdated: lastUpdated) { _, _ in [] }[0]
    }

    /// Validates and applies a set of writes atomically: all of them, or none on any error
    /// (the persistence driver's included).
    ///
    /// `validate` sees each resource with a lookup that knows the other writes of the set,
    /// so a transaction may refer to resources it creates itself. A deletion is refused while
    /// a resource the set leaves as it is names the deleted one, as `local` reads references:
    /// the same reading the writes' own reference check uses, so no route leaves a reference
    /// that a write could not have made.
    public func apply(
        _ writes: [StoreWrite], lastUpdated: String,
        local: (String) -> (type: String, id: String)? = LiteralReference.relative,
        validate: (StoreWrite, (String, String) -> Bool) -> [ValidationIssue]
    ) throws(StoreError) -> [StoredResource] {
        loadPending()
        let pending = Dictionary(writes.map { ("\($0.type)/\($0.id)", $0.resource != nil) }) { _, last in last }
        let exists = { (type: String, id: String) in pending["\(type)/\(id)"] ?? (self.read(type, id) != nil) }
        var issues: [ValidationIssue] = []
        for write in writes {
            try checkPrecondition(write)
            issues += validate(write, exists)
        }
        guard !issues.contains(where: \.isError) else { throw .invalid(issues) }
        let referrers = referrers(to: Set(pending.filter { !$0.value }.keys), besides: pending, local: local)
        guard referrers.isEmpty else { throw .referenced(referrers) }
        let saved = (histories, order)
        let results = writes.map { write in
            let version = (histories[write.type]?[write.id]?.last?.versionId ?? 0) + 1
            return record(
                StoredResource(
                    type: write.type, id: write.id, versionId: version, lastUpdated: lastUpdated,
                    resource: write.resource))
        }
        do {
            try persistence?.keep(results) { order.keys.sorted().flatMap { type in all(type) } }
        } catch {
            (histories, order) = saved
            throw .persistence(error.description)
        }
        return results
    }

    /// The current resources, other than those the set writes (whose new content was checked
    /// as a write), that name one of `deleted` (`Type/id`).
    private func referrers(
        to deleted: Set<String>, besides written: [String: Bool], local: (String) -> (type: String, id: String)?
    ) -> [StoreReferrer] {
        guard !deleted.isEmpty else { return [] }
        var found: [StoreReferrer] = []
        for type in order.keys.sorted() {
            for stored in all(type) where written["\(type)/\(stored.id)"] == nil {
                for reference in LiteralReference.all(in: stored.json ?? .null, path: type) {
                    guard let target = local(reference.text).map({ "\($0.type)/\($0.id)" }), deleted.contains(target)
                    else { continue }
                    found.append(StoreReferrer(type: type, id: stored.id, path: reference.path, target: target))
                }
            }
        }
        return found
    }

    private func checkPrecondition(_ write: StoreWrite) throws(StoreError) {
        let current = read(write.type, write.id)
        if write.resource == nil, current == nil { throw .notFound(type: write.type, id: write.id) }
        if let expected = write.expectedVersion, current?.versionId != expected {
            throw .versionConflict(type: write.type, id: write.id, current: current?.versionId)
        }
    }

    /// Writes the current resources to the persistence driver as its new whole (a new data
    /// file's first contents).
    public func save() throws(FileError) {
        loadPending()
        let current = order.keys.sorted().flatMap { type in all(type) }
        try persistence?.replace(with: current)
    }

    /// Records a new version: the one place the histories and the change count move.
    @discardableResult
    func record(_ resource: StoredResource) -> StoredResource {
        changes.add(1, ordering: .releasing)
        if histories[resource.type]?[resource.id] == nil {
            positions[resource.type, default: [:]][resource.id] = order[resource.type]?.count ?? 0
            order[resource.type, default: []].append(resource.id)
        }
        histories[resource.type, default: [:]][resource.id, default: []].append(resource)
        if let names = indexes[resource.type]?.keys {
            for name in names { indexes[resource.type]?[name]?.update(id: resource.id, json: resource.json) }
        }
        return resource
    }
}

extension ResourceStore {
    /// `Type/id` of every current resource: what a load's references may name besides its own.
    public func currentKeys() -> Set<String> {
        loadPending()
        var keys = Set<String>()
        for (type, ids) in order {
            for id in ids where read(type, id) != nil { keys.insert("\(type)/\(id)") }
        }
        return keys
    }
}
