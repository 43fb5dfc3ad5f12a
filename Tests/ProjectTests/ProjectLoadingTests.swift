import Diagnostics
import Foundation
import PolicyModel
import PolicyValidation
import Project
import Testing
import YAML

/// Reading within the size limit, and the same findings whichever `ProjectFiles` the files come from.
@Suite struct ProjectLoadingTests {
    static let small = YAMLLimits(maxFileSize: 64)
    static let policy = "Policies/photocollage.yaml"

    @Test func aPolicyOverTheLimitIsAFindingAndNothingIsRead() throws {
        let files = MappedFiles(try ProjectFolder.photocollage())
        let size = try files.size(of: Self.policy)
        let loaded = try Project.load(policies: [Self.policy], from: files, limits: Self.small)[0]
        #expect(loaded.sources == nil)
        #expect(loaded.contents.isEmpty)
        #expect(loaded.diagnostics.map(\.message) == ["file is \(size) bytes; the limit is 64 bytes"])
        #expect(loaded.diagnostics.map(\.rule) == ["yaml-limit"])
        #expect(loaded.diagnostics.first?.span == .wholeFile(Self.policy))
    }

    @Test func aTemplateOverTheLimitIsAFindingAndItsLocaleDidNotLoad() throws {
        let big = String(repeating: "# padding\n", count: 1 << 20)
        let files = MappedFiles(try ProjectFolder.photocollage(["Templates/photocollage/ja.yaml": big]))
        let loaded = try Project.load(policies: [Self.policy], from: files)[0]
        let sources = try #require(loaded.sources)
        let finding = try #require(loaded.diagnostics.first { $0.span == .wholeFile("Templates/photocollage/ja.yaml") })
        #expect(finding.message == "file is \(big.utf8.count) bytes; the limit is \(8 << 20) bytes")
        #expect(sources.unreadableLocales == ["ja"])
        #expect(loaded.contents["Templates/photocollage/ja.yaml"] == nil)
    }

    @Test func aFileThatCannotBeReadStopsLoadingUnlessSkipped() throws {
        var files = try ProjectFolder.photocollage()
        let folder = try ProjectFolder(files)
        try FileManager.default.removeItem(atPath: folder.path + "/Templates/photocollage/ko.yaml")
        try FileManager.default.createDirectory(atPath: folder.path + "/Templates/photocollage/ko.yaml",
                                                withIntermediateDirectories: false)
        let disk = DiskFiles(folder: folder.path)
        #expect(throws: ProjectFileError(path: "Templates/photocollage/ko.yaml", reason: "is a directory")) {
            try Project.load(policies: [Self.policy], from: disk)
        }
        let skipped = try #require(Project.readSkippingUnreadable(policy: Self.policy, from: disk))
        let sources = try #require(Project.load([skipped])[0].sources)
        #expect(sources.unreadableLocales == ["ko"])
        #expect(Project.readSkippingUnreadable(policy: "Policies/gone.yaml", from: disk) == nil)
        files["Policies/photocollage.yaml"] = nil
        #expect(Project.loadSnapshot(app: "photocollage", files: files).diagnostics.isEmpty)
        #expect(Project.loadSnapshot(app: "photocollage", files: files).sources == nil)
    }

    /// photocollage with a template that does not parse and a policy whose finding the validator gives.
    static func edited() throws -> [String: [UInt8]] {
        var files = try ProjectFolder.photocollage(["Templates/photocollage/ja.yaml": "messages: [unclosed\n"])
        files["Templates/photocollage/de.yml"] = files["Templates/photocollage/en.yaml"]
        files["Templates/photocollage/notes.txt"] = Array("not a template".utf8)
        return files
    }

    @Test func theSameFilesGiveTheSameFindingsThroughEveryProjectFiles() throws {
        let files = try Self.edited()
        let folder = try ProjectFolder(files)
        let disk = DiskFiles(folder: folder.path)
        let unsaved = files.filter { $0.key.hasPrefix("Templates/") }
            .mapValues { String(decoding: $0, as: UTF8.self) }
        let emptied = try ProjectFolder(files.mapValues { _ in [UInt8]() })
        let sources: [String: any ProjectFiles] = [
            "disk": disk,
            "editor over the same disk": EditorFiles(disk: disk, open: [:]),
            "editor with unsaved text over empty files": EditorFiles(disk: DiskFiles(folder: emptied.path),
                                                                     open: unsaved.merging([
                                                                         Self.policy: String(decoding: files[Self.policy] ?? [], as: UTF8.self),
                                                                     ]) { first, _ in first }),
            "map": MappedFiles(files),
        ]
        let expected = try Self.findings(Project.loadApps(from: disk))
        #expect(expected.contains { $0.contains("Templates/photocollage/ja.yaml") })
        for (name, files) in sources {
            #expect(try Self.findings(Project.loadApps(from: files)) == expected, "\(name)")
        }
        #expect(Self.findings([Project.loadSnapshot(app: "photocollage", files: files)]) == expected)
    }

    static func findings(_ apps: [LoadedApp]) -> [String] {
        apps.flatMap { Project.validate($0, validator: .withICU).diagnostics }
            .map { "\($0.span.file):\($0.span.start.line):\($0.span.start.column): \($0.severity) \($0.rule) \($0.message)" }
    }
}
