import Foundation
import TestSupport
import Testing
import TollgateCLI

/// The README and `docs/` stand on their own: the README is short, the rules page is the tool's own output,
/// the quick start is two commands, nothing cites a document outside the repository, and every relative link
/// resolves.
@Suite struct DocumentationTests {
    static let root = Fixtures.repositoryRoot()

    /// `README.md` and every Markdown file under `docs/`, relative to the repository root.
    static let documents: [String] = {
        var paths = ["README.md"]
        let docs = root.appendingPathComponent("docs")
        let walker = FileManager.default.enumerator(atPath: docs.path)
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".md") { paths.append("docs/" + path) }
        }
        return paths.sorted()
    }()

    /// Names of design documents that live outside the repository, spelled so this file does not cite them.
    static let outsideReferences = ["SPEC", "ARCHITECTURE", "STANDARDS"].map { $0 + ".md" }
        + ["../" + "shared", "SPEC" + " section"]

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test func rulesPageEqualsExplainAll() throws {
        let page = try Self.text("docs/rules.md")
        let result = Tollgate.run(["explain", "--all", "--format", "markdown"],
                                  context: CommandContext(currentDirectory: Self.root.path))
        #expect(result.exitCode == 0)
        guard page != result.stdout else { return }
        let (old, new) = (page.split(separator: "\n"), result.stdout.split(separator: "\n"))
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        Issue.record("""
            docs/rules.md differs from 'tollgate explain --all --format markdown' at line \(line + 1); regenerate it \
            with 'make docs' (swift build --product tollgate && .build/debug/tollgate explain --all --format markdown \
            > docs/rules.md)
            """)
    }

    @Test func quickStartIsExactlyTwoCommands() throws {
        let readme = try Self.text("README.md")
        let start = try #require(readme.range(of: "<!-- quickstart:begin -->\n"))
        let end = try #require(readme.range(of: "<!-- quickstart:end -->", range: start.upperBound..<readme.endIndex))
        let commands = readme[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { !$0.hasPrefix("```") && !$0.isEmpty }
        #expect(commands == ["make run", "make test"])
    }

    /// The README is what a newcomer needs; the rest is in `docs/`.
    @Test func readmeIsShort() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines; move details into docs/")
    }

    @Test func documentsAreFound() {
        #expect(Self.documents.contains("docs/README.md"))
        #expect(Self.documents.contains("docs/rules.md"))
        #expect(Self.documents.count > 5)
    }

    @Test(arguments: documents)
    func citesNothingOutsideTheRepository(document: String) throws {
        let lines = try Self.text(document).split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            for name in Self.outsideReferences where line.contains(name) {
                Issue.record("\(document):\(number + 1): mentions '\(name)', which is not in the repository")
            }
        }
    }

    @Test func helpCitesNothingOutsideTheRepository() {
        let context = CommandContext(currentDirectory: Self.root.path)
        let general = Tollgate.run(["--help"], context: context).stdout
        let commands = general.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), let name = line.split(separator: " ").first else { return nil }
            return String(name)
        }
        #expect(commands.contains("validate"))
        #expect(Self.docsPages(in: "see docs/evaluation.md, or docs/http.md.") == ["docs/evaluation.md", "docs/http.md"])
        for output in [general] + commands.map({ Tollgate.run([$0, "--help"], context: context).stdout }) {
            for name in Self.outsideReferences where output.contains(name) {
                Issue.record("help mentions '\(name)':\n\(output)")
            }
            for page in Self.docsPages(in: output)
            where !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(page).path) {
                Issue.record("help points at \(page), which does not exist:\n\(output)")
            }
        }
    }

    /// The `docs/<name>.md` paths a text names.
    static func docsPages(in text: String) -> [String] {
        var pages: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "docs/") {
            let name = rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            let end = rest.index(start.upperBound, offsetBy: name.count)
            if rest[end...].hasPrefix(".md") { pages.append("docs/\(name).md") }
            rest = rest[end...]
        }
        return pages
    }

    @Test(arguments: documents)
    func relativeLinksResolve(document: String) throws {
        let folder = Self.root.appendingPathComponent(document).deletingLastPathComponent()
        for link in Self.links(in: try Self.text(document)) where !link.contains("://") && !link.hasPrefix("mailto:") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target = parts[0].isEmpty ? Self.root.appendingPathComponent(document) : folder.appendingPathComponent(parts[0])
            guard FileManager.default.fileExists(atPath: target.path) else {
                Issue.record("\(document): the link '\(link)' points at \(target.standardized.path), which does not exist")
                continue
            }
            if parts.count == 2, target.pathExtension == "md" {
                let anchors = Self.anchors(in: try String(contentsOf: target, encoding: .utf8))
                #expect(anchors.contains(parts[1]),
                        "\(document): the link '\(link)' names no heading of \(target.lastPathComponent)")
            }
        }
    }

    /// The targets of inline Markdown links, `[text](target)`, outside fenced code blocks.
    static func links(in markdown: String) -> [String] {
        var links: [String] = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            if fenced { continue }
            var rest = line[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                links.append(String(after[..<close]))
                rest = after[after.index(after: close)...]
            }
        }
        return links
    }

    /// The anchors GitHub gives a document's headings: lowercased, punctuation dropped, spaces as hyphens.
    static func anchors(in markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var fenced = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }
}
