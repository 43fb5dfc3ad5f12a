import Diagnostics
import Foundation
import PolicyLoader
import PolicyModel
import PolicyValidation
import YAML

/// One policy file as loaded from disk, as the CLI's `LoadedApp` holds it.
struct BenchmarkApp {
    var app: String
    var file: String
    var sources: AppSources?
    var diagnostics: [Diagnostic]
    var files: [String: SourceFile]
}

/// What one `tollgate validate` run found: enough to check the run and to keep its work observable.
struct ValidateOutcome {
    var apps = 0
    var errors = 0
    var warnings = 0
    var reportCharacters = 0
}

/// The CLI's file handling and `validate` command, step for step, over one project folder.
///
/// `TollgateCLI.Workspace` and `ValidateCommand` are internal to their module, so this mirrors them:
/// list `Policies/*.yaml`, read each file (size check, `FileManager.contents`, bytes, `SourceFile` for
/// excerpts), load the policy, list and load `Templates/<app>/*.yaml`, build `AppSources`, run the
/// `Validator`, merge and sort the findings, build the report and render its text. Keep the two in step
/// when either changes.
struct BenchmarkWorkspace {
    /// The project folder: the working directory `tollgate validate` would run in.
    var directory: String
    var limits = YAMLLimits.standard

    private var fileManager: FileManager { .default }

    /// `tollgate validate` with no paths: every policy under `Policies/`, the text format, CI (no terminal).
    func validate() -> ValidateOutcome {
        let validator = Validator()
        var sources: [String: SourceFile] = [:]
        var apps: [AppReport] = []
        for file in policyFiles() {
            let loaded = load(file)
            sources.merge(loaded.files) { first, _ in first }
            var report = loaded.sources.map { validator.validate($0) }
                ?? AppReport(app: loaded.app, file: file, diagnostics: [], checklist: [])
            report.diagnostics = (loaded.diagnostics + report.diagnostics).sorted(by: Diagnostic.sourceOrder)
            apps.append(report)
        }
        let report = ValidationReport(apps: apps, rules: PolicyLoader.rules + validator.descriptors,
                                      toolVersion: "benchmark")
        let text = TextFormat(sources: [:]).render(report.diagnostics)
        return ValidateOutcome(apps: apps.count, errors: report.count(.error), warnings: report.count(.warning),
                               reportCharacters: text.utf8.count + sources.count)
    }

    /// The policy files under `Policies/`, as the CLI names them (relative to the project).
    func policyFiles() -> [String] {
        yamlFiles(in: "Policies")
    }

    /// The template files of the app whose policy is `file`.
    func templateFiles(of file: String) -> [String] {
        yamlFiles(in: templateDirectory(of: file))
    }

    /// Loads a policy and the templates beside it, as `Workspace.load` does.
    func load(_ file: String) -> BenchmarkApp {
        let app = Self.stem(file)
        var loaded = BenchmarkApp(app: app, file: file, sources: nil, diagnostics: [], files: [:])
        guard let bytes = read(file, into: &loaded) else { return loaded }
        let policy = PolicyLoader.load(bytes, file: file, limits: limits)
        loaded.diagnostics += policy.diagnostics
        let templateDirectory = templateDirectory(of: file)
        var templates: [TemplateSet] = []
        var unreadable: Set<String> = []
        for templateFile in yamlFiles(in: templateDirectory) {
            let locale = Self.stem(templateFile)
            guard let bytes = read(templateFile, into: &loaded) else {
                unreadable.insert(locale)
                continue
            }
            let result = TemplateLoader.load(bytes, file: templateFile, limits: limits)
            loaded.diagnostics += result.diagnostics
            if let set = result.value, !result.hasErrors {
                templates.append(set)
            } else {
                unreadable.insert(locale)
            }
        }
        if let value = policy.value, !policy.hasErrors {
            loaded.sources = AppSources(policy: value, templates: templates, unreadableLocales: unreadable,
                                        templateDirectory: templateDirectory)
        }
        return loaded
    }

    /// A file's bytes, as the CLI reads them: size check, contents, and the `SourceFile` kept for excerpts.
    func read(_ file: String, into loaded: inout BenchmarkApp) -> [UInt8]? {
        let path = absolute(file)
        let size = (try? fileManager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > limits.maxFileSize {
            loaded.diagnostics.append(Diagnostic(
                rule: YAMLRules.limit.id, severity: .error,
                message: "file is \(size) bytes; the limit is \(limits.maxFileSize) bytes", span: .wholeFile(file)))
            return nil
        }
        guard let data = fileManager.contents(atPath: path) else {
            loaded.diagnostics.append(Diagnostic(
                rule: LoaderRules.emptyFile.id, severity: .error, message: "cannot read the file",
                span: .wholeFile(file)))
            return nil
        }
        let bytes = [UInt8](data)
        loaded.files[file] = SourceFile(path: file, text: String(decoding: bytes, as: UTF8.self))
        return bytes
    }

    /// Only the bytes, for the phases measured apart from reading.
    func bytes(of file: String) -> [UInt8]? {
        fileManager.contents(atPath: absolute(file)).map { [UInt8]($0) }
    }

    private func templateDirectory(of file: String) -> String {
        let policiesFolder = (file as NSString).deletingLastPathComponent
        return ((policiesFolder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("Templates/\(Self.stem(file))")
    }

    private func yamlFiles(in folder: String) -> [String] {
        let names = (try? fileManager.contentsOfDirectory(atPath: absolute(folder))) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            .map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    static func stem(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
