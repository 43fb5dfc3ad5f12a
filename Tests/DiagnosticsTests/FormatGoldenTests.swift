import Diagnostics
import TestSupport
import Testing

/// A report format under a name, the name of its golden file.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    var name: String
    var render: @Sendable (ValidationReport) -> String

    var testDescription: String { name }
}

@Suite("Every format against its golden file")
struct FormatGoldenTests {
    static let cases = [
        GoldenCase(name: "text") { TextFormat().render($0.diagnostics) },
        GoldenCase(name: "text-excerpt") { TextFormat(sources: ReportFixture.sources).render($0.diagnostics) },
        GoldenCase(name: "json") { JSONFormat().render($0) },
        GoldenCase(name: "sarif") { SARIFFormat().render($0) },
        GoldenCase(name: "github") { GitHubFormat().render($0) },
        GoldenCase(name: "junit") { JUnitFormat().render($0) },
        GoldenCase(name: "junit-strict") { JUnitFormat().render($0, strict: true) },
        GoldenCase(name: "markdown") { MarkdownFormat().render($0) },
    ]

    @Test(arguments: cases)
    func matchesGolden(_ format: GoldenCase) {
        let path = Fixtures.path("reports/\(format.name).golden")
        expectGolden(format.render(ReportFixture.report), at: path)
    }
}
