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
        .target(name: "Store", dependencies: ["CSQLite", "CPostgres"], swiftSettings: settings),
        .target(
            name: "Publishing",
            dependencies: [
                "Store", "PolicyLoader", "PolicyValidation", "PolicyCompiler", "PolicyModel", "Diagnostics",
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
                "CMicroHTTPD", "TollgateEvaluation", "PolicyModel", "PolicyLoader", "Rendering", "Diagnostics",
                "Publishing", "Store", "JSON",
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
            dependencies: ["YAML", "PolicyModel", "MessageFormat", "Diagnostics", "TollgateEvaluation"],
            swiftSettings: settings
        ),
        .target(
            name: "PolicyValidation",
            dependencies: ["PolicyModel", "MessageFormat", "Diagnostics", "TollgateEvaluation", "StoreCatalog"],
            swiftSettings: settings
        ),
        .target(name: "JSON", swiftSettings: settings),
        .target(name: "TollgateEvaluation", dependencies: ["JSON"], swiftSettings: settings),
        .target(name: "TollgateClient", dependencies: ["TollgateEvaluation"], swiftSettings: settings),
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
                "Diagnostics", "PolicyModel", "PolicyLoader", "PolicyValidation", "Rendering", "TollgateEvaluation",
                "YAML", "JSON",
            ],
            swiftSettings: settings
        ),
        .target(name: "PolicyCompiler", dependencies: ["PolicyModel", "TollgateEvaluation"], swiftSettings: settings),
        .target(
            name: "TollgateCLI",
            dependencies: [
                "Diagnostics", "YAML", "PolicyModel", "PolicyLoader", "PolicyValidation", "TollgateEvaluation",
                "PolicyCompiler", "Rendering", "Store", "PolicyDiff", "Server", "Publishing", "StoreCatalog",
                "CatalogConversion", "LanguageServer", "JSON",
            ],
            swiftSettings: settings
        ),
        .executableTarget(name: "tollgate", dependencies: ["TollgateCLI"], swiftSettings: settings),
        .target(name: "TestSupport", swiftSettings: settings),
        .executableTarget(
            name: "TollgateBenchmarks",
            dependencies: [
                "YAML", "PolicyModel", "PolicyLoader", "PolicyValidation", "Diagnostics", "TollgateEvaluation",
                "PolicyCompiler", "TollgateCLI", "Rendering", "Store",
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
                "TollgateCLI", "StoreCatalog",
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
                "Server", "PolicyLoader", "PolicyModel", "PolicyCompiler", "TollgateEvaluation", "Diagnostics", "TestSupport",
                "Publishing", "Store", "PolicyValidation", "TollgateCLI", "JSON",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "PublishingTests",
            dependencies: ["Publishing", "Store", "PolicyValidation", "Diagnostics", "TestSupport", "TollgateCLI"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "PolicyDiffTests",
            dependencies: ["PolicyDiff", "PolicyLoader", "PolicyModel", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TollgateCLITests",
            dependencies: ["TollgateCLI", "PolicyValidation", "Store", "TollgateEvaluation", "TestSupport", "JSON"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LanguageServerTests",
            dependencies: [
                "LanguageServer", "Diagnostics", "PolicyLoader", "PolicyModel", "PolicyValidation", "TestSupport",
                "TollgateCLI", "TollgateEvaluation", "JSON",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "StoreCatalogTests",
            dependencies: ["StoreCatalog", "PolicyModel", "Diagnostics", "TollgateEvaluation", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "CatalogConversionTests",
            dependencies: [
                "CatalogConversion", "StoreCatalog", "PolicyModel", "Diagnostics", "TestSupport",
                "TollgateCLI", "Rendering", "TollgateEvaluation", "JSON",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "TollgateClientTests",
            dependencies: ["TollgateClient", "TollgateEvaluation", "TestSupport"],
            swiftSettings: settings
        ),
    ]
)
