import Diagnostics
import PolicyModel
import YAML

extension NodeReader {
    static let appKeys = ["id", "name", "bundle_id", "apple_id", "package_name", "default_locale", "locales",
                          "legal"]
    static let appRequiredKeys = ["id", "name", "default_locale", "locales"]
    static let legalKeys = ["terms_url", "privacy_url"]
    static let customersKeys = ["restore"]

    mutating func app(_ node: Node) -> AppInfo? {
        guard let fields = mapping(node, "app", allowed: Self.appKeys, required: Self.appRequiredKeys)
        else { return nil }
        let id = fields["id"].flatMap { string($0, "app.id") }
        let name = fields["name"].flatMap { string($0, "app.name") }
        let bundleID = fields["bundle_id"].flatMap { string($0, "app.bundle_id") }
        let appleID = fields["apple_id"].flatMap { self.appleID($0) }
        let packageName = fields["package_name"].flatMap { string($0, "app.package_name") }
        let defaultLocale = fields["default_locale"].flatMap { string($0, "app.default_locale") }
        let locales = fields["locales"].map { strings($0, "app.locales") } ?? []
        // A missing link is reported at 'legal:', or at 'app:' without it, never at a neighbouring key.
        let legal = fields["legal"].map { self.legal($0) }
            ?? Legal(termsURL: nil, privacyURL: nil, span: keySpan(node) ?? span(node))
        guard let id, let name, let defaultLocale else { return nil }
        return AppInfo(id: id, name: name, bundleID: bundleID, appleID: appleID, packageName: packageName,
                       defaultLocale: defaultLocale, locales: locales, legal: legal, span: span(node))
    }

    /// `app.apple_id` as written; the invalid-apple-id rule says what is wrong with a scalar that is not an Apple ID.
    private mutating func appleID(_ node: Node) -> Located<AppleID>? {
        guard case .scalar(let text, let style) = content(node) else {
            wrongType(node, expected: "a whole number", what: "app.apple_id")
            return nil
        }
        return Located(AppleID(text: text, isQuoted: style != .plain), at: span(node))
    }

    private mutating func legal(_ node: Node) -> Legal {
        let fields = mapping(node, "app.legal", allowed: Self.legalKeys)
        return Legal(termsURL: fields?["terms_url"].flatMap { string($0, "app.legal.terms_url") },
                     privacyURL: fields?["privacy_url"].flatMap { string($0, "app.legal.privacy_url") },
                     span: keySpan(node) ?? span(node))
    }

    /// The `customers:` section, or its defaults, placed at the policy's start, when the file has none.
    mutating func customers(_ node: Node?, in root: Node) -> CustomerSettings? {
        guard let node else { return .defaults(at: startSpan(root)) }
        guard let fields = mapping(node, "customers", allowed: Self.customersKeys) else { return nil }
        let restore = fields["restore"].flatMap { value($0, "customers.restore", as: RestoreMode.self) }
            ?? Located(.transfer, at: span(node))
        return CustomerSettings(restore: restore, span: span(node))
    }
}
