import Testing

/// The module graph is the architecture: every dependency `Package.swift` declares must be an edge of this table,
/// so an import across layers (a sideways or upward edge) fails here, naming the edge it added.
@Suite struct ModuleGraphTests {
    /// The package modules each target may depend on; a target missing here may depend on nothing.
    static let allowed: [String: Set<String>] = [
        "JSON": [],
        "Statistics": [],
        "Studio": ["Server", "Project", "PolicyModel", "PolicyValidation", "Rendering", "Store", "Diagnostics", "JSON",
                   "TollgateEvaluation"],
        "ExperimentResults": ["Statistics", "Store", "PolicyModel", "TollgateEvaluation", "JSON", "YAML", "Diagnostics"],
        "TollgateEvaluation": ["JSON"],
        "TollgateClient": ["TollgateEvaluation"],
        "Customers": ["TollgateEvaluation", "JSON"],
        "Diagnostics": [],
        "YAML": ["CYAML", "Diagnostics"],
        "MessageFormat": ["Diagnostics"],
        "PolicyModel": ["Diagnostics", "MessageFormat", "TollgateEvaluation"],
        "PolicyLoader": ["YAML", "PolicyModel", "Diagnostics", "TollgateEvaluation"],
        "PolicyValidation": ["PolicyModel", "MessageFormat", "Diagnostics", "TollgateEvaluation"],
        "StoreCatalog": ["PolicyModel", "Diagnostics", "JSON", "TollgateEvaluation"],
        "CatalogValidation": ["PolicyValidation", "StoreCatalog", "PolicyModel", "MessageFormat", "Diagnostics",
                              "TollgateEvaluation"],
        "CatalogConversion": ["StoreCatalog", "PolicyModel", "MessageFormat", "JSON", "TollgateEvaluation"],
        "PolicyCompiler": ["PolicyModel", "TollgateEvaluation"],
        "PolicyDiff": ["PolicyModel", "TollgateEvaluation"],
        "Rendering": ["CICU", "PolicyModel", "MessageFormat", "Diagnostics", "TollgateEvaluation"],
        "Project": ["PolicyLoader", "PolicyValidation", "CatalogValidation", "StoreCatalog", "Rendering", "PolicyModel",
                    "Diagnostics", "YAML", "TollgateEvaluation"],
        "Store": ["CSQLite", "CPostgres", "TollgateEvaluation"],
        "StoreSignatures": ["COpenSSL", "JSON", "TollgateEvaluation"],
        "Publishing": ["Project", "PolicyCompiler", "PolicyValidation", "PolicyModel", "Store", "Diagnostics",
                       "TollgateEvaluation"],
        "Server": ["CMicroHTTPD", "TollgateEvaluation", "JSON", "Rendering", "Publishing", "PolicyModel", "Diagnostics",
                   "Customers", "ExperimentResults"],
        "Purchases": ["Customers", "StoreSignatures", "Store", "JSON", "TollgateEvaluation", "PlayDeveloperAPI"],
        "TestAppStore": ["StoreSignatures", "JSON", "TestSupport"],
        "PlayDeveloperAPI": ["JSON", "StoreSignatures", "TollgateEvaluation"],
        "TestGooglePlay": ["StoreSignatures", "JSON", "TestSupport", "TollgateEvaluation"],
        "Replication": ["Server", "Publishing", "Project", "Store", "PolicyValidation", "Diagnostics", "JSON",
                        "TollgateEvaluation", "Purchases", "StoreSignatures", "ExperimentResults"],
        "LanguageServer": ["Project", "PolicyValidation", "PolicyLoader", "Rendering", "PolicyModel", "MessageFormat",
                           "Diagnostics", "YAML", "JSON", "TollgateEvaluation"],
        "TollgateCLI": ["Project", "Diagnostics", "YAML", "PolicyModel", "PolicyLoader", "PolicyValidation",
                        "CatalogValidation", "TollgateEvaluation", "JSON", "PolicyCompiler", "Rendering", "Store",
                        "PolicyDiff", "Server", "Replication", "Publishing", "StoreCatalog", "CatalogConversion",
                        "LanguageServer", "Customers", "Purchases", "StoreSignatures", "PlayDeveloperAPI",
                        "Statistics", "ExperimentResults", "Studio"],
        "tollgate": ["TollgateCLI"],
        "TestSupport": [],
        "TollgateBenchmarks": ["YAML", "PolicyModel", "PolicyLoader", "PolicyValidation", "Diagnostics", "Project",
                               "TollgateEvaluation", "PolicyCompiler", "TollgateCLI", "Rendering", "Store",
                               "Customers", "Purchases", "StoreSignatures", "JSON"],
    ]

    /// The C modules, each wrapped by exactly one Swift module.
    static let cModules: Set<String> = ["CYAML", "CICU", "CSQLite", "CPostgres", "CMicroHTTPD", "COpenSSL"]

    /// The one test target that may link the command line: the others test the modules beneath it.
    static let commandLineTests = "TollgateCLITests"

    /// The dependencies of `targets` that the architecture does not allow, as `from → to` edges.
    static func forbiddenEdges(_ targets: [PackageManifestTests.Target]) -> [String] {
        let libraries = Set(allowed.keys).subtracting(["tollgate", "TollgateBenchmarks", "TollgateCLI"])
        return targets.flatMap { target in
            target.dependencies.sorted().compactMap { dependency -> String? in
                let permitted: Bool
                if target.name.hasSuffix("Tests") {
                    permitted = dependency == "TestSupport" || libraries.contains(dependency)
                        || (dependency == "TollgateCLI" && target.name == commandLineTests)
                } else {
                    permitted = allowed[target.name]?.contains(dependency) ?? false
                }
                return permitted ? nil : "\(target.name) → \(dependency)"
            }
        }
    }

    @Test func everyDeclaredDependencyIsAnAllowedEdge() {
        #expect(Self.forbiddenEdges(PackageManifestTests.targets) == [])
    }

    @Test func everySwiftTargetIsInTheTable() {
        let named = PackageManifestTests.targets.map(\.name).filter { !$0.hasSuffix("Tests") && !Self.cModules.contains($0) }
        #expect(named.filter { Self.allowed[$0] == nil } == [])
    }

    @Test func eachCModuleIsWrappedByOneSwiftModule() {
        for module in Self.cModules {
            let users = Self.allowed.filter { $0.value.contains(module) }.map(\.key)
            #expect(users.count == 1, "\(module) is wrapped by \(users.sorted())")
        }
    }

    @Test(arguments: [
        ("PolicyValidation", "StoreCatalog"), ("Server", "Store"), ("Server", "PolicyLoader"),
        ("TollgateEvaluation", "PolicyModel"), ("Rendering", "Store"), ("StoreTests", "TollgateCLI"),
    ])
    func anAddedEdgeIsNamed(from: String, to: String) {
        var target = PackageManifestTests.targets.first { $0.name == from }
            ?? .init(name: from, dependencies: [], folder: "Tests/\(from)", sharesSettings: true)
        target.dependencies.insert(to)
        let targets = PackageManifestTests.targets.filter { $0.name != from } + [target]
        #expect(Self.forbiddenEdges(targets) == ["\(from) → \(to)"])
    }
}
