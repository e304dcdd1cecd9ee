import FHIRModel
import FHIRValidation
import Synchronization

/// `--load PATH`: resources from files into the store, each validated as a create would be,
/// keeping its own id (so the references between them hold) or given one; `urn:uuid:`
/// references of a Bundle resolved as a transaction resolves them, and a transaction's
/// entries stored all or nothing.
extension FHIRService {
    public func load(_ source: LoadSource, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        async throws(StoreError) -> LoadReport
    {
        var report = LoadReport(unreadable: source.unreadable)
        let (writes, items, untyped) = await prepared(source)
        report.refused += untyped.map { ($0.place, $0.reason) }
        let total = writes.count
        let keys = Set(writes.map { "\($0.type)/\($0.id)" }).union(await store.currentKeys())
        let checked = validated(writes, against: keys, progress: { progress($0, total) })
        let issues = checked.map(\.issues)
        // A transaction with an entry refused is refused whole, each entry saying which one.
        var spoiled: [String: String] = [:]
        for item in untyped { if let bundle = item.transaction { spoiled[bundle] = spoiled[bundle] ?? item.place } }
        for (index, found) in issues.enumerated() where found.contains(where: { $0.isError && !$0.isMissingTarget }) {
            if let bundle = items[index].transaction { spoiled[bundle] = spoiled[bundle] ?? items[index].place }
        }
        var kept: [Int] = []
        for (index, found) in issues.enumerated() {
            let real = found.filter { $0.isError && !$0.isMissingTarget }
            if !real.isEmpty {
                report.refused.append(
                    (items[index].place, real.map { "\($0.path): \($0.ruledMessage)" }.joined(separator: "; ")))
            } else if let bundle = items[index].transaction, let first = spoiled[bundle] {
                report.refused.append(
                    (
                        items[index].place,
                        "not loaded: \(bundle) is a transaction, all or nothing, and \(first) was refused"
                    ))
            } else {
                kept.append(index)
            }
        }
        let stored = try await store.apply(kept.map { writes[$0] }, lastUpdated: now) { _, _ in [] }
        report.missingTargets = await missingTargets(kept.map { checked[$0] }, allKept: kept.count == writes.count)
        progress(total, total)
        for resource in stored { report.loaded[resource.type, default: 0] += 1 }
        return report
    }

    /// The writes a load makes, each with the item it came from, ids given to those without,
    /// placeholders resolved; and the items whose type this release does not have.
    private func prepared(_ source: LoadSource) async
        -> (
            writes: [StoreWrite], items: [LoadSource.Item],
            untyped: [(place: String, reason: String, transaction: String?)]
        )
    {
        var (writes, items, untyped) = (
            [StoreWrite](), [LoadSource.Item](), [(place: String, reason: String, transaction: String?)]()
        )
        var placeholders: [String: String] = [:]
        var taken = Set(source.items.compactMap { item in Self.key(of: item.resource, id: item.entryID) })
        for item in source.items {
            guard let type = item.resource["resourceType"]?.stringValue, resourceTypes.contains(type) else {
                let named = item.resource["resourceType"]?.stringValue.map { "'\($0)'" } ?? "none"
                untyped.append(
                    (
                        item.place, "resourceType \(named) is not a resource type of \(version.displayName)",
                        item.transaction
                    ))
                continue
            }
            var id = item.resource["id"]?.stringValue ?? item.entryID ?? ""
            if id.isEmpty {
                var next = await store.reserveID(for: type)
                while taken.contains("\(type)/\(next)") { next = await store.reserveID(for: type) }
                (id, _) = (next, taken.insert("\(type)/\(next)"))
            }
            var resource = item.resource
            if case .object(var object) = resource, object["id"] == nil {
                object["id"] = .string(id)
                resource = .object(object)
            }
            if let fullUrl = item.fullUrl { placeholders[fullUrl] = "\(type)/\(id)" }
            writes.append(StoreWrite(type: type, id: id, resource: resource))
            items.append(item)
        }
        writes = writes.map {
            StoreWrite(
                type: $0.type, id: $0.id, resource: $0.resource.map { Placeholders.resolve($0, with: placeholders) })
        }
        return (writes, items, untyped)
    }

    /// Each write's issues, validated as a create would be, on every core, against `keys` (what
    /// the load and the store hold; a load keeps references to nothing, so one pass is enough),
    /// and the targets of its references that were found there.
    private func validated(
        _ writes: [StoreWrite], against keys: Set<String>, progress: @escaping @Sendable (Int) -> Void
    ) -> [(issues: [ValidationIssue], found: [String])] {
        let (service, checked) = (self, CheckedCount())
        return Parallel.map(writes) { write in
            var found: [String] = []
            let issues = service.writeIssues(write.resource ?? .null, type: write.type) { type, id in
                let key = "\(type)/\(id)"
                guard keys.contains(key) else { return false }
                found.append(key)
                return true
            }
            let count = checked.next()
            if count % 1000 == 0 { progress(count) }
            return (issues, found)
        }
    }

    /// How many references of the stored resources name nothing (kept, as Bulk Data's import
    /// keeps them): those that named nothing when checked, and, when some writes were refused,
    /// those whose target was one of them and is not on the server after all.
    private func missingTargets(_ kept: [(issues: [ValidationIssue], found: [String])], allKept: Bool) async -> Int {
        let named = kept.reduce(0) { $0 + $1.issues.filter(\.isMissingTarget).count }
        guard !allKept else { return named }
        let stored = await store.currentKeys()
        return named + kept.reduce(0) { $0 + $1.found.filter { !stored.contains($0) }.count }
    }

    private static func key(of resource: JSONValue, id: String?) -> String? {
        guard let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue ?? id else {
            return nil
        }
        return "\(type)/\(id)"
    }
}

/// What a load did: how many of each type it stored, and each thing it refused, with where it
/// came from and why.
public struct LoadReport: Sendable {
    public var loaded: [String: Int] = [:]
    public var refused: [(place: String, reason: String)] = []
    /// References to resources neither loaded nor on the server: kept, and counted.
    public var missingTargets = 0

    public init(unreadable: [(place: String, reason: String)] = []) {
        refused = unreadable
    }

    public var total: Int { loaded.values.reduce(0, +) }

    /// `loaded 12 resources: Observation 8, Patient 4` and a line per refusal (the first
    /// `limit`, then how many more).
    public func lines(limit: Int = 20) -> [String] {
        // The types with the most resources; a load of every type would fill a screen.
        let sorted = loaded.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        var types = sorted.prefix(8).map { "\($0.key) \($0.value)" }
        if sorted.count > 8 { types.append("and \(sorted.count - 8) other types") }
        var lines = [
            "loaded \(total) resource\(total == 1 ? "" : "s")"
                + (types.isEmpty ? "" : ": " + types.joined(separator: ", "))
        ]
        if missingTargets > 0 {
            lines.append(
                "\(missingTargets) reference\(missingTargets == 1 ? " names a resource" : "s name resources") "
                    + "that neither the load nor the server holds: kept as they are, as Bulk Data's import keeps them")
        }
        guard !refused.isEmpty else { return lines }
        lines.append("refused \(refused.count):")
        lines += refused.prefix(limit).map { "- \($0.place): \($0.reason)" }
        if refused.count > limit { lines.append("… and \(refused.count - limit) more") }
        return lines
    }
}

/// How many of a load's resources the validating cores have checked, for the progress bar.
private final class CheckedCount: Sendable {
    private let count = Atomic<Int>(0)
    func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}
