import Diagnostics
import Foundation
import Testing

@Suite("JSON report")
struct JSONFormatTests {
    static func decode() throws -> [String: Any] {
        let data = Data(JSONFormat().render(ReportFixture.report).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func hasTheDocumentedKeys() throws {
        let root = try Self.decode()
        #expect(Set(root.keys) == ["version", "summary", "apps", "diagnostics"])
        #expect(root["version"] as? Int == 1)
        #expect(root["summary"] as? [String: Int] == ["errors": 3, "warnings": 1, "notes": 1, "apps": 2])

        let apps = try #require(root["apps"] as? [[String: Any]])
        #expect(apps.allSatisfy { Set($0.keys) == ["app", "file", "errors", "warnings", "checklist"] })
        #expect(apps.compactMap { $0["app"] as? String } == ["photocollage", "weatherly"])
        #expect(apps.compactMap { $0["errors"] as? Int } == [2, 1])
        let checklist = try #require(apps.first?["checklist"] as? [[String: String]])
        #expect(checklist.allSatisfy { Set($0.keys) == ["item", "rule", "status", "evidence"] })
        #expect(checklist.compactMap { $0["status"] } == ["pass", "fail", "waived", "manual"])
    }

    @Test func listsFindingsInSourceOrderWithHelpOnlyWhenThereIsSome() throws {
        let diagnostics = try #require(Self.decode()["diagnostics"] as? [[String: Any]])
        let expected = ReportFixture.report.diagnostics
        #expect(diagnostics.count == expected.count)
        for (object, diagnostic) in zip(diagnostics, expected) {
            var keys: Set = [
                "file", "line", "column", "end_line", "end_column", "severity", "rule", "message", "related",
            ]
            if diagnostic.help != nil {
                keys.insert("help")
            }
            #expect(Set(object.keys) == keys)
            #expect(object["file"] as? String == diagnostic.span.file)
            #expect(object["line"] as? Int == diagnostic.span.start.line)
            #expect(object["end_column"] as? Int == diagnostic.span.end.column)
            #expect(object["message"] as? String == diagnostic.message)
            #expect(object["help"] as? String == diagnostic.help)
        }
        let related = diagnostics.compactMap { $0["related"] as? [[String: Any]] }.flatMap { $0 }
        #expect(related.count == 1)
        #expect(related.first.map { Set($0.keys) } == ["file", "line", "column", "message"])
        #expect(related.first?["line"] as? Int == 11)
    }
}
