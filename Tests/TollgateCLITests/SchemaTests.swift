import Foundation
import TestSupport
import Testing
import TollgateCLI

/// The policy JSON Schema: the checked-in copy is current, it is a valid draft 2020-12 schema, the
/// examples pass it, and it rejects what the loader and validator reject.
///
/// Schema checks run Python's `jsonschema` (`Draft202012Validator`) with PyYAML, as CI installs them.
@Suite(.tags(.python)) struct SchemaTests {
    /// A policy under `Tests/Fixtures/schema/invalid/`, the schema keyword that refuses it and where,
    /// and the rule `tollgate validate` reports for it.
    struct InvalidCase: Sendable, CustomTestStringConvertible {
        var file: String
        var keyword: String
        var path: String
        var rule: String

        var testDescription: String { file }
    }

    static let invalidCases = [
        InvalidCase(file: "unknown-key.yaml", keyword: "additionalProperties", path: "/ads", rule: "unknown-key"),
        InvalidCase(file: "bad-product-type.yaml", keyword: "enum", path: "/products/0/type", rule: "invalid-value"),
        InvalidCase(file: "missing-app-id.yaml", keyword: "required", path: "/app", rule: "missing-key"),
        InvalidCase(file: "pending-grant.yaml", keyword: "enum", path: "/entitlements/pending",
                    rule: "state-never-grants"),
        // jsonschema reports a bad property name as its `propertyNames` pattern, at the mapping.
        InvalidCase(file: "bad-currency-code.yaml", keyword: "pattern", path: "/products/0/reference_prices",
                    rule: "reference-price-invalid"),
    ]

    static let root = Fixtures.repositoryRoot()
    static let schemaPath = root.appendingPathComponent("schema/policy.schema.json").path

    /// The example policies, `Policies/*.yaml`.
    static let examples: [String] = {
        let folder = root.appendingPathComponent("Policies")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    @Test func checkedInCopyMatchesCommand() {
        let result = Tollgate.run(["schema"], context: CommandContext(currentDirectory: Self.root.path))
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        expectGolden(result.stdout, at: Self.schemaPath, hint: "regenerate it: tollgate schema > schema/policy.schema.json")
    }

    @Test func schemaIsValidDraft202012() throws {
        #expect(try SchemaCheck.run(files: []).isEmpty)
    }

    @Test func examplesExist() {
        #expect(Self.examples.count >= 2, "expected example policies in Policies/")
    }

    @Test(arguments: examples)
    func exampleValidates(file: String) throws {
        let errors = try SchemaCheck.run(files: [file])[file] ?? []
        #expect(errors.isEmpty, "\(file) fails the schema:\n\(errors.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: invalidCases)
    func invalidPolicyIsRejectedByBoth(_ invalid: InvalidCase) throws {
        let folder = Fixtures.path("schema")
        let file = "invalid/\(invalid.file)"
        let path = (folder as NSString).appendingPathComponent(file)
        let errors = try SchemaCheck.run(files: [path])[path] ?? []
        #expect(errors.contains { $0.keyword == invalid.keyword && $0.path == invalid.path },
                "the schema does not refuse \(file) with '\(invalid.keyword)' at \(invalid.path): \(errors)")
        let result = Tollgate.run(["validate", file], context: CommandContext(currentDirectory: folder))
        #expect(result.exitCode == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains(": error: ") && $0.hasSuffix("[\(invalid.rule)]") },
                "tollgate validate reports no [\(invalid.rule)] error for \(file):\n\(result.stderr)")
    }
}

/// Runs Python's `jsonschema` on the checked-in schema and YAML files.
enum SchemaCheck {
    /// One error the schema reports: the failing keyword, where, and jsonschema's message.
    struct SchemaError: Decodable, CustomStringConvertible {
        var keyword: String
        var path: String
        var message: String

        var description: String { "\(path): \(message) [\(keyword)]" }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Exits 3 when a package is missing, so the test can name what to install.
    static let script = """
        import json, sys
        try:
            import jsonschema, yaml
        except ImportError as error:
            print(error, file=sys.stderr)
            sys.exit(3)
        with open(sys.argv[1], encoding="utf-8") as stream:
            schema = json.load(stream)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        report = {}
        for path in sys.argv[2:]:
            with open(path, encoding="utf-8") as stream:
                document = yaml.safe_load(stream)
            report[path] = [
                {"keyword": error.validator, "message": error.message,
                 "path": "/" + "/".join(str(part) for part in error.absolute_path)}
                for error in validator.iter_errors(document)
            ]
        print(json.dumps(report))
        """

    /// The schema's errors for each of `files`; throws when the schema itself is invalid or Python fails.
    static func run(files: [String]) throws -> [String: [SchemaError]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, SchemaTests.schemaPath] + files
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0:
            return try JSONDecoder().decode([String: [SchemaError]].self, from: output)
        case 3:
            let missing = errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: """
                the schema tests need the Python packages jsonschema and PyYAML (\(missing)); \
                install them with: python3 -m pip install jsonschema pyyaml
                """)
        case 127:
            throw Failure(description: "the schema tests need python3 on PATH, with: pip install jsonschema pyyaml")
        default:
            throw Failure(description: """
                the python3 jsonschema check failed (exit \(process.terminationStatus)):
                \(errorText)
                """)
        }
    }
}
