package import Diagnostics
import Foundation
import PolicyLoader
package import PolicyModel
import YAML

/// One policy file as loaded from disk: its sources if they could be built, and the loader's findings.
package struct LoadedApp {
    package var app: String
    package var file: String
    package var sources: AppSources?
    package var diagnostics: [Diagnostic]
    /// The text of every file read, for excerpts under diagnostics on a terminal.
    package var files: [String: SourceFile]
}

/// Finds policy files and their templates on disk and loads them; the only code that reads them.
package struct Workspace {
    package var context: CommandContext
    var limits = YAMLLimits.standard

    package init(context: CommandContext) {
        self.context = context
    }

    private var fileManager: FileManager { .default }

    /// The policy files named by `paths` (files, or folders searched for `*.yaml`), default `Policies/`.
    package func policyFiles(_ paths: [String]) throws(CommandError) -> [String] {
        var files: [String] = []
        for path in paths.isEmpty ? ["Policies"] : paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: absolute(path), isDirectory: &isDirectory) else {
                throw .badArgument("cannot read '\(path)': no such file or directory")
            }
            if isDirectory.boolValue {
                files += yamlFiles(in: path)
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// The policy file of `app` under `Policies/`; an unknown app names the known ones.
    func policyFile(app: String) throws(CommandError) -> String {
        let path = "Policies/\(app).yaml"
        guard !fileManager.fileExists(atPath: absolute(path)) else { return path }
        let known = yamlFiles(in: "Policies").map(Self.stem)
        throw .badArgument("no policy for app '\(app)' at \(path)",
                       help: known.isEmpty ? "there are no policies in Policies/"
                           : Suggestion.help(for: app, among: known, listing: "the apps are"))
    }

    /// Loads a policy file and the templates beside it (`<policies>/../Templates/<app>/*.yaml`); a file that
    /// cannot be read stops the command.
    package func load(_ file: String) throws(CommandError) -> LoadedApp {
        try load([file])[0]
    }

    /// Loads policy files and their templates, all files at once on every core (see `AppLoader.load`).
    package func load(_ files: [String]) throws(CommandError) -> [LoadedApp] {
        var read: [(app: LoadedApp, input: AppLoader.Input?)] = []
        for file in files { read.append(try self.read(policy: file)) }
        return load(read)
    }

    /// Reads a policy file and the templates beside it, for `load(_:)`; no input when the policy is refused.
    func read(policy file: String) throws(CommandError) -> (app: LoadedApp, input: AppLoader.Input?) {
        var loaded = LoadedApp(app: Self.stem(file), file: file, sources: nil, diagnostics: [], files: [:])
        guard let bytes = try read(file, into: &loaded) else { return (loaded, nil) }
        var templates: [AppLoader.TemplateFile] = []
        for templateFile in templateFiles(of: file) {
            templates.append(AppLoader.TemplateFile(path: templateFile, bytes: try read(templateFile, into: &loaded)))
        }
        return (loaded, AppLoader.Input(policy: bytes, file: file, templates: templates,
                                        templateDirectory: templateDirectory(of: file)))
    }

    /// Loads apps whose files are already read, each with what reading them found; an app without input
    /// (its policy file was refused) keeps only those findings.
    func load(_ read: [(app: LoadedApp, input: AppLoader.Input?)]) -> [LoadedApp] {
        var loaded = AppLoader.load(read.compactMap(\.input), limits: limits).makeIterator()
        return read.map { app, input in
            guard input != nil, let result = loaded.next() else { return app }
            var app = app
            app.diagnostics += result.diagnostics
            app.sources = result.value
            return app
        }
    }

    /// The folder of a policy's templates: `<policies>/../Templates/<app>`.
    func templateDirectory(of policyFile: String) -> String {
        let policiesFolder = (policyFile as NSString).deletingLastPathComponent
        return ((policiesFolder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("Templates/\(Self.stem(policyFile))")
    }

    /// The template files of a policy, sorted.
    package func templateFiles(of policyFile: String) -> [String] {
        yamlFiles(in: templateDirectory(of: policyFile))
    }

    /// The file's bytes, or nil with a diagnostic when it is too large.
    private func read(_ file: String, into loaded: inout LoadedApp) throws(CommandError) -> [UInt8]? {
        let size = try size(of: file)
        guard admits(file, size: size, into: &loaded) else { return nil }
        let bytes = try contents(of: file)
        keep(file, bytes, in: &loaded)
        return bytes
    }

    /// Whether a file of `size` bytes is within the limit; if not, a diagnostic says so.
    func admits(_ file: String, size: Int, into loaded: inout LoadedApp) -> Bool {
        guard let finding = limits.oversize(file, size: size) else { return true }
        loaded.diagnostics.append(finding)
        return false
    }

    /// Keeps the text of a file read, for excerpts, when diagnostics go to a terminal.
    func keep(_ file: String, _ bytes: [UInt8], in loaded: inout LoadedApp) {
        if context.stderrIsTerminal {
            loaded.files[file] = SourceFile(path: file, text: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The size of a regular file (following symbolic links); anything else cannot be read.
    func size(of file: String) throws(CommandError) -> Int {
        var status = stat()
        guard stat(absolute(file), &status) == 0 else { throw Self.cannotRead(file, errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Int(status.st_size)
        case S_IFDIR: throw Self.cannotRead(file, errno: EISDIR)
        default: throw .badArgument("cannot read '\(file)': not a regular file")
        }
    }

    /// The bytes of the regular file `file`; a missing, unreadable or special file (a folder, a FIFO that would
    /// block) stops the command with exit 2.
    func contents(of file: String) throws(CommandError) -> [UInt8] {
        _ = try size(of: file)
        let descriptor = open(absolute(file), O_RDONLY)
        guard descriptor >= 0 else { throw Self.cannotRead(file, errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw .badArgument("cannot read '\(file)': \(Self.reason(error))")
        }
    }

    private static func cannotRead(_ file: String, errno code: Int32) -> CommandError {
        .badArgument("cannot read '\(file)': \(reason(errno: code))")
    }

    /// The system's words for `code`, lowercased the way messages start: `no such file or directory`.
    static func reason(errno code: Int32) -> String {
        let reason = String(cString: strerror(code))
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }

    /// Why a Foundation file operation failed: the system's words when it says which system error it was.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code))
        }
        return error.localizedDescription
    }

    /// The `*.yaml` files directly in `folder`, sorted; none when it does not exist.
    private func yamlFiles(in folder: String) -> [String] {
        let names = (try? fileManager.contentsOfDirectory(atPath: absolute(folder))) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            .map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
    }

    package func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (context.currentDirectory as NSString).appendingPathComponent(path)
    }

    /// A file's name without folder and extension: the app id or locale it stands for.
    package static func stem(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
