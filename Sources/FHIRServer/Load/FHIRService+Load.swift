import FHIRModel
import FHIRValidation
import Synchronization

/// `--load PATH`: resources from files into the store, each validated as a create would be,
/// keeping its own id (so the references between them hold) or given one; `urn:uuid:`
/// references of a Bundle resolved as a transaction resolves them.
extension FHIRService {
    public func load(_ source: LoadSource, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        async throws(StoreError) -> LoadReport
    {
        var report = LoadReport(unreadable: source.unreadable)
        var writes: [StoreWrite] = []
        var places: [String] = []
        var placeholders: [String: String] = [:]
        var taken = Set(source.items.compactMap { item in Self.key(of: item.resource, id: item.entryID) })
        for item in source.items {
            guard let type = item.resource["resourceType"]?.stringValue, resourceTypes.contains(type) else {
                let named = item.resource["resourceType"]?.stringValue.map { "'\($0)'" } ?? "none"
                report.refused.append(
                    (item.place, "resourceType \(named) is not a resource type of \(version.displayName)"))
                continue
            }
            var id = item.resource["id"]?.stringValue ?? item.entryID
            if id == nil {
                var next = await store.reserveID(for: type)
                while taken.contains("\(type)/\(next)") { next = await store.reserveID(for: type) }
                (id, _) = (next, taken.insert("\(type)/\(next)"))
            }
            var resource = item.resource
            if case .object(var object) = resource, object["id"] == nil {
                object["id"] = .string(id!)
                resource = .object(object)
            }
            if let fullUrl = item.fullUrl { placeholders[fullUrl] = "\(type)/\(id!)" }
            writes.append(StoreWrite(type: type, id: id!, resource: resource))
            places.append(item.place)
        }
        writes = writes.map {
            StoreWrite(
                type: $0.type, id: $0.id, resource: $0.resource.map { Placeholders.resolve($0, with: placeholders) })
        }
        let total = writes.count
        let (kept, refused, missing) = await validated(writes, progress: { progress($0, total) })
        let stored = try await store.apply(kept, lastUpdated: now) { _, _ in [] }
        report.missingTargets = missing
        progress(total, total)
        for resource in stored { report.loaded[resource.type, default: 0] += 1 }
        for (index, issues) in refused.sorted(by: { $0.key < $1.key }) {
            report.refused.append((places[index], issues.map { "\($0.path): \($0.message)" }.joined(separator: "; ")))
        }
        return report
    }

    /// Each write validated as a create would be, on every core, against the load and what the
    /// store holds (a load keeps references to nothing, so one pass is enough): those that pass,
    /// the issues of those refused by their index, and how many references of those kept name
    /// nothing (kept, as Bulk Data's import keeps them).
    private func validated(_ writes: [StoreWrite], progress: @escaping @Sendable (Int) -> Void) async
        -> (kept: [StoreWrite], refused: [Int: [ValidationIssue]], missingTargets: Int)
    {
        let keys = Set(writes.map { "\($0.type)/\($0.id)" }).union(await store.currentKeys())
        let (validator, checked) = (validator, CheckedCount())
        let issues = Parallel.map(writes) { write in
            let found = validator.issues(in: write.resource ?? .null, type: write.type) { keys.contains("\($0)/\($1)") }
            let count = checked.next()
            if count % 1000 == 0 { progress(count) }
            return found
        }
        var (kept, refused, missing) = ([StoreWrite](), [Int: [ValidationIssue]](), 0)
        for (index, found) in issues.enumerated() {
            let real = found.filter { !$0.isMissingTarget }
            if real.isEmpty {
                kept.append(writes[index])
                missing += found.count - real.count
            } else {
                refused[index] = real
            }
        }
        return (kept, refused, missing)
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
