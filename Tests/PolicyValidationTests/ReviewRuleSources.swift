import Diagnostics
import PolicyLoader
import PolicyModel
import Testing

/// Builds `AppSources` from YAML text for the template and review rule tests.
enum ReviewRuleSources {
    /// A small valid policy; `products` and `paywall` replace its product list and main paywall's products.
    static func policy(products: String = defaultProducts,
                       paywall: String = "[com.example.demo.monthly]",
                       locales: String = "[en]",
                       legal: String = "{ terms_url: https://example.com/terms, privacy_url: https://example.com/privacy }")
        -> String {
        """
        format: tollgate/v1
        app:
          id: demo
          name: Demo
          default_locale: en
          locales: \(locales)
          legal: \(legal)
        tiers:
          premium: { title: Premium }
        products:
        \(products)
        paywalls:
          main: { products: \(paywall) }
        review:
          restore: { locations: [paywall] }
        """
    }

    static let defaultProducts = """
          - { id: com.example.demo.monthly, type: auto-renewable, group: premium, period: P1M, grants: [premium] }
        """

    /// Loads `policy` and the template files `templates` (file name → text) of app 'demo'.
    static func load(_ policy: String, templates: [String: String] = [:],
                     unreadable: Set<String> = []) throws -> AppSources {
        let loaded = PolicyLoader.load(Array(policy.utf8), file: "Policies/demo.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let value = try #require(loaded.value)
        let sets = try templates.sorted { $0.key < $1.key }.map { name, text in
            let set = TemplateLoader.load(Array(text.utf8), file: "Templates/demo/\(name)")
            #expect(set.diagnostics.isEmpty, "\(set.diagnostics)")
            return try #require(set.value)
        }
        return AppSources(policy: value, templates: sets, unreadableLocales: unreadable,
                          templateDirectory: "Templates/demo")
    }

    /// A template file of `locale` whose paywall 'main' has `lines` (indented YAML under `main:`).
    static func template(locale: String = "en", _ lines: String) -> String {
        "format: tollgate-templates/v1\nlocale: \(locale)\npaywalls:\n  main:\n" + lines
    }
}

extension Diagnostic {
    /// `line:column: message`, enough to compare a finding in a test.
    var lineColumnMessage: String { "\(span.start.line):\(span.start.column): \(message)" }
}
