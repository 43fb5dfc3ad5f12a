import Diagnostics
import Foundation
import JSON
import LanguageServer
import Testing
import TestSupport

/// Completion offers the ids a place expects, template variables after `{`, and the template language's plural
/// categories, from the loaded files or, mid-edit, from the text around the cursor.
@Suite struct CompletionTests {
    static let policyPath = "Policies/photocollage.yaml"
    static let tiers = ["free", "remove-ads", "premium"]
    static let products = ["com.example.photocollage.removeads", "com.example.photocollage.premium.monthly",
                           "com.example.photocollage.premium.yearly", "com.example.photocollage.coins.100"]

    static func text(_ path: String) -> String {
        (try? String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// Labels offered at the end of the first `needle` (plus `offset`) of `path`, after replacing `old` with `new`.
    func labels(_ path: String = policyPath, replacing old: String = "", with new: String = "", at needle: String,
                offset: Int = 0) -> [String] {
        let text = old.isEmpty ? Self.text(path) : Self.text(path).replacingOccurrences(of: old, with: new)
        let workspace = EditorFixture.photocollage([path: text])
        let position = EditorFixture.position(of: needle, in: workspace, path: path,
                                              offset: needle.unicodeScalars.count + offset)
        return workspace.completions(path: path, at: position).map(\.label)
    }

    @Test func tiersWhereATierIsExpected() {
        #expect(labels(at: "grants: [remove-", offset: 0) == Self.tiers)
        #expect(labels(at: "includes: [", offset: 0) == Self.tiers)
        #expect(labels(at: "tier: prem") == Self.tiers)
    }

    @Test func productsInPaywallsAndGroups() {
        #expect(labels(at: "highlight: com.exa") == Self.products)
        #expect(labels(at: "levels: [") == Self.products)
        #expect(labels(at: "               com.example.photocollage.remove") == Self.products)
    }

    @Test func paywallsAndExperimentsInPlacements() {
        #expect(labels(at: "paywall: ma") == ["main"])
        #expect(labels(at: "experiment: onboarding") == ["onboarding-paywall"])
        #expect(labels(at: "group: prem") == ["premium"])
    }

    @Test func nothingWhereNoIdIsExpected() {
        #expect(labels(at: "reference_name: Premium") == [])
        #expect(labels(at: "  id: photocoll") == [])
    }

    @Test func midEditPolicyThatDoesNotLoadUsesTheText() {
        // An unclosed flow list: the policy does not load, and its text tells what the place expects and which
        // ids it declares.
        let path = "Policies/demo.yaml"
        let text = """
            format: tollgate/v1
            tiers:
              premium: { title: Premium }
              "plus": {}   # quoted
            products:
              - id: demo.monthly
                grants: [pre
            paywalls:
              main:
                products:
                  - demo.
            """
        let workspace = EditorFixture.workspace(policy: text, at: path)
        #expect(workspace.apps[0].sources == nil)
        #expect(workspace.completions(path: path, at: SourcePosition(line: 7, column: 17)).map(\.label)
            == ["free", "premium", "plus"])
        #expect(workspace.completions(path: path, at: SourcePosition(line: 11, column: 14)).map(\.label)
            == ["demo.monthly"])
    }

    @Test func templateKeysAreIds() {
        let path = "Templates/photocollage/ko.yaml"
        #expect(labels(path, replacing: "  premium: 프리미엄\n", with: "  premium: 프리미엄\n  pre\n", at: "  pre")
            == Self.tiers)
        #expect(labels(path, replacing: "  cloud-sync: 클라우드 동기화\n", with: "  cloud-sync: 클라우드 동기화\n  clo\n",
                       at: "  clo") == ["collage.basic", "templates.basic", "templates.advanced", "cloud-sync"])
    }

    @Test func variablesAfterABraceInKoreanAndArabicText() throws {
        let path = "Templates/photocollage/ko.yaml"
        #expect(labels(path, replacing: "{price} · 한 번", with: "{pri", at: "price: \"{pri")
            == TemplateVariableNames.all)
        // The file loads: the cursor after `{` of a message with emoji before it.
        let loaded = labels(path, replacing: "restore: 구매 복원", with: "restore: \"🎉 구매 {}\"", at: "🎉 구매 {")
        #expect(loaded == TemplateVariableNames.all)
        let arabic = labels(path, replacing: "restore: 구매 복원", with: "restore: \"استعادة {pe\"", at: "استعادة {pe")
        #expect(arabic == TemplateVariableNames.all)
        #expect(labels(path, replacing: "premium: 프리미엄", with: "premium: \"{", at: "premium: \"{") == [])
    }

    @Test func pluralCategoriesOfTheTemplatesLanguage() throws {
        #expect(labels("Templates/photocollage/en.yaml", at: "{period_count, plural, one {a whole {period}} ")
            == ["one", "other"])
        #expect(labels("Templates/photocollage/en.yaml", at: "{period_count, plural, one {a whole {per")
            == TemplateVariableNames.all)
        let korean = labels("Templates/photocollage/ko.yaml", replacing: "subtitle: \"{unlocked_features}까지",
                            with: "subtitle: \"{period_count, plural, 기간 {x} ", at: "plural, 기간 {x} ")
        #expect(korean == ["other"])
        let arabic = """
            format: tollgate-templates/v1
            locale: ar
            paywalls:
              main:
                title: "{period_count, plural, zero {مجاني} o
            """
        let workspace = EditorFixture.workspace(policy: "format: tollgate/v1\n",
                                                templates: ["Templates/demo/ar.yaml": arabic])
        let items = workspace.completions(path: "Templates/demo/ar.yaml", at: SourcePosition(line: 5, column: 50))
        #expect(items.map(\.label) == ["zero", "one", "two", "few", "many", "other"])
        let lines = LineIndex(arabic)
        let json = try #require(items.first).toJSON(lines: lines)
        // `o` is scalar column 49, UTF-16 character 48 (each Arabic letter is one unit).
        #expect(json == .object([
            "label": .string("zero"), "kind": .number(14), "detail": .string("plural category of ar"),
            "textEdit": .object([
                "range": LSPRange(start: LSPPosition(line: 4, character: 48), end: LSPPosition(line: 4, character: 49))
                    .jsonValue,
                "newText": .string("zero"),
            ]),
        ]))
    }

    @Test func idItemsCarryWhatTheyAreAndReplaceTheTypedId() throws {
        let path = Self.policyPath
        let workspace = EditorFixture.photocollage()
        let position = EditorFixture.position(of: "highlight: com.example", in: workspace, path: path, offset: 22)
        let item = try #require(workspace.completions(path: path, at: position).last)
        #expect(item.kind == .value)
        #expect(item.detail == "product")
        #expect(item.documentation?.hasPrefix("**product** `com.example.photocollage.coins.100` — 100 Coins") == true)
        #expect(item.replacing?.start.column == position.column - 11)
    }
}

/// The template variables, as the renderer lists them.
enum TemplateVariableNames {
    static let all = ["product_title", "price", "period", "period_count", "price_per_month", "price_per_week",
                      "trial_period", "intro_price", "savings_percent", "currency", "tier_title", "unlocked_features"]
}
