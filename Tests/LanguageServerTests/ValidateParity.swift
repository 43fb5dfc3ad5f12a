import Diagnostics
import Foundation
import JSON
import LanguageServer
import TestSupport
import TollgateEvaluation

/// What `tollgate validate --format json` (the executable built with the tests) finds in a folder, as the diagnostics the server must publish.
enum ValidateParity {
    /// validate's findings in `folder` as LSP diagnostics by URI, each the way the server writes it (range from
    /// the file's text, severity, code, source, message and help); related places are compared by start.
    static func expected(in folder: String) throws -> [String: [JSONValue]] {
        let result = try BuiltTollgate.run(["validate", "--format", "json"], in: folder)
        let report = try JSONValue(reading: Array(result.stdout.utf8))
        var expected: [String: [JSONValue]] = [:]
        for finding in report[member: "diagnostics"]?.elements ?? [] {
            let file = finding[member: "file"]?.string ?? ""
            let lines = LineIndex((try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)) ?? "")
            let position = { (line: String, column: String) in
                LSPDiagnostic.position(lines.lspPosition(.init(line: finding[member: line]?.integer ?? 0,
                                                                column: finding[member: column]?.integer ?? 0)))
            }
            let severity: Int = switch finding[member: "severity"]?.string {
            case "error": 1
            case "warning": 2
            default: 3
            }
            let message = (finding[member: "message"]?.string ?? "")
                + (finding[member: "help"]?.string.map { "\n\($0)" } ?? "")
            var diagnostic: [String: JSONValue] = [
                "range": .object(["start": position("line", "column"), "end": position("end_line", "end_column")]),
                "severity": .number(Double(severity)), "code": finding[member: "rule"] ?? .null,
                "source": .string("tollgate"), "message": .string(message),
            ]
            let related = (finding[member: "related"]?.elements ?? []).map { related -> JSONValue in
                let relatedFile = related[member: "file"]?.string ?? ""
                let relatedLines = LineIndex((try? String(contentsOfFile: "\(folder)/\(relatedFile)", encoding: .utf8)) ?? "")
                let start = relatedLines.lspPosition(.init(line: related[member: "line"]?.integer ?? 0,
                                                           column: related[member: "column"]?.integer ?? 0))
                return .object(["uri": .string(DocumentURI.uri(ofPath: "\(folder)/\(relatedFile)")),
                                "start": LSPDiagnostic.position(start), "message": related[member: "message"] ?? .null])
            }
            if !related.isEmpty { diagnostic["relatedInformation"] = .array(related) }
            expected[DocumentURI.uri(ofPath: "\(folder)/\(file)"), default: []].append(.object(diagnostic))
        }
        return expected
    }

    /// Published diagnostics in the shape of `expected(in:)`: related places by URI and start; files without
    /// findings left out.
    static func comparable(_ published: [String: [JSONValue]]) -> [String: [JSONValue]] {
        published.filter { !$0.value.isEmpty }.mapValues { diagnostics in
            diagnostics.map { diagnostic in
                guard case .object(var members) = diagnostic else { return diagnostic }
                if let related = members["relatedInformation"]?.elements {
                    members["relatedInformation"] = .array(related.map { information in
                        .object(["uri": information[member: "location"]?[member: "uri"] ?? .null,
                                 "start": information[member: "location"]?[member: "range"]?[member: "start"] ?? .null,
                                 "message": information[member: "message"] ?? .null])
                    })
                }
                return .object(members)
            }
        }
    }

    /// The policy files of a folder, as validate finds them.
    static func policies(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/Policies")) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { "Policies/\($0)" }
    }
}
