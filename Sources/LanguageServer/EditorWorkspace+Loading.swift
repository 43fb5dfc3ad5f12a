import Diagnostics
package import PolicyValidation
import Project
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
        let files = EditorFiles(disk: DiskFiles(folder: folder), open: open)
        let policies = ProjectLayout.policyFiles(of: files).filter { ids?.contains(ProjectLayout.stem($0)) ?? true }
        let read = policies.compactMap { Project.readSkippingUnreadable(policy: $0, from: files, limits: limits) }
        var fresh: [App] = []
        for loaded in Project.load(read, limits: limits) {
            for (path, bytes) in loaded.contents {
                documents[path] = Document(path: path, text: String(decoding: bytes, as: UTF8.self))
            }
            let report = Project.validate(loaded, validator: validator)
            fresh.append(App(id: loaded.app, policyFile: loaded.file, templateFiles: loaded.templateFiles,
                             sources: loaded.sources, diagnostics: report.diagnostics))
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
