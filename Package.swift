// swift-tools-version:6.0
import PackageDescription

/// Every target shares these settings: Swift 6 language mode, strict concurrency.
let settings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Tollgate",
    // The library products' promise to apps: TollgateEvaluation and TollgateClient use no API newer than these
    // (no Synchronization: the client locks with NSLock, which iOS 15 has). The service and the CLI run on Linux.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .executable(name: "tollgate", targets: ["tollgate"]),
        .library(name: "TollgateEvaluation", targets: ["TollgateEvaluation", "JSON"]),
        .library(name: "TollgateClient", targets: ["TollgateClient"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(name: "StoreSignatures", dependencies: ["COpenSSL", "JSON", "TollgateEvaluation"], swiftSettings: settings),
        .target(name: "Store", dependencies: ["CSQLite", "CPostgres", "TollgateEvaluation"], swiftSettings: settings),
        .target(
            name: "Publishing",
            dependencies: [
                "Store", "Project", "PolicyValidation", "PolicyCompiler", "PolicyModel", "Diagnostics",
                "TollgateEvaluation",
            ],
            swiftSettings: settings
        ),
        .target(name: "PolicyDiff", dependencies: ["PolicyModel", "TollgateEvaluation"], swiftSettings: settings),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(
            name: "Server",
            dependencies: [
                "CMicroHTTPD", "TollgateEvaluation", "PolicyModel", "Rendering", "Diagnostics", "JSON", "Customers",
                "ExperimentResults",
            ],
            swiftSettings: settings
        ),
        .target(
            name: "Replication",
            dependencies: [
                "Server", "Publishing", "Project", "Store", "TollgateEvaluation", "PolicyValidation", "Diagnostics", "JSON",
                "Purchases", "StoreSignatures", "ExperimentResults",
            ],
            swiftSettings: settings
        ),
        .target(name: "Diagnostics", swiftSettings: settings),
        .target(name: "YAML", dependencies: ["CYAML", "Diagnostics"], swiftSettings: settings),
        .target(name: "MessageFormat", dependencies: ["Diagnostics"], swiftSettings: settings),
        .target(
            name: "PolicyModel", dependencies: ["Diagnostics", "MessageFormat", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(
            name: "PolicyLoader",
            dependencies: ["YAML", "PolicyModel", "Diagnostics", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(
            name: "PolicyValidation",
            dependencies: ["PolicyModel", "MessageFormat", "Diagnostics", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(
            name: "CatalogValidation",
            dependencies: ["PolicyValidation", "StoreCatalog", "PolicyModel", "Diagnostics", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(name: "JSON", swiftSettings: settings),
        .target(name: "Statistics", swiftSettings: settings),
        .target(
            name: "Studio",
            dependencies: ["Server", "Project", "PolicyModel", "PolicyValidation", "Rendering", "Store", "Diagnostics",
                           "JSON", "TollgateEvaluation"],
            resources: [.copy("Resources")],
            swiftSettings: settings),
        .target(
            name: "ExperimentResults",
            dependencies: ["Statistics", "Store", "PolicyModel", "TollgateEvaluation", "JSON", "YAML", "Diagnostics"],
            swiftSettings: settings),
        .target(name: "TollgateEvaluation", dependencies: ["JSON"], swiftSettings: settings),
        .target(name: "TollgateClient", dependencies: ["TollgateEvaluation"], swiftSettings: settings),
        .target(name: "Customers", dependencies: ["TollgateEvaluation", "JSON"], swiftSettings: settings),
        .target(
            name: "Purchases",
            dependencies: ["Customers", "StoreSignatures", "Store", "JSON", "TollgateEvaluation", "PlayDeveloperAPI"],
            swiftSettings: settings
        ),
        .target(name: "TestAppStore", dependencies: ["StoreSignatures", "JSON", "TestSupport"], swiftSettings: settings),
        .target(
            name: "PlayDeveloperAPI", dependencies: ["JSON", "StoreSignatures", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(
            name: "TestGooglePlay", dependencies: ["StoreSignatures", "JSON", "TestSupport", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(
            name: "Rendering",
            dependencies: ["CICU", "PolicyModel", "MessageFormat", "Diagnostics", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(
            name: "StoreCatalog", dependencies: ["Diagnostics", "PolicyModel", "TollgateEvaluation", "JSON"],
            swiftSettings: settings
        ),
        .target(
            name: "CatalogConversion",
            dependencies: ["MessageFormat", "PolicyModel", "StoreCatalog", "TollgateEvaluation", "JSON"],
            swiftSettings: settings
        ),
        .target(
            name: "LanguageServer",
            dependencies: [
                "Diagnostics", "MessageFormat", "PolicyModel", "PolicyValidation", "Project", "Rendering",
                "TollgateEvaluation", "YAML", "JSON",
            ],
            swiftSettings: settings
        ),
        .target(name: "PolicyCompiler", dependencies: ["PolicyModel", "TollgateEvaluation"], swiftSettings: settings),
        .target(
            name: "Project",
            dependencies: [
                "Diagnostics", "YAML", "PolicyModel", "PolicyLoader", "PolicyValidation", "CatalogValidation", "Rendering",
            ],
            swiftSettings: settings
        ),
        .target(
            name: "TollgateCLI",
            dependencies: [
                "Diagnostics", "YAML", "PolicyModel", "PolicyLoader", "PolicyValidation", "TollgateEvaluation",
                "PolicyCompiler", "Rendering", "Store", "PolicyDiff", "Server", "Replication", "Publishing",
                "StoreCatalog", "CatalogConversion", "CatalogValidation", "LanguageServer", "Project", "Customers",
                "Purchases", "StoreSignatures", "JSON", "PlayDeveloperAPI", "Statistics", "ExperimentResults", "Studio",
            ],
            swiftSettings: settings
        ),
        .executableTarget(name: "tollgate", dependencies: ["TollgateCLI"], swiftSettings: settings),
        .target(name: "TestSupport", swiftSettings: settings),
        .executableTarget(
            name: "TollgateBenchmarks",
            dependencies: [
                "YAML", "PolicyModel", "PolicyLoader", "PolicyValidation", "Diagnostics", "TollgateEvaluation",
                "PolicyCompiler", "TollgateCLI", "Rendering", "Store", "Project", "Customers", "Purchases",
                "StoreSignatures", "JSON",
            ],
            path: "Benchmarks/TollgateBenchmarks",
            swiftSettings: settings
        ),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "TestSupport"], swiftSettings: settings),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "Diagnostics"], swiftSettings: settings),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"], swiftSettings: settings),
        .testTarget(name: "MessageFormatTests", dependencies: ["MessageFormat"], swiftSettings: settings),
        .testTarget(
            name: "PolicyLoaderTests",
            dependencies: ["PolicyLoader", "PolicyModel", "Diagnostics", "YAML", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "PolicyValidationTests",
            dependencies: [
                "PolicyValidation", "PolicyLoader", "PolicyModel", "Diagnostics", "TollgateEvaluation", "Rendering",
                "Project",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "EvaluationTests",
            dependencies: [
                "TollgateEvaluation", "PolicyCompiler", "PolicyLoader", "PolicyModel", "Diagnostics", "TestSupport", "JSON",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "PolicyLoader", "PolicyModel", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server", "Replication", "PolicyLoader", "PolicyModel", "PolicyCompiler", "TollgateEvaluation", "Diagnostics",
                "TestSupport", "Store", "PolicyValidation", "Project", "TestAppStore", "Purchases", "TestGooglePlay",
                "JSON", "ExperimentResults",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "ReplicationTests",
            dependencies: [
                "Replication", "Project", "Server", "Store", "PolicyLoader", "TollgateEvaluation",
                "TestSupport",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "PublishingTests",
            dependencies: [
                "Publishing", "Store", "PolicyValidation", "Diagnostics", "TestSupport", "Project", "TollgateEvaluation",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "StoreSignaturesTests",
            dependencies: ["StoreSignatures", "JSON", "TollgateEvaluation", "TestSupport", "Customers"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "StoreTests", dependencies: ["Store", "TestSupport", "TollgateEvaluation"], swiftSettings: settings
        ),
        .testTarget(
            name: "PolicyDiffTests",
            dependencies: ["PolicyDiff", "PolicyLoader", "PolicyModel", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TollgateCLITests",
            dependencies: ["JSON", "TollgateCLI", "PolicyValidation", "CatalogValidation", "Store", "TollgateEvaluation", "TestSupport",
                           "TestAppStore", "Studio", "Server", "Project"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LanguageServerTests",
            dependencies: [
                "LanguageServer", "Diagnostics", "PolicyLoader", "PolicyModel", "PolicyValidation", "TestSupport",
                "Project", "TollgateEvaluation", "JSON",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "StoreCatalogTests",
            dependencies: ["StoreCatalog", "PolicyModel", "Diagnostics", "TollgateEvaluation", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CatalogValidationTests",
            dependencies: [
                "CatalogValidation", "PolicyValidation", "PolicyLoader", "PolicyModel", "StoreCatalog", "Diagnostics",
                "TollgateEvaluation",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CatalogConversionTests",
            dependencies: [
                "CatalogConversion", "StoreCatalog", "PolicyModel", "Diagnostics", "TestSupport",
                "Project", "Rendering", "TollgateEvaluation", "JSON",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CustomersTests", dependencies: ["Customers", "TollgateEvaluation", "JSON", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "PurchasesTests",
            dependencies: [
                "Purchases", "Customers", "Store", "TestAppStore", "TestSupport", "TollgateEvaluation", "PlayDeveloperAPI",
                "TestGooglePlay", "StoreSignatures",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "PlayDeveloperAPITests",
            dependencies: [
                "PlayDeveloperAPI", "TestGooglePlay", "StoreSignatures", "JSON", "TestSupport", "TollgateEvaluation",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "ExperimentResultsTests",
            dependencies: ["ExperimentResults", "Statistics", "Store", "TollgateEvaluation", "Diagnostics", "TestSupport"],
            swiftSettings: settings),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics", "JSON", "TestSupport"], swiftSettings: settings),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"], swiftSettings: settings),
        .testTarget(
            name: "ProjectTests",
            dependencies: ["Project", "PolicyModel", "PolicyValidation", "Diagnostics", "YAML", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TollgateClientTests",
            dependencies: ["TollgateClient", "TollgateEvaluation", "TestSupport", "Store"],
            swiftSettings: settings
        ),
    ]
)
