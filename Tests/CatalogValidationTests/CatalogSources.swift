@testable import CatalogValidation
import Diagnostics
import PolicyLoader
import PolicyModel
import PolicyValidation
import StoreCatalog
import Testing
import TollgateEvaluation

/// Store catalogs built as values, and a policy of app 'demo' to compare them with, for the catalog rule tests.
enum CatalogSources {
    static let file = "Catalogs/demo.storekit"

    /// A place in the catalog file; tests tell values apart by their line.
    static func at(_ line: Int, _ column: Int = 1, in file: String = file) -> SourceSpan {
        SourceSpan(file: file, start: SourcePosition(line: line, column: column),
                   end: SourcePosition(line: line, column: column))
    }

    static func located<Value>(_ value: Value, _ line: Int) -> Located<Value> { Located(value, at: at(line)) }

    /// A catalog product whose id is at `line`, column 5, and each of whose other values is on a line after it.
    static func product(_ id: String, _ type: ProductType, line: Int, group: String? = nil, level: Int? = nil,
                        period: String? = nil, intro: CatalogIntroOffer? = nil, prices: [String: String] = [:],
                        locales: [String] = []) -> CatalogProduct {
        CatalogProduct(
            id: Located(id, at: at(line, 5)), type: located(type, line + 1),
            group: group.map { located($0, line + 2) }, level: level.map { located($0, line + 3) },
            period: period.map { located($0, line + 4) }, introOffer: intro,
            prices: prices.mapValues { located($0, line + 5) },
            localizations: locales.map { CatalogLocalization(locale: located($0, line + 6), displayName: nil) },
            span: at(line))
    }

    static func intro(_ type: IntroOfferType, _ period: String?, periods: Int? = nil, line: Int) -> CatalogIntroOffer {
        CatalogIntroOffer(type: located(type, line), period: period.map { located($0, line) },
                          periods: periods.map { located($0, line) }, span: at(line))
    }

    static let allFacts: Set<StoreCatalog.Fact> = [.groups, .levels, .periods, .introOffers, .prices, .localizations]

    static func catalog(_ products: [CatalogProduct], source: StoreCatalog.Source = .storeKit,
                        facts: Set<StoreCatalog.Fact> = allFacts, groups: [CatalogGroup] = [],
                        packageName: Located<String>? = nil, file: String = file, notes: [CatalogNote] = [],
                        privateKey: SourceSpan? = nil) -> StoreCatalog {
        StoreCatalog(file: file, source: source, facts: facts, products: products, groups: groups,
                     packageName: packageName, storefront: "USA", notes: notes, privateKey: privateKey)
    }

    static func group(_ id: String, name: String, line: Int) -> CatalogGroup {
        CatalogGroup(id: located(id, line), name: located(name, line + 1), span: at(line))
    }

    /// A policy of app 'demo' sold in the stores `app` declares, with `body` after its `app:` section.
    static func policy(_ body: String, app: String = "bundle_id: com.example.demo") -> String {
        """
        format: tollgate/v1
        app:
          id: demo
          name: Demo
          \(app)
          default_locale: en
          locales: [en]
        tiers:
          free: {}
          premium: {}

        """ + body
    }

    /// A context without ICU's data: the catalog rules read none of it.
    static let context = ValidationContext(pluralCategories: { _ in nil }, currencyDigits: { _ in nil },
                                           storefronts: [:])

    /// Loads the policy `text` of app 'demo', without templates, expecting no loader findings.
    static func load(_ text: String) throws -> AppSources {
        let loaded = PolicyLoader.load(Array(text.utf8), file: "Policies/demo.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        return AppSources(policy: try #require(loaded.value), templates: [], unreadableLocales: [],
                          templateDirectory: "Templates/demo")
    }

    /// What `rule` (built with the catalogs of app 'demo') finds in the policy `text`.
    static func findings<R: Rule>(_ rule: ([String: [StoreCatalog]]) -> R, _ text: String,
                                  _ catalogs: [StoreCatalog]) throws -> [Diagnostic] {
        try rule(["demo": catalogs]).check(load(text))
    }

    static func messages<R: Rule>(_ rule: ([String: [StoreCatalog]]) -> R, _ text: String,
                                  _ catalogs: [StoreCatalog]) throws -> [String] {
        try findings(rule, text, catalogs).map(\.message)
    }
}
