package import Diagnostics
package import PolicyModel
package import YAML

/// The outcome of loading one file: the value, if it could be built, and every finding on the way.
package struct Loaded<Value: Sendable>: Sendable {
    package var value: Value?
    package var diagnostics: [Diagnostic]

    package init(value: Value?, diagnostics: [Diagnostic]) {
        self.value = value
        self.diagnostics = diagnostics
    }

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Turns policy YAML into a `Policy`; user mistakes come back as diagnostics, never thrown.
package enum PolicyLoader {
    package static let format = "tollgate/v1"

    static let topLevelKeys = ["format", "app", "tiers", "products", "subscription_groups", "features",
                               "entitlements", "ads", "paywalls", "placements", "experiments", "review", "customers"]
    /// The top-level keys the loader requires besides `format`, which it checks on its own.
    static let requiredTopLevelKeys = ["app"]

    /// Every finding id the YAML layer and the loader can report.
    package static var rules: [RuleDescriptor] { YAMLRules.all + LoaderRules.all }

    /// Loads the policy in `bytes`, read from `file`.
    package static func load(_ bytes: [UInt8], file: String, limits: YAMLLimits = .standard) -> Loaded<Policy> {
        var reader = NodeReader(fileID: SourceFileID(file), bytes: bytes)
        guard let root = reader.document(bytes, limits: limits, kind: "policy", format: format) else {
            return Loaded(value: nil, diagnostics: reader.diagnostics)
        }
        let policy = reader.policy(root, file: file)
        return Loaded(value: policy, diagnostics: reader.diagnostics)
    }
}

extension NodeReader {
    /// Parses `bytes` and returns the document's root, reading its tape from now on; an empty file is
    /// reported as such.
    mutating func document(_ bytes: [UInt8], limits: YAMLLimits, kind: String, format: String) -> Node? {
        let document = parse(bytes, limits: limits)
        if document == nil, diagnostics.isEmpty {
            report(LoaderRules.emptyFile, "\(kind) file is empty", at: .wholeFile(source.fileID),
                   help: "start the file with 'format: \(format)'")
        }
        return document
    }

    /// Parses `bytes`, keeping its findings, and returns the document's root, reading its tape from now on.
    mutating func parse(_ bytes: [UInt8], limits: YAMLLimits) -> Node? {
        let document = YAMLParser.parse(bytes, fileID: source.fileID, limits: limits)
        append(document.diagnostics)
        guard let tape = document.tape, let root = document.root else { return nil }
        read(tape)
        return root
    }

    /// Checks `format:` against the one this version reads.
    mutating func format(_ fields: Fields, expected: String) -> Located<String>? {
        guard let node = fields["format"] else {
            report(LoaderRules.unsupportedFormat, "missing 'format:'", at: .wholeFile(source.fileID),
                   help: "add 'format: \(expected)' as the first line")
            return nil
        }
        guard let format = string(node, "format") else { return nil }
        guard format.value == expected else {
            report(LoaderRules.unsupportedFormat, "unsupported format '\(format.value)'", at: format.span,
                   help: "this version of tollgate reads 'format: \(expected)'")
            return nil
        }
        return format
    }

    mutating func policy(_ root: Node, file: String) -> Policy? {
        guard let fields = mapping(root, "the policy", allowed: PolicyLoader.topLevelKeys,
                                   required: PolicyLoader.requiredTopLevelKeys) else {
            return nil
        }
        let format = self.format(fields, expected: PolicyLoader.format)
        let app = fields["app"].flatMap { self.app($0) }
        let tiers = self.tiers(fields["tiers"], in: root)
        let products = fields["products"].map { self.products($0) } ?? []
        let groups = fields["subscription_groups"].map { self.subscriptionGroups($0) } ?? []
        let features = fields["features"].map { self.features($0) } ?? []
        let entitlements = fields["entitlements"].map { self.entitlements($0) }
            ?? .defaults(at: .wholeFile(source.fileID))
        let ads = self.ads(fields["ads"], in: root)
        let paywalls = fields["paywalls"].map { self.paywalls($0) } ?? []
        let placements = fields["placements"].map { self.placements($0) } ?? []
        let experiments = fields["experiments"].map { self.experiments($0) } ?? []
        let review = self.review(fields["review"], in: root)
        let customers = self.customers(fields["customers"], in: root)
        guard let format, let app, let entitlements, let ads, let review, let customers else { return nil }
        return Policy(file: file, format: format, app: app, tiers: tiers, products: products,
                      subscriptionGroups: groups, features: features, entitlements: entitlements, ads: ads,
                      paywalls: paywalls, placements: placements, experiments: experiments, review: review,
                      customers: customers)
    }
}
