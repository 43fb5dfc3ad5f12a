import Diagnostics
import Testing

@Suite("Markdown report")
struct MarkdownFormatTests {
    @Test func saysNoFindingsForACleanApp() {
        let app = AppReport(
            app: "clean", file: "Policies/clean.yaml", diagnostics: [],
            checklist: [ChecklistEntry(item: "Restore", rule: "review-restore", status: .pass, evidence: "yes")])
        let output = MarkdownFormat().render(ValidationReport(apps: [app], rules: [], toolVersion: "1"))
        #expect(output == """
            ### clean — App Store review checklist

            no findings

            | Item | Status | Evidence |
            | --- | --- | --- |
            | Restore | ✅ pass | yes |

            """)
    }

    @Test func keepsEveryTableRowToThreeCells() {
        let output = MarkdownFormat().render(ReportFixture.report)
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.count == 2 * (2 + 4))
        for row in rows {
            let unescapedPipes = zip(" " + row, row).count { previous, character in
                character == "|" && previous != "\\"
            }
            #expect(unescapedPipes == 4, "\(row)")
        }
    }

    @Test func countsFindingsBySeverity() {
        let output = MarkdownFormat().render(ReportFixture.report)
        #expect(output.contains("\n2 errors, 1 warning, 1 note\n"))
        #expect(output.contains("\n1 error, 0 warnings\n"))
        #expect(output.contains("<details><summary>Findings (4)</summary>"))
    }
}
