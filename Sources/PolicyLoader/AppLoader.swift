import Foundation
package import PolicyModel
package import YAML

/// Loads an app's policy and template files into the sources validation reads, whoever read the files:
/// the command line from disk, the admin routes from a request.
package enum AppLoader {
    /// A template file's path and text; nil text for a file that could not be read, whose locale then counts
    /// as unreadable, as a template with errors does.
    package struct TemplateFile: Sendable {
        package var path: String
        package var bytes: [UInt8]?

        package init(path: String, bytes: [UInt8]?) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The app's sources, with every finding of the policy and its templates; no sources when the policy
    /// has errors.
    package static func load(policy bytes: [UInt8], file: String, templates: [TemplateFile],
                             templateDirectory: String, limits: YAMLLimits = .standard) -> Loaded<AppSources> {
        let policy = PolicyLoader.load(bytes, file: file, limits: limits)
        var diagnostics = policy.diagnostics
        var sets: [TemplateSet] = []
        var unreadable: Set<String> = []
        for template in templates {
            let locale = ((template.path as NSString).lastPathComponent as NSString).deletingPathExtension
            guard let bytes = template.bytes else {
                unreadable.insert(locale)
                continue
            }
            let loaded = TemplateLoader.load(bytes, file: template.path, limits: limits)
            diagnostics += loaded.diagnostics
            if let set = loaded.value, !loaded.hasErrors {
                sets.append(set)
            } else {
                unreadable.insert(locale)
            }
        }
        guard let value = policy.value, !policy.hasErrors else { return Loaded(value: nil, diagnostics: diagnostics) }
        return Loaded(value: AppSources(policy: value, templates: sets, unreadableLocales: unreadable,
                                        templateDirectory: templateDirectory),
                      diagnostics: diagnostics)
    }
}
