import Diagnostics
import Foundation
package import Project
import YAML

/// The project in the current directory: policy files named on the command line, read and loaded through
/// `Project`.
package struct Workspace {
    package var context: CommandContext
    var limits = YAMLLimits.standard

    package init(context: CommandContext) {
        self.context = context
    }

    /// The files of the current directory.
    var files: DiskFiles { DiskFiles(folder: context.currentDirectory) }

    /// The policy files named by `paths` (files, or folders searched for `*.yaml`), default `Policies/`.
    package func policyFiles(_ paths: [String]) throws(CommandError) -> [String] {
        var policies: [String] = []
        for path in paths.isEmpty ? [ProjectLayout.policiesFolder] : paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute(path), isDirectory: &isDirectory) else {
                throw .badArgument("cannot read '\(path)': no such file or directory")
            }
            if isDirectory.boolValue {
                policies += ProjectLayout.yamlFiles(in: path, of: files)
            } else {
                policies.append(path)
            }
        }
        return policies
    }

    /// The policy file of `app` under `Policies/`; an unknown app names the known ones.
    func policyFile(app: String) throws(CommandError) -> String {
        let path = ProjectLayout.policyPath(app: app)
        guard !FileManager.default.fileExists(atPath: absolute(path)) else { return path }
        let known = ProjectLayout.policyFiles(of: files).map(ProjectLayout.stem)
        throw .badArgument("no policy for app '\(app)' at \(path)",
                       help: known.isEmpty ? "there are no policies in Policies/"
                           : Suggestion.help(for: app, among: known, listing: "the apps are"))
    }

    /// Loads a policy file and the templates beside it (`<policies>/../Templates/<app>/*.yaml`); a file that
    /// cannot be read stops the command.
    package func load(_ file: String) throws(CommandError) -> LoadedApp {
        try load([file])[0]
    }

    /// Loads policy files and their templates, all files at once on every core (see `Project.load`).
    package func load(_ policies: [String]) throws(CommandError) -> [LoadedApp] {
        do {
            return try Project.load(policies: policies, from: files, limits: limits)
        } catch {
            throw CommandError(error)
        }
    }

    /// Reads a policy file and the templates beside it, for `Project.load(_:limits:)`.
    func read(policy file: String) throws(CommandError) -> ReadApp {
        do {
            return try Project.read(policy: file, from: files, limits: limits)
        } catch {
            throw CommandError(error)
        }
    }

    /// The template files of a policy, sorted.
    package func templateFiles(of policyFile: String) -> [String] {
        ProjectLayout.templateFiles(ofPolicy: policyFile, of: files)
    }

    /// The bytes of the regular file `file`; a missing, unreadable or special file (a folder, a FIFO that would
    /// block) stops the command with exit 2.
    func contents(of file: String) throws(CommandError) -> [UInt8] {
        do {
            return try files.contents(of: file)
        } catch {
            throw CommandError(error)
        }
    }

    /// The size of the regular file `file` (following symbolic links); anything else stops the command with exit 2.
    func size(of file: String) throws(CommandError) -> Int {
        do {
            return try files.size(of: file)
        } catch {
            throw CommandError(error)
        }
    }

    package func absolute(_ path: String) -> String {
        files.absolute(path)
    }

    /// A file's name without folder and extension: the app id or locale it stands for.
    package static func stem(_ path: String) -> String {
        ProjectLayout.stem(path)
    }
}
