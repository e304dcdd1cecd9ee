import FHIRModel
import Foundation
import MedbrainDataset

extension FHIRService {
    /// The service for a configuration, its store filled from the data file or the dataset.
    ///
    /// A new data file starts with the built-in dataset and is written at once, so the
    /// file always holds what the server serves.
    public static func build(_ configuration: ServerConfiguration) async throws -> FHIRService {
        let clock: any ServerClock = configuration.now.map(FixedClock.init) ?? SystemClock()
        let file = configuration.dataPath.map(StoreFile.init)
        let store = ResourceStore(file: file)
        let loadTime = clock.now().fhirInstant
        if let file, file.exists {
            await store.load(try file.load(), lastUpdated: loadTime)
            // A journal left by the last run goes into a new snapshot: each run starts from one file.
            if file.journalSize > 0 { try await store.save() }
        } else {
            await store.load(try BuiltinDataset.resources(for: configuration.version), lastUpdated: loadTime)
            if file != nil { try await store.save() }
        }
        return FHIRService(
            version: configuration.version, store: store, clock: clock,
            maximumBodySize: configuration.maximumBodySize)
    }
}
