import FHIRModel

/// The `--data FILE` driver: writes go to the journal beside the snapshot, one line per set,
/// and once the journal outgrows the snapshot (and 1 MiB) they are folded into a new snapshot,
/// so loading stays quick and the cost per write stays flat.
public struct FilePersistence: StorePersistence {
    public let file: StoreFile
    /// Bytes appended to the journal since the last snapshot, and the snapshot's own size.
    private var journalBytes = 0
    private var snapshotBytes = 0

    public init(file: StoreFile) { self.file = file }

    /// The snapshot with the journal replayed over it; a journal left by the last run (a crash
    /// or a kill) is folded into a new snapshot at once, so each run starts from one file.
    public mutating func load() throws(FileError) -> [JSONValue]? {
        guard file.exists else { return nil }
        let resources = try file.load()
        if file.journalSize > 0 { try file.save(resources) }
        snapshotBytes = file.size
        journalBytes = 0
        return resources
    }

    public mutating func keep(_ writes: [StoredResource], current: () -> [StoredResource]) throws(FileError) {
        journalBytes += try file.append(writes)
        if journalBytes > max(1 << 20, snapshotBytes) { try replace(with: current()) }
    }

    public mutating func replace(with resources: [StoredResource]) throws(FileError) {
        try file.save(resources.compactMap(\.json))
        journalBytes = 0
        snapshotBytes = file.size
    }
}
