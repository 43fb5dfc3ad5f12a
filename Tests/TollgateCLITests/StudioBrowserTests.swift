import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate studio`'s page in headless Chromium, driven through Selenium by `scripts/studio-browser-check.py`
/// against the built executable on a copy of the examples with a SQLite store: the app list, findings at
/// `validate`'s lines, save and conflicts, previews with a storefront's prices, the simulator against `resolve`,
/// changes and publish, experiment results with their charts, and a phone-wide window. Screenshots of the main views go to `.build/studio-browser/`, or
/// to `docs/images/` with `UPDATE_GOLDEN=1`.
@Suite(.serialized, .tags(.chromium, .python)) struct StudioBrowserTests {
    static let chromedriver = "/usr/bin/chromedriver"
    /// The views the script photographs, as `docs/images/studio-<view>.png`.
    static let views = ["apps", "editor", "previews", "simulator", "changes", "results"]
    /// The scenarios the script reports, in order.
    static let scenarios = ["app-list", "finding", "save", "conflict", "previews", "simulator", "changes-and-publish",
                            "results", "narrow"]

    @Test func theStudioInChromium() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.chromedriver),
                     "chromedriver is missing at \(Self.chromedriver); run scripts/install-deps.sh --test")
        let root = Fixtures.repositoryRoot()
        let python = try await PythonPeers.python(root: root)
        let project = try StoreProject("studio-browser")
        defer { project.remove() }
        try FileManager.default.copyItem(at: root.appendingPathComponent("Prices"),
                                         to: project.folder.appendingPathComponent("Prices"))
        let original = try project.read("Policies/photocollage.yaml")
        let screenshots = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
            ? root.appendingPathComponent("docs/images") : root.appendingPathComponent(".build/studio-browser")
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)

        // The store as the project names it, so that the page shows a short name.
        let studio = try await StudioProcess(in: project.folder, store: StoreProject.store)
        let run = try await TestSupport.ChildProcess.run(
            python, [root.appendingPathComponent("scripts/studio-browser-check.py").path, "--url", studio.url,
                     "--project", project.path, "--tollgate", BuiltTollgate.executable.path,
                     "--store", StoreProject.store, "--screenshots", screenshots.path],
            timeout: .seconds(300))
        let status = await studio.stop()
        try #require(!run.timedOut && (run.status == 0 || run.status == 1), """
            studio-browser-check.py \(run.timedOut ? "was killed after 300 s" : "exited with \(run.status)"):
            \(run.stderr.suffix(4000))
            """)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
                                  "studio-browser-check.py printed \(run.stdout.prefix(2000))")
        let results = try #require(report["scenarios"] as? [[String: Any]])
        #expect(results.compactMap { $0["name"] as? String } == Self.scenarios)
        for result in results {
            #expect(result["ok"] as? Bool == true, "\(result["name"] ?? "?"): \(result["detail"] ?? "")")
        }
        let finding = try #require(results.first { $0["name"] as? String == "finding" })
        #expect(finding["line"] as? Int != nil && finding["line"] as? Int == finding["validate_line"] as? Int,
                "the page's line of the finding is validate's: \(finding)")

        #expect(try project.read("Policies/photocollage.yaml") == original, "the page left the policy as it found it")
        let history = Tollgate.run(["history", "--app", "photocollage", "--store", project.storePath],
                                   context: CommandContext(currentDirectory: project.path))
        #expect(history.stdout.contains("Ann Example") && history.stdout.contains("From the studio's browser test"),
                "\(history.stdout)")
        #expect(!history.stdout.contains("with a mistake"), "the refused publish is not recorded")

        for view in Self.views {
            let path = screenshots.appendingPathComponent("studio-\(view).png").path
            let png = try #require(FileManager.default.contents(atPath: path), "no screenshot at \(path)")
            let size = try #require(DOMSerialization.pngSize(png), "\(path) is not a PNG")
            #expect(size.width == 1280 && size.height == 800, "\(path) is \(size.width)×\(size.height)")
        }
        #expect(status == 0, "tollgate studio after SIGTERM")
    }
}
