import FHIRModel

/// Where a store's resources outlive the process, as Hummingbird's persist drivers keep an
/// application's data: the store hands it every set of writes before acknowledging them, and
/// reads back what an earlier run kept. Without one, a store keeps its data in memory only.
///
/// A protocol because the tests swap in one that fails, to see the store roll back.
public protocol StorePersistence: Sendable {
    /// What an earlier run kept, in storing order; nil when nothing was kept yet.
    mutating func load() throws(FileError) -> [JSONValue]?

    /// Keeps one set of writes durably. `current` gives every current resource, for a driver
    /// that now and then folds what it wrote into one snapshot.
    mutating func keep(_ writes: [StoredResource], current: () -> [StoredResource]) throws(FileError)

    /// Replaces everything kept with `resources` (a new data file's first contents).
    mutating func replace(with resources: [StoredResource]) throws(FileError)
}
