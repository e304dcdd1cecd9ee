import FHIRModel
import FHIRServer
import Foundation
import Testing

/// The data file's journal: each set of writes one line, replayed over the snapshot on load.
@Suite("journal of the data file")
struct JournalTests {
    static func patient(_ id: String, family: String) -> JSONValue {
        .object(
            JSONObject([("resourceType", "Patient"), ("id", .string(id)), ("name", [["family": .string(family)]])]))
    }

    /// A store on a fresh data file holding patients a and b.
    static func store(in folder: URL) async throws -> (ResourceStore, StoreFile) {
        let file = StoreFile(path: folder.appendingPathComponent("store.json").path)
        let store = ResourceStore(persistence: FilePersistence(file: file))
        await store.load([patient("a", family: "A"), patient("b", family: "B")], lastUpdated: "2016-08-16T10:00:00Z")
        try await store.save()
        return (store, file)
    }

    static func write(_ store: ResourceStore, _ writes: [StoreWrite]) async throws {
        _ = try await store.apply(writes, lastUpdated: "2016-08-16T11:00:00Z") { _, _ in [] }
    }

    static func families(_ resources: [JSONValue]) -> [String] {
        resources.compactMap { $0["name"]?.arrayValue?.first?["family"]?.stringValue }
    }

    @Test func writesAreJournalledAndReplayedInOrder() async throws {
        try await withTemporaryFolder { folder in
            let (store, file) = try await Self.store(in: folder)
            try await Self.write(
                store, [StoreWrite(type: "Patient", id: "c", resource: Self.patient("c", family: "C"))])
            try await Self.write(
                store, [StoreWrite(type: "Patient", id: "a", resource: Self.patient("a", family: "A2"))])
            try await Self.write(store, [StoreWrite(type: "Patient", id: "b", resource: nil)])
            #expect(file.journalSize > 0)
            let loaded = try file.load()
            #expect(Self.families(loaded) == ["A2", "C"])
            #expect(loaded.first?["meta"]?["versionId"]?.stringValue == "2")
        }
    }

    @Test func aLineCutShortByACrashIsLeftOut() async throws {
        try await withTemporaryFolder { folder in
            let (store, file) = try await Self.store(in: folder)
            try await Self.write(
                store, [StoreWrite(type: "Patient", id: "c", resource: Self.patient("c", family: "C"))])
            let handle = try #require(FileHandle(forWritingAtPath: file.journalPath))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"[{"resourceType":"Patient","id":"d","na"#.utf8))
            try handle.close()
            #expect(Self.families(try file.load()) == ["A", "B", "C"])
        }
    }

    @Test func aDamagedLineInTheMiddleIsAnErrorNamingIt() async throws {
        try await withTemporaryFolder { folder in
            let (store, file) = try await Self.store(in: folder)
            try Data("not json\n".utf8).write(to: URL(fileURLWithPath: file.journalPath))
            try await Self.write(
                store, [StoreWrite(type: "Patient", id: "c", resource: Self.patient("c", family: "C"))])
            let error = #expect(throws: FileError.self) { try file.load() }
            #expect(error?.file.hasSuffix("store.json.journal") == true)
            #expect(error?.line == 1)
            #expect(error?.description.hasSuffix("store.json.journal:1: not a JSON array") == true)
        }
    }

    @Test func aSnapshotDropsTheJournal() async throws {
        try await withTemporaryFolder { folder in
            let (store, file) = try await Self.store(in: folder)
            try await Self.write(
                store, [StoreWrite(type: "Patient", id: "c", resource: Self.patient("c", family: "C"))])
            try await store.save()
            #expect(file.journalSize == 0)
            #expect(Self.families(try file.load()) == ["A", "B", "C"])
        }
    }

    @Test func aLongJournalBecomesASnapshot() async throws {
        try await withTemporaryFolder { folder in
            let (store, file) = try await Self.store(in: folder)
            let long = String(repeating: "x", count: 4096)
            var largest = 0
            for number in 0..<400 {
                let id = "p\(number)"
                try await Self.write(
                    store, [StoreWrite(type: "Patient", id: id, resource: Self.patient(id, family: long))])
                largest = max(largest, file.journalSize)
            }
            // 400 writes of 4 KiB each would make a 1.6 MiB journal; a snapshot cut it short.
            #expect(largest <= (1 << 20) + 8192)
            #expect(file.journalSize < largest)
            #expect(try file.load().count == 402)
        }
    }
}

func withTemporaryFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
}
