import Foundation
import CatalogValidation
import PolicyValidation
import TestSupport
import Testing
import TollgateCLI

/// Every catalog rule fires on its fixture in every format of `validate`, located in the catalog file, and
/// `catalog check` reports exactly what `validate --catalog` does.
///
/// `Tests/Fixtures/rules/<rule>/formats/<format>.out` is the report of `validate --catalog` on the rule's `bad/`
/// fixture. SARIF and JUnit list every rule of the table, which grows with every new rule; their goldens keep
/// what is about the findings: SARIF the descriptors of the rules the results name (each result's `ruleIndex`
/// is checked against the whole table, then renumbered), JUnit the test cases that fail, with the number of
/// test cases (one per rule) written as 'all'.
@Suite struct CatalogRuleFormatTests {
    static let rules = Validator.ruleTypes.filter { $0.category == "catalog" }.map { $0.id }
    static let formats = ["text", "json", "sarif", "github", "junit", "markdown"]

    static func folder(_ rule: String) -> String { Fixtures.path("rules/\(rule)/bad") }

    /// The rule fixture's extra `validate` arguments (`--catalog FILE`, one per line).
    static func arguments(_ rule: String) -> [String] {
        ((try? String(contentsOfFile: Fixtures.path("rules/\(rule)/args"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// The catalog files among `arguments`.
    static func catalogs(_ rule: String) -> [String] {
        let arguments = arguments(rule)
        return arguments.indices.filter { arguments[$0] == "--catalog" && $0 + 1 < arguments.count }
            .map { arguments[$0 + 1] }
    }

    static func run(_ arguments: [String], in folder: String, terminal: Bool = false) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: folder, stderrIsTerminal: terminal,
                                                        now: Date(timeIntervalSince1970: 0)))
    }

    @Test(arguments: rules, formats)
    func everyFormatMatchesItsGolden(rule: String, format: String) throws {
        let result = Self.run(["validate", "--format", format] + Self.arguments(rule), in: Self.folder(rule))
        let output = format == "text" ? result.stderr : result.stdout
        #expect(output.contains(rule), "\(format) report does not name \(rule)")
        let catalogs = Self.catalogs(rule)
        #expect(catalogs.contains { output.contains($0) }, "\(format) report does not name the catalog file")
        let stable = try CatalogReportStability.stable(output, format: format)
        expectGolden(stable, at: Fixtures.path("rules/\(rule)/formats/\(format).out"))
    }

    @Test("catalog check prints what validate --catalog prints", arguments: rules)
    func catalogCheckIsValidate(rule: String) {
        let validate = Self.run(["validate"] + Self.arguments(rule), in: Self.folder(rule))
        let check = Self.run(["catalog", "check", "--app", "demo"] + Self.catalogs(rule), in: Self.folder(rule))
        #expect(check.stderr == validate.stderr)
        #expect(check.exitCode == validate.exitCode)
        #expect(check.stderr.contains("[\(rule)]"))
    }

    @Test("a finding points at the catalog's exact line and column")
    func catalogPositions() {
        let rule = "catalog-type-mismatch"
        let result = Self.run(["catalog", "check", "--app", "demo"] + Self.catalogs(rule), in: Self.folder(rule))
        // Line 20 of the catalog is `      "type" : "Consumable"`; the value starts at column 16.
        #expect(result.stderr.contains("  note: listed as 'consumable' at catalog.storekit:20:16\n"))
        let unlisted = Self.run(["catalog", "check", "--app", "demo", "catalog.storekit"],
                                in: Self.folder("catalog-unlisted-product"))
        #expect(unlisted.stderr.hasPrefix("catalog.storekit:33:21: warning: "))
    }

    @Test("the private key of a .storekit file appears in no report, even with source excerpts")
    func privateKeyIsNeverPrinted() throws {
        let rule = "storekit-private-key"
        let folder = Self.folder(rule)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("catalog.storekit"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pair = try #require(root["subscriptionOffersKeyPair"] as? [String: Any])
        let key = try #require(pair["privateKey"] as? String)
        #expect(key.count > 40)
        let pieces = stride(from: 0, to: key.count - 12, by: 6).map { String(key.dropFirst($0).prefix(12)) }
        var outputs: [String] = []
        for format in Self.formats {
            let result = Self.run(["validate", "--format", format] + Self.arguments(rule), in: folder, terminal: true)
            outputs.append(result.stdout + result.stderr)
        }
        let check = Self.run(["catalog", "check", "--app", "demo", "catalog.storekit"], in: folder, terminal: true)
        outputs.append(check.stdout + check.stderr)
        for output in outputs {
            #expect(output.contains("subscriptionOffersKeyPair"))
            #expect(!pieces.contains { output.contains($0) }, "the report holds part of the key:\n\(output)")
        }
    }
}

/// Reports as their goldens keep them: what does not change when a rule is added elsewhere in the table.
enum CatalogReportStability {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func stable(_ output: String, format: String) throws -> String {
        switch format {
        case "sarif": try sarif(output)
        case "junit": junit(output)
        default: output
        }
    }

    /// The SARIF log with only the rule descriptors its results name, and each result's `ruleIndex` into them,
    /// after checking that every index pointed at its own rule in the whole table.
    static func sarif(_ output: String) throws -> String {
        guard var log = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
              var runs = log["runs"] as? [[String: Any]] else { throw Failure(description: "not a SARIF log") }
        for index in runs.indices {
            guard var tool = runs[index]["tool"] as? [String: Any], var driver = tool["driver"] as? [String: Any],
                  let rules = driver["rules"] as? [[String: Any]],
                  var results = runs[index]["results"] as? [[String: Any]] else {
                throw Failure(description: "a run without tool.driver.rules or results")
            }
            let ids = rules.map { $0["id"] as? String ?? "" }
            var kept: [String] = []
            for position in results.indices {
                let id = results[position]["ruleId"] as? String ?? ""
                guard let ruleIndex = results[position]["ruleIndex"] as? Int, ids.indices.contains(ruleIndex),
                      ids[ruleIndex] == id else {
                    throw Failure(description: "the ruleIndex of a result of '\(id)' is not that rule's")
                }
                if !kept.contains(id) { kept.append(id) }
                results[position]["ruleIndex"] = kept.firstIndex(of: id)
            }
            driver["rules"] = kept.compactMap { id in rules.first { $0["id"] as? String == id } }
            tool["driver"] = driver
            runs[index]["tool"] = tool
            runs[index]["results"] = results
        }
        log["runs"] = runs
        let data = try JSONSerialization.data(withJSONObject: log,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The JUnit report without the test cases that pass, and 'all' for their number.
    static func junit(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !(line.hasPrefix("    <testcase ") && line.hasSuffix("/>"))
        }.map { line in
            guard let count = line.range(of: #" tests="[0-9]+""#, options: .regularExpression) else { return String(line) }
            return line.replacingCharacters(in: count, with: #" tests="all""#)
        }.joined(separator: "\n")
    }
}
