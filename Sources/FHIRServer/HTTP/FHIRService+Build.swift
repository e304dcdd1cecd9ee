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
        var persistence = configuration.dataPath.map { FilePersistence(file: StoreFile(path: $0)) }
        let kept = try persistence?.load()
        let store = ResourceStore(persistence: persistence)
        let loadTime = clock.now().fhirInstant
        if let kept {
            await store.load(kept, lastUpdated: loadTime)
        } else {
            await store.load(try BuiltinDataset.resources(for: configuration.version), lastUpdated: loadTime)
            if persistence != nil { try await store.save() }
        }
        return FHIRService(
            version: configuration.version, store: store, clock: clock,
            maximumBodySize: configuration.maximumBodySize)
    }
}
