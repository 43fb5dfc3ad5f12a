import Diagnostics
import Foundation
import PolicyLoader
package import PolicyValidation
package import YAML

extension EditorWorkspace {
    /// Loads and validates the apps `ids` of the workspace folder `folder` (every app when nil) as
    /// `tollgate validate` does, `open` documents' text (by relative path) taking the place of the files on disk,
    /// and puts them in place of what the workspace held for those apps.
    ///
    /// Policies are the YAML files directly in `Policies/`, templates those in `Templates/<app>/`, sorted by name;
    /// a file over the size limit is a finding and is not read, a file that cannot be read counts as a template
    /// that did not load, or leaves its app out. Catalog rules are not run.
    package mutating func reload(apps ids: Set<String>?, folder: String, open: [String: String],
                                 validator: Validator, limits: YAMLLimits = .standard) {
        let files = WorkspaceFiles(folder: folder, open: open, limits: limits)
        let policies = files.yamlFiles(in: "Policies").filter { ids?.contains(WorkspacePath.stem($0)) ?? true }
        var read: [(app: App, input: AppLoader.Input?)] = []
        for policy in policies {
            let id = WorkspacePath.stem(policy)
            let directory = WorkspacePath.templateDirectory(ofApp: id)
            let templateFiles = files.yamlFiles(in: directory)
            var app = App(id: id, policyFile: policy, templateFiles: templateFiles, sources: nil, diagnostics: [])
            guard let policyBytes = files.read(policy, into: &app.diagnostics) else {
                if !app.diagnostics.isEmpty { read.append((app, nil)) }
                continue
            }
            documents[policy] = Document(path: policy, text: String(decoding: policyBytes, as: UTF8.self))
            var templates: [AppLoader.TemplateFile] = []
            for template in templateFiles {
                let bytes = files.read(template, into: &app.diagnostics)
                if let bytes { documents[template] = Document(path: template, text: String(decoding: bytes, as: UTF8.self)) }
                templates.append(AppLoader.TemplateFile(path: template, bytes: bytes))
            }
            read.append((app, AppLoader.Input(policy: policyBytes, file: policy, templates: templates,
                                              templateDirectory: directory)))
        }
        var loaded = AppLoader.load(read.compactMap(\.input), limits: limits).makeIterator()
        var fresh: [App] = []
        for (app, input) in read {
            var app = app
            if input != nil, let result = loaded.next() {
                app.sources = result.value
                app.diagnostics += result.diagnostics
            }
            if let sources = app.sources { app.diagnostics += validator.validate(sources).diagnostics }
            app.diagnostics.sort(by: Diagnostic.sourceOrder)
            fresh.append(app)
        }
        let kept = apps.filter { app in !(ids?.contains(app.id) ?? true) }
        apps = (kept + fresh).sorted { $0.policyFile < $1.policyFile }
        for path in documents.keys where open[path] == nil && !apps.contains(where: { $0.holds(path) }) {
            documents[path] = nil
        }
        for (path, text) in open where documents[path]?.text != text {
            documents[path] = Document(path: path, text: text)
        }
    }
}

extension EditorWorkspace.App {
    /// Whether `path` is this app's policy or one of its templates.
    package func holds(_ path: String) -> Bool {
        policyFile == path || templateFiles.contains(path)
    }
}

/// The files of a workspace folder as the editor sees them: open documents' text in place of the disk's.
private struct WorkspaceFiles {
    var folder: String
    var open: [String: String]
    var limits: YAMLLimits

    /// The YAML files directly in `directory` on disk or open, sorted by name, as relative paths.
    func yamlFiles(in directory: String) -> [String] {
        let onDisk = (try? FileManager.default.contentsOfDirectory(atPath: absolute(directory))) ?? []
        let opened = open.keys.compactMap { path -> String? in
            guard path.hasPrefix(directory + "/") else { return nil }
            let name = String(path.dropFirst(directory.count + 1))
            return name.contains("/") ? nil : name
        }
        return Set(onDisk + opened).filter(WorkspacePath.isYAML).sorted().map { "\(directory)/\($0)" }
    }

    /// The bytes of `path`, open or on disk; nil when it cannot be read, or with a finding when it is too large.
    func read(_ path: String, into diagnostics: inout [Diagnostic]) -> [UInt8]? {
        if let text = open[path] {
            return admits(path, size: text.utf8.count, into: &diagnostics) ? Array(text.utf8) : nil
        }
        var status = stat()
        guard stat(absolute(path), &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              admits(path, size: Int(status.st_size), into: &diagnostics),
              let handle = FileHandle(forReadingAtPath: absolute(path)) else { return nil }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limits.maxFileSize + 1) ?? Data()
        } catch {
            return nil
        }
        return admits(path, size: data.count, into: &diagnostics) ? [UInt8](data) : nil
    }

    /// Whether a file of `size` bytes is within the limit; if not, the finding validate gives.
    private func admits(_ path: String, size: Int, into diagnostics: inout [Diagnostic]) -> Bool {
        guard let finding = limits.oversize(path, size: size) else { return true }
        diagnostics.append(finding)
        return false
    }

    private func absolute(_ path: String) -> String { "\(folder)/\(path)" }
}
