import Diagnostics
import PolicyModel

/// `app.id` is lowercase letters, digits and hyphens, and names the policy file.
struct AppIDFormatRule: Rule {
    static let id = "app-id-format"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "'app.id' is not [a-z0-9][a-z0-9-]* or differs from the policy file's name"
    static let explanation = """
        The app id names the policy file (Policies/<id>.yaml), the template folder (Templates/<id>/), \
        HTTP routes (/v1/apps/<id>/…) and OFREP contexts, so it must be lowercase ASCII letters, digits and \
        hyphens, starting with a letter or digit, and equal the file name without '.yaml'. Rename the id or \
        the file.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let id = app.policy.app.id
        let stem = Self.stem(of: app.policy.file)
        if !Self.isWellFormed(id.value) {
            let fix = Self.isWellFormed(stem) ? stem : Self.suggestion(for: id.value)
            return [finding(
                "app id '\(id.value)' is not lowercase letters, digits and '-' starting with a letter or digit",
                at: id.span, help: fix.map { "write '\($0)'" } ?? "use an id such as 'photo-collage'")]
        }
        guard id.value == stem else {
            return [finding("app id '\(id.value)' does not match the policy file name '\(stem)'", at: id.span,
                            help: "rename the file to '\(id.value).yaml' or set 'id: \(stem)'")]
        }
        return []
    }

    static func isWellFormed(_ id: String) -> Bool {
        let scalars = id.unicodeScalars
        guard let first = scalars.first, first != "-" else { return false }
        return scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The id lowercased with spaces, dots and underscores as hyphens, when that makes it well formed.
    private static func suggestion(for id: String) -> String? {
        let mapped = String(String.UnicodeScalarView(id.lowercased().unicodeScalars.map {
            $0 == " " || $0 == "_" || $0 == "." ? "-" : $0
        }))
        return isWellFormed(mapped) && mapped != id ? mapped : nil
    }

    /// The file's name without its folder and its `.yaml` or `.yml` extension.
    private static func stem(of file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }
}
