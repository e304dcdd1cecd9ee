import FHIRModel
import FHIRProfiles
import Foundation
import MedbrainDataset

extension FHIRService {
    /// The service for a configuration, its store filled from the data file or the dataset.
    ///
    /// A new data file starts with the built-in dataset and is written at once, so the
    /// file always holds what the server serves; without a data file the dataset is loaded
    /// when a request first needs data (`metadata` does not).
    public static func build(_ configuration: ServerConfiguration) async throws -> FHIRService {
        let version = configuration.version
        let clock: any ServerClock = configuration.now.map(FixedClock.init) ?? SystemClock()
        var persistence = configuration.dataPath.map { FilePersistence(file: StoreFile(path: $0)) }
        let kept = try persistence?.load()
        let store = ResourceStore(persistence: persistence)
        let loadTime = clock.now().fhirInstant
        if let kept {
            await store.load(kept, lastUpdated: loadTime)
        } else if persistence != nil {
            await store.load(
                try BuiltinDataset.resources(
                    for: configuration.version, seed: configuration.seed,
                    withoutInstructionText: configuration.withholdsInstructions) + configuration.extraResources,
                lastUpdated: loadTime)
            try await store.save()
        } else {
            // Made when a request first needs data; the dataset is compiled in and its tests
            // read it in every release, so failing to decode it is a defect of the build.
            let (seed, withholds, extra) = (
                configuration.seed, configuration.withholdsInstructions, configuration.extraResources
            )
            await store.loadOnFirstUse(
                {
                    do {
                        return try BuiltinDataset.resources(
                            for: version, seed: seed, withoutInstructionText: withholds) + extra
                    } catch {
                        preconditionFailure("the built-in dataset does not decode in \(version): \(error)")
                    }
                }, lastUpdated: loadTime)
        }
        let authorization: AuthorizationServer? =
            switch configuration.authorization {
            case .open: nil
            case .smart(let clients):
                AuthorizationServer(
                    clients: clients, clock: clock is FixedClock ? SystemClock() : clock,
                    numbered: configuration.numberedAuthorization, signIn: configuration.signIn ?? .newSecret())
            }
        var conformance: ConformanceResources?
        if !configuration.packages.isEmpty {
            var resources = ConformanceResources(version: version)
            for package in configuration.packages { try resources.load(package) }
            conformance = resources
        }
        let service = FHIRService(
            version: configuration.version, store: store, clock: clock,
            maximumBodySize: configuration.maximumBodySize, authorization: authorization,
            base: ServerBase(path: configuration.basePath), conformance: conformance,
            definitions: configuration.definitions)
        // The first client asks for the CapabilityStatement at once (the REPL before its first
        // prompt): it is made on another core while the HTTP server starts.
        Task.detached(priority: .userInitiated) { service.prepareMetadata() }
        return service
    }

    /// The service for a configuration, with its `load` files loaded: what the load stored and
    /// refused. A path that is not there is an error; a file or resource that cannot be loaded
    /// is one of the report's refusals.
    public static func build(loading configuration: ServerConfiguration) async throws -> (FHIRService, LoadReport?) {
        let service = try await build(configuration)
        guard !configuration.load.isEmpty else { return (service, nil) }
        let source = try LoadSource(paths: configuration.load)
        let report = try await service.load(source, progress: configuration.loadProgress ?? { _, _ in })
        return (service, report)
    }
}
