import Diagnostics
import PolicyModel
import YAML

extension NodeReader {
    static let appKeys = ["id", "name", "bundle_id", "package_name", "default_locale", "locales", "legal"]
    static let appRequiredKeys = ["id", "name", "default_locale", "locales"]
    static let legalKeys = ["terms_url", "privacy_url"]

    mutating func app(_ node: Node) -> AppInfo? {
        guard let fields = mapping(node, "app", allowed: Self.appKeys, required: Self.appRequiredKeys)
        else { return nil }
        let id = fields["id"].flatMap { string($0, "app.id") }
        let name = fields["name"].flatMap { string($0, "app.name") }
        let bundleID = fields["bundle_id"].flatMap { string($0, "app.bundle_id") }
        let packageName = fields["package_name"].flatMap { string($0, "app.package_name") }
        let defaultLocale = fields["default_locale"].flatMap { string($0, "app.default_locale") }
        let locales = fields["locales"].map { strings($0, "app.locales") } ?? []
        // A missing link is reported at 'legal:', or at 'app:' without it, never at a neighbouring key.
        let legal = fields["legal"].map { self.legal($0) }
            ?? Legal(termsURL: nil, privacyURL: nil, span: keySpan(node) ?? span(node))
        guard let id, let name, let defaultLocale else { return nil }
        return AppInfo(id: id, name: name, bundleID: bundleID, packageName: packageName,
                       defaultLocale: defaultLocale, locales: locales, legal: legal, span: span(node))
    }

    private mutating func legal(_ node: Node) -> Legal {
        let fields = mapping(node, "app.legal", allowed: Self.legalKeys)
        return Legal(termsURL: fields?["terms_url"].flatMap { string($0, "app.legal.terms_url") },
                     privacyURL: fields?["privacy_url"].flatMap { string($0, "app.legal.privacy_url") },
                     span: keySpan(node) ?? span(node))
    }
}
