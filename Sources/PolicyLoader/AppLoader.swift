import Foundation
package import PolicyModel
package import YAML

/// Loads an app's policy and template files into the sources validation reads, whoever read the files:
/// the command line from disk, the admin routes from a request.
package enum AppLoader {
    /// A template file's path and text; nil text for a file that could not be read, whose locale then counts
    /// as unreadable, as a template with errors does.
    package struct TemplateFile: Hashable, Sendable {
        package var path: String
        package var bytes: [UInt8]?

        package init(path: String, bytes: [UInt8]?) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// One app's files, as `load(_:limits:)` takes them.
    package struct Input: Sendable {
        package var policy: [UInt8]
        package var file: String
        package var templates: [TemplateFile]
        package var templateDirectory: String

        package init(policy: [UInt8], file: String, templates: [TemplateFile], templateDirectory: String) {
            self.policy = policy
            self.file = file
            self.templates = templates
            self.templateDirectory = templateDirectory
        }
    }

    /// The app's sources, with every finding of the policy and its templates; no sources when the policy
    /// has errors.
    package static func load(policy bytes: [UInt8], file: String, templates: [TemplateFile],
                             templateDirectory: String, limits: YAMLLimits = .standard) -> Loaded<AppSources> {
        load([Input(policy: bytes, file: file, templates: templates, templateDirectory: templateDirectory)],
             limits: limits)[0]
    }

    /// The sources of each of `apps`, in order, as `load(policy:file:templates:templateDirectory:limits:)`
    /// gives them.
    ///
    /// Files are independent until validation, so they load on every core, largest first. A file that two
    /// inputs hold with the same path and bytes (the templates an edit left alone, when `diff` compares two
    /// versions) loads once, and both apps share the value.
    package static func load(_ apps: [Input], limits: YAMLLimits = .standard) -> [Loaded<AppSources>] {
        var files: [FileKey] = []
        var index: [FileKey: Int] = [:]
        func slot(_ key: FileKey) -> Int {
            if let known = index[key] { return known }
            files.append(key)
            index[key] = files.count - 1
            return files.count - 1
        }
        let slots = apps.map { app in
            (policy: slot(FileKey(path: app.file, bytes: app.policy, isPolicy: true)),
             templates: app.templates.map { template in
                 template.bytes.map { slot(FileKey(path: template.path, bytes: $0, isPolicy: false)) }
             })
        }
        let loaded = files.concurrentMap(largestFirst: \.bytes.count) { $0.load(limits: limits) }
        return zip(apps, slots).map { app, slots in
            guard case .policy(let policy) = loaded[slots.policy] else { preconditionFailure("a policy slot") }
            var diagnostics = policy.diagnostics
            var sets: [TemplateSet] = []
            var unreadable: Set<String> = []
            for (template, slot) in zip(app.templates, slots.templates) {
                let locale = ((template.path as NSString).lastPathComponent as NSString).deletingPathExtension
                guard let slot, case .templates(let set) = loaded[slot] else {
                    unreadable.insert(locale)
                    continue
                }
                diagnostics += set.diagnostics
                if let value = set.value, !set.hasErrors {
                    sets.append(value)
                } else {
                    unreadable.insert(locale)
                }
            }
            guard let value = policy.value, !policy.hasErrors else {
                return Loaded(value: nil, diagnostics: diagnostics)
            }
            return Loaded(value: AppSources(policy: value, templates: sets, unreadableLocales: unreadable,
                                            templateDirectory: app.templateDirectory),
                          diagnostics: diagnostics)
        }
    }

    /// One file to load: what it is, where it was read from, and its bytes.
    private struct FileKey: Hashable, Sendable {
        var path: String
        var bytes: [UInt8]
        var isPolicy: Bool

        /// Hashes the bytes in bulk: `Array`'s own hashing feeds them one at a time.
        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(isPolicy)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        func load(limits: YAMLLimits) -> LoadedFile {
            isPolicy ? .policy(PolicyLoader.load(bytes, file: path, limits: limits))
                : .templates(TemplateLoader.load(bytes, file: path, limits: limits))
        }
    }

    private enum LoadedFile: Sendable {
        case policy(Loaded<Policy>)
        case templates(Loaded<TemplateSet>)
    }
}
