import Diagnostics
import PolicyLoader
import PolicyModel
import PolicyValidation
import Testing

/// Builds `AppSources` from YAML text for the model rule tests.
enum ModelRuleSources {
    /// A policy of app 'demo' with `body` (top-level YAML after `app:`) as its tiers, products and the rest.
    static func policy(_ body: String) -> String {
        """
        format: tollgate/v1
        app:
          id: demo
          name: Demo
          default_locale: en
          locales: [en]

        """ + body
    }

    /// Loads `policy` (from `file`) and `templates` (locale → text), expecting no loader findings.
    static func load(_ policy: String, file: String = "Policies/demo.yaml",
                     templates: [String: String] = [:]) throws -> AppSources {
        let loaded = PolicyLoader.load(Array(policy.utf8), file: file)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let value = try #require(loaded.value)
        let sets = try templates.sorted { $0.key < $1.key }.map { locale, text in
            let set = TemplateLoader.load(Array(text.utf8), file: "Templates/demo/\(locale).yaml")
            #expect(set.diagnostics.isEmpty, "\(set.diagnostics)")
            return try #require(set.value)
        }
        return AppSources(policy: value, templates: sets, unreadableLocales: [], templateDirectory: "Templates/demo")
    }

    /// The messages `rule` reports for the policy `body`.
    static func messages(_ rule: some Rule, _ body: String) throws -> [String] {
        try rule.check(load(policy(body))).map(\.message)
    }
}
