package import Diagnostics
import PolicyLoader
package import PolicyValidation
package import YAML

/// Reads, loads and validates a project's apps through `ProjectFiles`: the one loader of the command line,
/// the language server, publishing and `serve`.
package enum Project {
    // MARK: Reading

    /// Reads the policy `file` and its templates (`ProjectLayout`); a file over the size limit is a finding and
    /// is not read, a file that cannot be read throws.
    package static func read(policy file: String, from files: some ProjectFiles, limits: YAMLLimits = .standard)
        throws(ProjectFileError) -> ReadApp
    {
        try read(app: ProjectLayout.stem(file), policy: file,
                 templates: ProjectLayout.templateFiles(ofPolicy: file, of: files),
                 templateFolder: ProjectLayout.templateFolder(ofPolicy: file), from: files, limits: limits)
    }

    /// Reads the policy `policy` of `app` and exactly the template files `templates`, which the sources name
    /// as in `templateFolder`; as `read(policy:from:limits:)` otherwise.
    package static func read(app: String, policy: String, templates: [String], templateFolder: String,
                             from files: some ProjectFiles, limits: YAMLLimits = .standard)
        throws(ProjectFileError) -> ReadApp
    {
        try read(app: app, policy: policy, templates: templates, templateFolder: templateFolder, from: files,
                 limits: limits, skipsUnreadable: false)
            ?? ReadApp(app: LoadedApp(app: app, file: policy, templateFiles: templates))
    }

    /// Reads as `read(policy:from:limits:)` does, but a template that cannot be read counts as one that did not
    /// load, and a policy that cannot be read leaves its app out (nil).
    package static func readSkippingUnreadable(policy file: String, from files: some ProjectFiles,
                                               limits: YAMLLimits = .standard) -> ReadApp? {
        readSkippingUnreadable(app: ProjectLayout.stem(file), policy: file,
                               templates: ProjectLayout.templateFiles(ofPolicy: file, of: files),
                               templateFolder: ProjectLayout.templateFolder(ofPolicy: file), from: files,
                               limits: limits)
    }

    /// Reads exactly the files named as `read(app:policy:templates:templateFolder:from:limits:)` does, but a
    /// template that cannot be read counts as one that did not load, and a policy that cannot be read leaves its
    /// app out (nil).
    package static func readSkippingUnreadable(app: String, policy: String, templates: [String],
                                               templateFolder: String, from files: some ProjectFiles,
                                               limits: YAMLLimits = .standard) -> ReadApp? {
        try? read(app: app, policy: policy, templates: templates, templateFolder: templateFolder, from: files,
                  limits: limits, skipsUnreadable: true)
    }

    /// Reads the policy, then (when it is within the limit) each template; a file that cannot be read throws, or
    /// when `skipsUnreadable` is a template that did not load or an app left out (nil).
    private static func read(app: String, policy: String, templates: [String], templateFolder: String,
                             from files: some ProjectFiles, limits: YAMLLimits, skipsUnreadable: Bool)
        throws(ProjectFileError) -> ReadApp?
    {
        var read = ReadApp(app: LoadedApp(app: app, file: policy, templateFiles: templates), input: nil)
        func bytes(_ path: String) throws(ProjectFileError) -> [UInt8]? {
            do {
                return try admitted(path, from: files, limits: limits, into: &read.app)
            } catch {
                if skipsUnreadable { return nil }
                throw error
            }
        }
        // The policy is read first, so a finding now means it is over the limit, none that it cannot be read.
        guard let policyBytes = try bytes(policy) else { return read.app.diagnostics.isEmpty ? nil : read }
        var templateFiles: [AppLoader.TemplateFile] = []
        for template in templates {
            templateFiles.append(AppLoader.TemplateFile(path: template, bytes: try bytes(template)))
        }
        read.input = AppLoader.Input(policy: policyBytes, file: policy, templates: templateFiles,
                                     templateDirectory: templateFolder)
        return read
    }

    /// The bytes of `path`, or nil with the finding when it is over the size limit.
    private static func admitted(_ path: String, from files: some ProjectFiles, limits: YAMLLimits,
                                 into app: inout LoadedApp) throws(ProjectFileError) -> [UInt8]? {
        if let finding = limits.oversize(path, size: try files.size(of: path)) {
            app.diagnostics.append(finding)
            return nil
        }
        let bytes = try files.contents(of: path)
        if let finding = limits.oversize(path, size: bytes.count) {
            app.diagnostics.append(finding)
            return nil
        }
        app.contents[path] = bytes
        return bytes
    }

    // MARK: Loading

    /// Loads apps whose files are read, all files at once on every core (see `AppLoader.load`); an app whose
    /// policy was not read keeps only the findings of reading.
    package static func load(_ read: [ReadApp], limits: YAMLLimits = .standard) -> [LoadedApp] {
        var loaded = AppLoader.load(read.compactMap(\.input), limits: limits).makeIterator()
        return read.map { read in
            guard read.input != nil, let result = loaded.next() else { return read.app }
            var app = read.app
            app.diagnostics += result.diagnostics
            app.sources = result.value
            return app
        }
    }

    /// Reads and loads the policy files `policies` with their templates; a file that cannot be read throws.
    package static func load(policies: [String], from files: some ProjectFiles, limits: YAMLLimits = .standard)
        throws(ProjectFileError) -> [LoadedApp]
    {
        var read: [ReadApp] = []
        for policy in policies { read.append(try self.read(policy: policy, from: files, limits: limits)) }
        return load(read, limits: limits)
    }

    /// Every app of a project: the policies in `Policies/` with their templates, loaded.
    package static func loadApps(from files: some ProjectFiles, limits: YAMLLimits = .standard)
        throws(ProjectFileError) -> [LoadedApp]
    {
        try load(policies: ProjectLayout.policyFiles(of: files), from: files, limits: limits)
    }

    /// The app `app` of a published snapshot's files: `Policies/<app>.yaml` and its templates, by path, each
    /// within the size limit; without sources or findings when the snapshot lacks the policy.
    package static func readSnapshot(app: String, files: [String: [UInt8]], limits: YAMLLimits = .standard) -> ReadApp {
        let policy = ProjectLayout.policyPath(app: app)
        return readSkippingUnreadable(policy: policy, from: MappedFiles(files), limits: limits)
            ?? ReadApp(app: LoadedApp(app: app, file: policy))
    }

    /// Loads the app `app` of a published snapshot's files, as `readSnapshot(app:files:limits:)` reads them.
    package static func loadSnapshot(app: String, files: [String: [UInt8]], limits: YAMLLimits = .standard)
        -> LoadedApp
    {
        load([readSnapshot(app: app, files: files, limits: limits)], limits: limits)[0]
    }

    // MARK: Validating

    /// Validates a loaded app: every finding of loading and of `validator`, in source order.
    package static func validate(_ app: LoadedApp, validator: Validator) -> AppReport {
        var report = app.sources.map { validator.validate($0) }
            ?? AppReport(app: app.app, file: app.file, diagnostics: [], checklist: [])
        report.diagnostics = (app.diagnostics + report.diagnostics).sorted(by: Diagnostic.sourceOrder)
        return report
    }
}
