import Foundation
import TestSupport
import Testing
import TollgateCLI

/// A file that cannot be read is exit 2 with "cannot read", whether it is named or found by scanning a folder.
@Suite struct UnreadableFileTests {
    /// Something in the way of reading a `.yaml` file: each kind is unreadable even to root.
    enum Obstacle: String, CaseIterable, Sendable {
        case danglingLink = "dangling symbolic link"
        case directory
        case fifo = "FIFO"

        /// Puts the obstacle at `path`.
        func make(at path: String) throws {
            switch self {
            case .danglingLink:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "nowhere.yaml")
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .fifo: try #require(mkfifo(path, 0o644) == 0, "mkfifo \(path)")
            }
        }

        /// Why the file cannot be read.
        var reason: String {
            switch self {
            case .danglingLink: "no such file or directory"
            case .directory: "is a directory"
            case .fifo: "not a regular file"
            }
        }
    }

    static func run(_ arguments: [String], in project: StoreProject) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: project.path))
    }

    static func expected(_ file: String, _ reason: String, command: String = "validate") -> String {
        "error: cannot read '\(file)': \(reason)\nsee 'tollgate \(command) --help'\n"
    }

    @Test(arguments: Obstacle.allCases)
    func aPolicyFoundByScanningAFolder(obstacle: Obstacle) throws {
        let project = try StoreProject("unreadable-scanned")
        defer { project.remove() }
        try obstacle.make(at: project.folder.appendingPathComponent("Policies/broken.yaml").path)
        let result = Self.run(["validate"], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr == Self.expected("Policies/broken.yaml", obstacle.reason))
    }

    @Test(arguments: [Obstacle.danglingLink, .fifo])
    func aPolicyNamedDirectly(obstacle: Obstacle) throws {
        let project = try StoreProject("unreadable-named")
        defer { project.remove() }
        try obstacle.make(at: project.folder.appendingPathComponent("Policies/broken.yaml").path)
        let result = Self.run(["validate", "Policies/broken.yaml"], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr == Self.expected("Policies/broken.yaml", obstacle.reason))
    }

    @Test(arguments: Obstacle.allCases)
    func aTemplateFile(obstacle: Obstacle) throws {
        let project = try StoreProject("unreadable-template")
        defer { project.remove() }
        try obstacle.make(at: project.folder.appendingPathComponent("Templates/photocollage/zz.yaml").path)
        let result = Self.run(["validate", "Policies/photocollage.yaml"], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr == Self.expected("Templates/photocollage/zz.yaml", obstacle.reason))
    }

    /// Publishing reads the same files and stops the same way.
    @Test(arguments: Obstacle.allCases)
    func aTemplateFileWhenPublishing(obstacle: Obstacle) throws {
        let project = try StoreProject("unreadable-publish")
        defer { project.remove() }
        try obstacle.make(at: project.folder.appendingPathComponent("Templates/photocollage/zz.yaml").path)
        let result = Self.run(["publish", "--app", "photocollage", "--author", "ann", "--db", StoreProject.store],
                              in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr == Self.expected("Templates/photocollage/zz.yaml", obstacle.reason, command: "publish"))
    }

    /// Root reads a file of mode 000, so this case only runs as another user.
    @Test(.enabled(if: getuid() != 0, "root can read a file of mode 000"))
    func aFileWithoutReadPermission() throws {
        let project = try StoreProject("unreadable-mode")
        defer { project.remove() }
        let path = project.folder.appendingPathComponent("Policies/photocollage.yaml").path
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        let result = Self.run(["validate"], in: project)
        #expect(result.exitCode == 2)
        #expect(result.stderr == Self.expected("Policies/photocollage.yaml", "permission denied"))
    }
}
