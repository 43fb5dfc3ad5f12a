import Diagnostics
import JSON
import LanguageServer
import Testing

/// Hover over ids says what they are and where they are declared; over paywall messages, what they render to.
@Suite struct HoverTests {
    static let policyPath = "Policies/photocollage.yaml"
    static let workspace = EditorFixture.photocollage()

    func hoverAt(_ needle: String, in path: String = policyPath, occurrence: Int = 0, offset: Int = 1) -> Hover? {
        let position = EditorFixture.position(of: needle, in: Self.workspace, path: path, occurrence: occurrence,
                                              offset: offset)
        return Self.workspace.hover(path: path, at: position)
    }

    @Test func tierReferenceShowsTheTierAndItsDeclaration() throws {
        let hover = try #require(hoverAt("remove-ads]", occurrence: 0))
        #expect(hover.markdown == "**tier** `remove-ads` — Remove Ads; ad-free; granted by "
            + "com.example.photocollage.removeads — defined at Policies/photocollage.yaml:16:3")
        #expect(hover.span?.start == SourcePosition(line: 17, column: 44))
    }

    @Test func tierDeclarationSaysWhatIncludesAndGrantsIt() throws {
        let hover = try #require(hoverAt("premium:    {", offset: 0))
        #expect(hover.markdown == "**tier** `premium` — Premium; includes remove-ads; granted by "
            + "com.example.photocollage.premium.monthly, com.example.photocollage.premium.yearly "
            + "— defined at Policies/photocollage.yaml:17:3")
    }

    @Test func productShowsTypeGroupPeriodPricesAndGrants() throws {
        let hover = try #require(hoverAt("com.example.photocollage.premium.monthly]", offset: 3))
        #expect(hover.markdown == "**product** `com.example.photocollage.premium.monthly` — Premium Monthly; "
            + "auto-renewable; group premium; period P1M; intro offer free-trial P1W; prices USD 3.99, KRW 4900, "
            + "JPY 600; grants premium — defined at Policies/photocollage.yaml:25:9")
    }

    @Test func placementAudienceNamesPaywallAndExperiment() throws {
        let paywall = try #require(hoverAt("paywall: main", offset: 10))
        #expect(paywall.markdown.hasPrefix("**paywall** `main` — products com.example.photocollage.premium.yearly, "))
        #expect(paywall.markdown.contains("shown by placements onboarding, templates-advanced, settings"))
        let experiment = try #require(hoverAt("experiment: onboarding-paywall", offset: 14))
        #expect(experiment.markdown == "**experiment** `onboarding-paywall` — A paywall after onboarding, or none; "
            + "running; variants paywall (90), holdout (10) — defined at Policies/photocollage.yaml:116:3")
        let placement = try #require(hoverAt("onboarding:", offset: 2))
        #expect(placement.markdown.hasPrefix(
            "**placement** `onboarding` — After onboarding; audiences subscribers, "))
    }

    @Test func featureAndGroup() throws {
        let feature = try #require(hoverAt("cloud-sync:", offset: 2))
        #expect(feature.markdown == "**feature** `cloud-sync` — Cloud sync; unlocked by tier premium "
            + "— defined at Policies/photocollage.yaml:55:3")
        let group = try #require(hoverAt("group: premium", offset: 9))
        #expect(group.markdown.hasPrefix("**group** `premium` — Photo Collage Premium; levels "))
    }

    @Test func templateKeysAreReferencesToThePolicy() throws {
        let hover = try #require(hoverAt("premium: 프리미엄", in: "Templates/photocollage/ko.yaml", offset: 2))
        #expect(hover.markdown.hasPrefix("**tier** `premium` — Premium;"))
        #expect(hover.span?.file == "Templates/photocollage/ko.yaml")
    }

    @Test func nothingOverPlainValues() {
        #expect(hoverAt("Photo Collage", offset: 2) == nil)
    }

    @Test func koreanMessageRendersWithReferencePrices() throws {
        let path = "Templates/photocollage/ko.yaml"
        let document = try #require(Self.workspace.documents[path])
        // `    non-consumable:` then `      price: "{price} · 한 번 구매로 평생 이용"`: hover over 평생, counted in
        // UTF-16 as an editor does.
        let line = try #require(document.text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("한 번 구매로") })
        let character = document.text.split(separator: "\n", omittingEmptySubsequences: false)[line].utf16.count - 4
        let position = document.lines.sourcePosition(LSPPosition(line: line, character: character))
        let hover = try #require(Self.workspace.hover(path: path, at: position))
        #expect(hover.markdown.hasPrefix("**message** `price` of `non-consumable` in paywall `main` (ko) renders as:"
            + "\n\n> US$2.99 · 한 번 구매로 평생 이용"))
        let range = try #require(hover.span.map(document.lines.lspRange))
        #expect(range.start == LSPPosition(line: line, character: 13))
        #expect(range.end.character == document.text.split(separator: "\n", omittingEmptySubsequences: false)[line]
            .utf16.count)
    }

    @Test func messageWithProductVariablesRendersForTheFirstProduct() throws {
        let hover = try #require(hoverAt("Try {trial_period}", in: "Templates/photocollage/en.yaml", offset: 2))
        #expect(hover.markdown.hasPrefix("**message** `trial` of `auto-renewable` in paywall `main` (en) renders as:"
            + "\n\n> Try 1 week free, then $3.99 / month"
            + "\n\n```\nTry {trial_period} free, then {price} / {period}\n```"))
        let badge = try #require(hoverAt("Save {savings", in: "Templates/photocollage/en.yaml", offset: 2))
        #expect(badge.markdown.contains("renders as:\n\n> Save "))
    }

    @Test func messageThatDoesNotRenderShowsWhy() throws {
        let policy = """
            format: tollgate/v1
            app:
              id: demo
              name: Demo
              default_locale: ar
              locales: [ar]
              legal: { terms_url: https://example.com/t, privacy_url: https://example.com/p }
            tiers:
              premium: { title: Premium }
            products:
              - id: demo.lifetime
                type: non-consumable
                grants: [premium]
            paywalls:
              main:
                products: [demo.lifetime]
            """
        let template = """
            format: tollgate-templates/v1
            locale: ar
            paywalls:
              main:
                title: "مرحبا 🎉"
                non-consumable:
                  price: "{price} مدى الحياة"
                restore: استعادة
                terms: الشروط
                privacy: الخصوصية
                price_unavailable: غير متاح
            """
        let path = "Templates/demo/ar.yaml"
        let workspace = EditorFixture.workspace(policy: policy, templates: [path: template])
        let position = EditorFixture.position(of: "مدى", in: workspace, path: path)
        let hover = try #require(workspace.hover(path: path, at: position))
        #expect(hover.markdown == "**message** `price` of `non-consumable` in paywall `main` (ar) does not render: "
            + "the policy has no reference prices\n\n```\n{price} مدى الحياة\n```")
        let json = hover.toJSON(lines: try #require(workspace.documents[path]).lines)
        // Line 7 is `      price: "{price} مدى الحياة"`: the quoted value starts at UTF-16 column 13.
        #expect(json == .object([
            "contents": .object(["kind": .string("markdown"), "value": .string(hover.markdown)]),
            "range": .object([
                "start": .object(["line": .number(6), "character": .number(13)]),
                "end": .object(["line": .number(6), "character": .number(33)]),
            ]),
        ]))
    }
}
