// swift-tools-version: 6.2
import PackageDescription

// `scripts/test` sets MEDBRAIN_WARNINGS_AS_ERRORS=1, so a warning in our own targets fails the
// suite; everyday builds (`scripts/run`, an editor) still build and show it as a warning.
let strict = Context.environment["MEDBRAIN_WARNINGS_AS_ERRORS"] == "1"
let ownSettings: [SwiftSetting] = strict ? [.treatAllWarnings(as: .error)] : []

/// Files a target reads at run time live in its `Bundled/` folder and are compiled in by the
/// BundleFiles plugin, so `medbrain` needs nothing beside it and the files stay plain text.
let bundled: [Target.PluginUsage] = [.plugin(name: "BundleFiles")]

let package = Package(
    name: "medbrain",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "medbrain", targets: ["medbrain"]),
        .executable(name: "medbrain-bench", targets: ["MedbrainBench"]),
        .executable(name: "medbrain-fuzz", targets: ["MedbrainFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Both already come with Hummingbird; named here because the server uses them directly.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The benchmarks' bare HTTP peer (`medbrain-bench commands`); medbrain itself does not
        // build it (its client speaks http over SwiftNIO and https through libcurl; see CCurl).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // The web view's templates (Hummingbird's own Mustache).
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        // FHIR resources of every release, lossless JSON, the tutorial's views over them, and
        // each release's types (Bundled/types-<release>.txt, from scripts/fhir-definitions), which
        // also type the per-release structs Releases/release-structs.txt names.
        .target(
            name: "FHIRModel", exclude: ["Bundled", "Releases/release-structs.txt"], swiftSettings: ownSettings,
            plugins: bundled + [.plugin(name: "ReleaseStructs")]),
        // FHIR's rules for a resource of a version (what a server checks before storing it).
        .target(
            name: "FHIRValidation", dependencies: ["FHIRModel", "FHIRPath", "CCrypto"], swiftSettings: ownSettings),
        // Profiles: StructureDefinitions that constrain a type, read from files, folders and
        // packages, checked on resources; R4's own profiles and extensions, and its complete
        // CodeSystems, are Bundled/ files (from scripts/fhir-definitions).
        .target(
            name: "FHIRProfiles", dependencies: ["FHIRModel", "FHIRPath", "FHIRValidation"], exclude: ["Bundled"],
            swiftSettings: ownSettings, plugins: bundled),
        // FHIRPath: parser and evaluator over the lossless JSON of any version, with the
        // release's type model (FHIRModel's) and UCUM units (a Bundled/ file).
        .target(
            name: "FHIRPath", dependencies: ["FHIRModel"], exclude: ["Bundled"], swiftSettings: ownSettings,
            plugins: bundled),
        // The built-in data: the tutorial's patient, orders and doses, one R4 Bundle file.
        .target(
            name: "MedbrainDataset", dependencies: ["FHIRModel"], exclude: ["Bundled"], swiftSettings: ownSettings,
            plugins: bundled),
        // SMART App Launch's rules, shared by the built-in server and the REPL: scopes v1 and
        // v2 and what they reach, PKCE S256 (with its SHA-256), base64url, and backend services'
        // signed JWTs (JWKs, RS384 and ES384 through CCrypto).
        .target(name: "SMART", dependencies: ["FHIRModel", "CCrypto"], swiftSettings: ownSettings),
        // The system's OpenSSL libcrypto, opened with dlopen at the first signature, as CCurl
        // opens libcurl: no crypto library is compiled, and no OpenSSL header is needed.
        .target(name: "CCrypto", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The built-in FHIR server: store, search, persistence, HTTP, and SMART authorization.
        .target(
            name: "FHIRServer",
            dependencies: [
                "FHIRModel", "FHIRPath", "FHIRValidation", "FHIRProfiles", "MedbrainDataset", "SMART",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ], swiftSettings: ownSettings),
        // libcurl, opened with dlopen at the first request: building medbrain compiles no TLS
        // library (BoringSSL took 247 of a first release build's 602 s on two cores), starting it
        // loads none, and TLS is the system's (its CA certificates, its OpenSSL updates). The
        // headers come with Debian's libcurl4-openssl-dev, which scripts/setup installs.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // A FHIR client: metadata first, then the server's version for everything. http:// over
        // SwiftNIO (built and loaded for the server anyway), https:// through libcurl. Its SMART/
        // folder logs in (App Launch with PKCE, backend services), renews and keeps the tokens.
        .target(
            name: "FHIRClient",
            dependencies: [
                "FHIRModel", "SMART", "CCurl", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ], swiftSettings: ownSettings),
        // The tutorial's domain: instructions from dosage timing, grouping and charts, the
        // requirement tables (Tables 1–4, shipped as profiles the profile validator judges by).
        // Languages and profiles are files, so a translator or an instructor edits them without
        // touching Swift.
        .target(
            name: "MedicationTutorial", dependencies: ["FHIRModel", "FHIRPath", "FHIRValidation", "FHIRProfiles"],
            exclude: ["Bundled"],
            swiftSettings: ownSettings,
            plugins: bundled),
        // libedit (Debian's libedit-dev), through non-variadic C wrappers Swift can call.
        .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Line editing for the REPL on a terminal: history, Ctrl-R, Tab completion.
        .target(name: "LineEditing", dependencies: ["CLibEdit"], swiftSettings: ownSettings),
        // The classroom's read-only web view beside the built-in server's FHIR API.
        .target(
            name: "MedbrainWeb",
            dependencies: [
                "FHIRServer", "MedicationTutorial", "MedbrainDataset", "ResultTables", "SMART",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ], exclude: ["Bundled"], swiftSettings: ownSettings, plugins: bundled),
        // Results as people read them: tables that fit a width, a summary row per resource type,
        // a Bundle as a table per type; pure text, so any front end can show them.
        .target(name: "ResultTables", dependencies: ["FHIRModel"], swiftSettings: ownSettings),
        // The REPL: the command language and the tutorial's six steps over a FHIRClient. It
        // starts built-in servers through a launcher the program hands it, not the server itself.
        .target(
            name: "MedbrainREPL",
            dependencies: ["FHIRClient", "FHIRPath", "FHIRValidation", "MedicationTutorial", "ResultTables", "SMART"],
            swiftSettings: ownSettings),
        // Lessons and transcripts: the workbook students, instructors and the tests run.
        .target(
            name: "MedbrainWorkbook",
            dependencies: [
                "FHIRPath", "MedbrainDataset", "MedbrainREPL", "MedicationTutorial", "ResultTables", "SMART",
            ],
            swiftSettings: ownSettings),
        // The command line (`medbrain`, `serve`, `instructions`, `group`, `verify`, …): where the
        // REPL, the server and its web view are put together.
        .target(
            name: "MedbrainCommands",
            dependencies: [
                "FHIRServer",
                "MedbrainDataset",
                "FHIRPath",
                "FHIRValidation",
                "FHIRProfiles",
                "MedicationTutorial",
                "MedbrainREPL",
                "MedbrainWeb",
                "MedbrainWorkbook",
                "LineEditing",
                "FHIRClient",
                "SMART",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], swiftSettings: ownSettings
        ),
        .executableTarget(name: "medbrain", dependencies: ["MedbrainCommands"], swiftSettings: ownSettings),
        // Writes a target's Bundled/ files as Swift string literals, for the BundleFiles plugin.
        .executableTarget(name: "medbrain-bundle", swiftSettings: ownSettings),
        .plugin(name: "BundleFiles", capability: .buildTool(), dependencies: ["medbrain-bundle"]),
        // Writes the per-release structs of FHIRModel from its spec and type tables.
        .executableTarget(name: "medbrain-structs", swiftSettings: ownSettings),
        .plugin(name: "ReleaseStructs", capability: .buildTool(), dependencies: ["medbrain-structs"]),
        // Figures for speed and memory (`bench/run`).
        .executableTarget(
            name: "MedbrainBench",
            dependencies: [
                "MedicationTutorial", "FHIRServer", "MedbrainDataset", "MedbrainREPL", "MedbrainCommands",
                "MedbrainWeb", "MedbrainWorkbook",
                "FHIRPath", "FHIRValidation", "SMART", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ], swiftSettings: ownSettings),
        // Seeded mutation fuzzing of the command words, lesson and transcript parsers and the
        // FHIR JSON decoder (`scripts/fuzz`); it needs no server.
        .executableTarget(
            name: "MedbrainFuzz",
            dependencies: [
                "FHIRModel", "FHIRPath", "FHIRServer", "FHIRValidation", "MedbrainDataset", "MedbrainREPL",
                "MedbrainWorkbook",
            ],
            swiftSettings: ownSettings),
        .testTarget(name: "FHIRModelTests", dependencies: ["FHIRModel", "TestSupport"], swiftSettings: ownSettings),
        .testTarget(name: "MedbrainStructsTests", dependencies: ["medbrain-structs"], swiftSettings: ownSettings),
        .testTarget(
            name: "FHIRPathTests", dependencies: ["FHIRPath", "FHIRPathSuite", "TestSupport"],
            swiftSettings: ownSettings),
        // HL7's FHIRPath suite read from ../shared, judged the same way whether the engine runs in
        // process (FHIRPathTests) or through `medbrain fhirpath` (MedbrainCommandsTests).
        .target(
            name: "FHIRPathSuite", dependencies: ["FHIRPath", "FHIRModel"], path: "Tests/FHIRPathSuite",
            exclude: ["known-failures.txt"], swiftSettings: ownSettings),
        .testTarget(
            name: "FHIRProfilesTests", dependencies: ["FHIRProfiles", "FHIRValidation", "TestSupport"],
            swiftSettings: ownSettings),
        .testTarget(name: "SMARTTests", dependencies: ["SMART", "TestSupport"], swiftSettings: ownSettings),
        .testTarget(
            name: "FHIRServerTests",
            dependencies: ["FHIRServer", "FHIRValidation", "MedbrainDataset", "SMART", "TestSupport"],
            swiftSettings: ownSettings),
        .testTarget(
            name: "MedbrainWebTests",
            dependencies: [
                "MedbrainWeb", "FHIRServer", "MedicationTutorial", "SMART", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ], swiftSettings: ownSettings),
        .testTarget(
            name: "MedicationTutorialTests",
            dependencies: ["MedicationTutorial", "FHIRProfiles", "FHIRValidation", "MedbrainDataset", "TestSupport"],
            // Golden files are read from the source tree, where re-recording writes them.
            exclude: ["Golden"], swiftSettings: ownSettings),
        // Servers that misbehave on purpose, a loopback client socket, a seeded generator and
        // captured output, shared by the tests that need them.
        .target(
            name: "TestSupport", dependencies: ["MedbrainDataset"], path: "Tests/Support", swiftSettings: ownSettings),
        .testTarget(
            name: "FHIRClientTests",
            dependencies: [
                "FHIRClient", "FHIRServer", "SMART", "TestSupport", .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: ownSettings),
        .testTarget(
            name: "MedbrainREPLTests",
            dependencies: ["MedbrainREPL", "MedbrainCommands", "FHIRServer", "ResultTables", "TestSupport"],
            swiftSettings: ownSettings),
        .testTarget(
            name: "MedbrainWorkbookTests",
            dependencies: ["MedbrainWorkbook", "MedbrainREPL", "MedbrainCommands", "TestSupport"],
            swiftSettings: ownSettings),
        // Runs the built `medbrain` executable as users do; depending on it makes sure it is built.
        .testTarget(
            name: "MedbrainCommandsTests", dependencies: ["medbrain", "MedbrainFuzz", "FHIRPathSuite", "TestSupport"],
            swiftSettings: ownSettings),
    ],
    swiftLanguageModes: [.v6]
)
