import Foundation
import PolicyModel
import Project
import Testing

/// Each `ProjectFiles`: what a folder holds, sizes, contents, and the errors of a file that cannot be read.
@Suite struct ProjectFilesTests {
    @Test func diskFilesReadRelativeToTheirFolderAndAbsolutePathsAsTheyAre() throws {
        let folder = try ProjectFolder(["Policies/demo.yaml": Array("app: demo\n".utf8), "Policies/notes.txt": []])
        let disk = DiskFiles(folder: folder.path)
        #expect(Set(disk.names(in: "Policies")) == ["demo.yaml", "notes.txt"])
        #expect(disk.names(in: "Templates").isEmpty)
        #expect(try disk.size(of: "Policies/demo.yaml") == 10)
        #expect(try disk.contents(of: "Policies/demo.yaml") == Array("app: demo\n".utf8))
        #expect(try disk.contents(of: folder.path + "/Policies/demo.yaml") == Array("app: demo\n".utf8))
    }

    @Test func aMissingFileOrAFolderCannotBeReadInTheSystemsWords() throws {
        let folder = try ProjectFolder(["Policies/demo.yaml": []])
        let disk = DiskFiles(folder: folder.path)
        #expect(throws: ProjectFileError(path: "Policies/gone.yaml", reason: "no such file or directory")) {
            try disk.contents(of: "Policies/gone.yaml")
        }
        #expect(throws: ProjectFileError(path: "Policies", reason: "is a directory")) { try disk.size(of: "Policies") }
        #expect(ProjectFileError(path: "Policies", reason: "is a directory").description
            == "cannot read 'Policies': is a directory")
    }

    @Test func aFIFOIsNotARegularFileAndIsNotOpened() throws {
        let folder = try ProjectFolder(["Policies/demo.yaml": []])
        #expect(mkfifo(folder.path + "/Policies/pipe.yaml", 0o600) == 0)
        #expect(throws: ProjectFileError(path: "Policies/pipe.yaml", reason: "not a regular file")) {
            try DiskFiles(folder: folder.path).contents(of: "Policies/pipe.yaml")
        }
    }

    @Test func openDocumentsTakePrecedenceOverTheDisk() throws {
        let folder = try ProjectFolder(["Policies/demo.yaml": Array("on disk\n".utf8),
                                        "Templates/demo/en.yaml": Array("en\n".utf8)])
        let files = EditorFiles(disk: DiskFiles(folder: folder.path),
                                open: ["Policies/demo.yaml": "unsaved", "Templates/demo/de.yaml": "de",
                                       "Templates/demo/nested/fr.yaml": "fr"])
        #expect(try files.contents(of: "Policies/demo.yaml") == Array("unsaved".utf8))
        #expect(try files.size(of: "Policies/demo.yaml") == 7)
        #expect(try files.contents(of: "Templates/demo/en.yaml") == Array("en\n".utf8))
        #expect(files.names(in: "Templates/demo").sorted() == ["de.yaml", "en.yaml"])
        #expect(files.names(in: "Policies") == ["demo.yaml"])
    }

    @Test func aMapHoldsTheFilesDirectlyInAFolderByName() throws {
        let files = MappedFiles(["Policies/demo.yaml": [1], "Templates/demo/en.yaml": [2, 3],
                                 "Templates/demo/old/de.yaml": [4], "Templates/other/en.yaml": [5]])
        #expect(files.names(in: "Templates/demo") == ["en.yaml"])
        #expect(files.names(in: "Policies") == ["demo.yaml"])
        #expect(try files.size(of: "Templates/demo/en.yaml") == 2)
        #expect(try files.contents(of: "Templates/demo/en.yaml") == [2, 3])
        #expect(throws: ProjectFileError(path: "Policies/gone.yaml", reason: "no such file or directory")) {
            try files.contents(of: "Policies/gone.yaml")
        }
    }

    @Test func theFilesSentToTheAdminAPILoadAsAMap() throws {
        let files = try ProjectFolder.photocollage()
        let read = Project.readSkippingUnreadable(
            app: "photocollage", policy: "Policies/photocollage.yaml",
            templates: ["Templates/photocollage/en.yaml", "Templates/photocollage/ko.yaml"],
            templateFolder: "Templates/photocollage", from: MappedFiles(files))
        let app = try #require(read)
        let loaded = try #require(Project.load([app]).first)
        #expect(loaded.diagnostics.isEmpty)
        let sources = try #require(loaded.sources)
        #expect(sources.templates.count == 2)
        #expect(loaded.contents.keys.sorted() == ["Policies/photocollage.yaml", "Templates/photocollage/en.yaml",
                                                  "Templates/photocollage/ko.yaml"])
    }
}
