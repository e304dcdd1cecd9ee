import FHIRModel

/// The data the built-in server starts with: the tutorial's test patient `f001` and others,
/// medications, orders whose timings exercise every part of an instruction sentence, and
/// administrations over more than two years.
///
/// Written once in R4 (`Bundled/dataset-r4.json`, a FHIR `collection` Bundle that `jq` and any
/// FHIR tool read as it is) and converted for DSTU2, STU3 and R5, so every release holds the
/// same content.
public enum BuiltinDataset {
    /// The dataset as written: the R4 Bundle's JSON text.
    public static var r4BundleText: String { BundledFiles.datasetR4JSON }

    /// The dataset's resources in `version`'s form; with a seed, the student's own doses
    /// (``DatasetVariation``), the same in every release.
    public static func resources(
        for version: FHIRVersion, seed: DatasetSeed? = nil, withoutInstructionText: Bool = false
    ) throws -> [JSONValue] {
        let bundle = try FHIRModel.Bundle(jsonText: Array(r4BundleText.utf8))
        var resources = bundle.entry.compactMap(\.resource)
        // A lesson whose student reads the Timings themselves: no route hands over the sentence.
        if withoutInstructionText { resources = resources.map(DosageFreeText.removed(fromOrder:)) }
        if let seed, !seed.isDefault {
            var variation = DatasetVariation(seed: seed)
            resources = variation.apply(to: resources)
        }
        guard version != .r4 else { return resources }
        return try resources.map { resource throws(FHIRDecodingError) in
            try VersionConversion.convert(resource, to: version)
        }
    }

    /// The "today" the dataset was written around (the day after Table 5's Monday).
    public static let today = "2016-08-16"
}
