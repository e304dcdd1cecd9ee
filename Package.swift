// swift-tools-version: 6.1
import PackageDescription

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
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The client's HTTP, on SwiftNIO like the server (URLSession brings libcurl's ~30
        // libraries into every start of medbrain).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // The web view's templates (Hummingbird's own Mustache).
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        // FHIR resources of DSTU2 and R4, lossless JSON, and the tutorial's views over both.
        .target(name: "FHIRModel"),
        // The built-in FHIR server: store, search, validation, persistence, HTTP.
        .target(
            name: "FHIRServer",
            dependencies: [
                "FHIRModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // A FHIR client over URLSession: metadata first, then the server's version for everything.
        .target(
            name: "FHIRClient",
            dependencies: [
                "FHIRModel", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        // The tutorial's domain: instructions from dosage timing (later grouping and charts).
        // Language files are resources so a translator adds one without touching Swift.
        .target(name: "MedicationTutorial", dependencies: ["FHIRModel"], resources: [.copy("Languages")]),
        // libedit (Debian's libedit-dev), through non-variadic C wrappers Swift can call.
        .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Line editing for the REPL on a terminal: history, Ctrl-R, Tab completion.
        .target(name: "LineEditing", dependencies: ["CLibEdit"]),
        // The classroom's read-only web view beside the built-in server's FHIR API.
        .target(
            name: "MedbrainWeb",
            dependencies: [
                "FHIRServer", "MedicationTutorial",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // The REPL: the command language and the tutorial's six steps over a FHIRClient.
        .target(name: "MedbrainREPL", dependencies: ["FHIRClient", "FHIRServer", "MedicationTutorial", "MedbrainWeb"]),
        // The command line: `medbrain serve`, `medbrain instructions`, and (later) the REPL.
        // Lessons and transcripts: the workbook students, instructors and the tests run.
        .target(name: "MedbrainWorkbook", dependencies: ["MedbrainREPL", "MedicationTutorial"]),
        .target(
            name: "MedbrainCommands",
            dependencies: [
                "FHIRServer",
                "MedicationTutorial",
                "MedbrainREPL",
                "MedbrainWeb",
                "MedbrainWorkbook",
                "LineEditing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "medbrain", dependencies: ["MedbrainCommands"]),
        // Figures for speed and memory (`scripts/bench`); kept off the server so a release build is quick.
        .executableTarget(
            name: "MedbrainBench",
            dependencies: [
                "MedicationTutorial", "FHIRServer", "MedbrainREPL",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]),
        // Seeded mutation fuzzing of the command words, lesson and transcript parsers and the
        // FHIR JSON decoder (`scripts/fuzz`).
        .executableTarget(
            name: "MedbrainFuzz", dependencies: ["FHIRModel", "FHIRServer", "MedbrainREPL", "MedbrainWorkbook"]),
        .testTarget(name: "FHIRModelTests", dependencies: ["FHIRModel", "TestSupport"]),
        .testTarget(name: "FHIRServerTests", dependencies: ["FHIRServer", "TestSupport"]),
        .testTarget(
            name: "MedbrainWebTests",
            dependencies: [
                "MedbrainWeb", "FHIRServer", "MedicationTutorial", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "MedicationTutorialTests", dependencies: ["MedicationTutorial", "FHIRServer", "TestSupport"],
            // Golden files are read from the source tree, where re-recording writes them.
            exclude: ["Golden"]),
        // Servers that misbehave on purpose, a loopback client socket and a seeded generator, shared
        // by the tests that need them.
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "FHIRClientTests", dependencies: ["FHIRClient", "FHIRServer", "TestSupport"]),
        .testTarget(name: "MedbrainREPLTests", dependencies: ["MedbrainREPL", "FHIRServer", "TestSupport"]),
        .testTarget(name: "MedbrainWorkbookTests", dependencies: ["MedbrainWorkbook", "MedbrainREPL"]),
        // Runs the built `medbrain` executable as users do; depending on it makes sure it is built.
        .testTarget(name: "MedbrainCommandsTests", dependencies: ["medbrain", "MedbrainFuzz"]),
    ],
    swiftLanguageModes: [.v6]
)
