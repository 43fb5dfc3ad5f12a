/// The paths of a workspace folder that `tollgate validate` reads: `Policies/<app>.yaml` and
/// `Templates/<app>/<locale>.yaml` (or `.yml`), relative to the folder.
package enum WorkspacePath {
    /// The app a policy or template path belongs to; nil for any other path.
    package static func app(of path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let name = parts.last, isYAML(name) else { return nil }
        if parts.count == 2, parts[0] == "Policies" { return stem(name) }
        if parts.count == 3, parts[0] == "Templates", !parts[1].isEmpty { return String(parts[1]) }
        return nil
    }

    /// A file's name without folder and extension: the app id or locale it stands for.
    package static func stem(_ path: some StringProtocol) -> String {
        let name = Substring(path).split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return String(name) }
        return String(name[..<dot])
    }

    /// The folder of an app's templates, as validate names it.
    package static func templateDirectory(ofApp app: String) -> String { "Templates/\(app)" }

    static func isYAML(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }
}
