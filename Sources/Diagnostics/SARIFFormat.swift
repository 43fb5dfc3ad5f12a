import Foundation

/// The `--format sarif` report: one SARIF 2.1.0 run in the subset GitHub code scanning reads.
package struct SARIFFormat: Sendable {
    /// GitHub shows at most this many characters of a rule's short and full description.
    static let descriptionLimit = 1024

    package init() {}

    package func render(_ report: ValidationReport) -> String {
        let rules = report.reportedRules
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var occurrences: [String: Int] = [:]
        let results = report.diagnostics.map { diagnostic in
            let hash = Self.fingerprint(diagnostic)
            // Equal findings in one file are told apart by their order, as GitHub's own line hashes are.
            let occurrence = occurrences[hash, default: 0] + 1
            occurrences[hash] = occurrence
            return Result(diagnostic, ruleIndex: ruleIndex[diagnostic.rule], fingerprint: "\(hash):\(occurrence)")
        }
        let driver = Driver(name: "tollgate", version: report.toolVersion, rules: rules.map(Rule.init))
        return JSONEncoder.report(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
    }

    /// A hash of what a finding is, not of where it is, so that an alert survives edits above it:
    /// FNV-1a 64 of the rule, file and message, separated by NUL bytes, as 16 hex digits.
    static func fingerprint(_ diagnostic: Diagnostic) -> String {
        let identity = [diagnostic.rule, diagnostic.span.file, diagnostic.message].joined(separator: "\0")
        let hex = String(fnv1a64(identity.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The 64-bit FNV-1a hash of some bytes.
    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

extension SARIFFormat {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        /// Our columns count Unicode scalars; SARIF's default is UTF-16 code units.
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var rules: [Rule]
    }

    struct Text: Encodable {
        var text: String
    }

    struct Rule: Encodable {
        struct Configuration: Encodable {
            var level: Severity
        }

        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration

        init(_ rule: RuleDescriptor) {
            id = rule.id
            name = rule.id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined()
            shortDescription = Text(text: rule.summary.truncated(to: SARIFFormat.descriptionLimit))
            fullDescription = Text(text: rule.explanation.truncated(to: SARIFFormat.descriptionLimit))
            help = Text(text: rule.explanation)
            defaultConfiguration = Configuration(level: rule.severity)
        }
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: Severity
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]

        init(_ diagnostic: Diagnostic, ruleIndex: Int?, fingerprint: String) {
            ruleId = diagnostic.rule
            self.ruleIndex = ruleIndex
            level = diagnostic.severity
            message = Text(text: diagnostic.message + (diagnostic.help.map { "\nhelp: \($0)" } ?? ""))
            locations = [Location(span: diagnostic.span)]
            relatedLocations = diagnostic.related.isEmpty ? nil : diagnostic.related.enumerated().map {
                Location(id: $0, span: $1.span, message: Text(text: $1.message))
            }
            partialFingerprints = ["tollgate/v1": fingerprint]
        }
    }

    struct Location: Encodable {
        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region
        }

        struct ArtifactLocation: Encodable {
            var uri: String
        }

        struct Region: Encodable {
            var startLine: Int
            var startColumn: Int
            var endLine: Int
            var endColumn: Int
        }

        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Text?

        init(id: Int? = nil, span: SourceSpan, message: Text? = nil) {
            self.id = id
            // A URI reference: the relative path as given, with spaces and non-ASCII percent-encoded.
            let uri = span.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? span.file
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: uri),
                region: Region(
                    startLine: span.start.line, startColumn: span.start.column,
                    endLine: span.end.line, endColumn: span.end.column))
            self.message = message
        }
    }
}

extension String {
    /// The string cut to at most `limit` characters, ending in an ellipsis when it was cut.
    fileprivate func truncated(to limit: Int) -> String {
        count <= limit ? self : prefix(limit - 1) + "…"
    }
}
