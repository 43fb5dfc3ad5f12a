import Foundation

/// Where a project keeps its files: `Policies/<app>.yaml`, and the app's templates as the `*.yaml` and
/// `*.yml` files directly in `Templates/<app>/` beside the `Policies/` folder.
package enum ProjectLayout {
    /// `Policies`: the folder of the policy files.
    package static let policiesFolder = "Policies"
    /// `Templates`: the folder of the apps' template folders.
    package static let templatesFolder = "Templates"

    /// `Policies/<app>.yaml`.
    package static func policyPath(app: String) -> String { "\(policiesFolder)/\(app).yaml" }

    /// `Templates/<app>`.
    package static func templateFolder(app: String) -> String { "\(templatesFolder)/\(app)" }

    /// The folder of a policy file's templates: `<policies>/../Templates/<app>`.
    package static func templateFolder(ofPolicy policyFile: String) -> String {
        let policiesFolder = (policyFile as NSString).deletingLastPathComponent
        return ((policiesFolder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(templateFolder(app: stem(policyFile)))
    }

    /// Whether a file's name is that of a policy or template: it ends in `.yaml` or `.yml`.
    package static func isYAML(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// The YAML files directly in `folder`, sorted by name, as paths under `folder`; none when it does not exist.
    package static func yamlFiles(in folder: String, of files: some ProjectFiles) -> [String] {
        files.names(in: folder).filter(isYAML).sorted()
            .map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
    }

    /// The policy files of a project: the YAML files directly in `Policies/`, sorted.
    package static func policyFiles(of files: some ProjectFiles) -> [String] {
        yamlFiles(in: policiesFolder, of: files)
    }

    /// The template files of a policy file: the YAML files directly in its template folder, sorted.
    package static func templateFiles(ofPolicy policyFile: String, of files: some ProjectFiles) -> [String] {
        yamlFiles(in: templateFolder(ofPolicy: policyFile), of: files)
    }

    /// The app a project-relative policy or template path belongs to; nil for any other path.
    package static func app(of path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let name = parts.last, isYAML(name) else { return nil }
        if parts.count == 2, parts[0] == policiesFolder { return stem(name) }
        if parts.count == 3, parts[0] == templatesFolder, !parts[1].isEmpty { return String(parts[1]) }
        return nil
    }

    /// A file's name without folder and extension: the app id or locale it stands for.
    package static func stem(_ path: some StringProtocol) -> String {
        ((String(path) as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
