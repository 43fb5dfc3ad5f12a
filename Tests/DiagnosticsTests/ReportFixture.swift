import Diagnostics

/// The one report every format is golden-tested from: two apps, every severity, a finding with help
/// and a related place, a message full of characters that formats must escape, every checklist status.
enum ReportFixture {
    static let photocollagePolicy = """
        format: tollgate/v1
        app:
          id: photocollage
          name: Photo Collage
          locales: [en, ko]
        tiers:
          free:       { title: Free }
          remove-ads: { title: Remove Ads, ad_free: true }
          premium:    { title: Premium, includes: [remove-ads] }
        products:
          - id: com.example.photocollage.removeads
            type: non-consumable
            grants: [remove-ad]
          - id: com.example.photocollage.premium.monthly
            type: auto-renewable
            group: premium
            period: P1M
            grants: [premium]
          - id: com.example.photocollage.removeads
            type: non-consumable
            grants: [remove-ads]
        features:
          cloud-sync: { title: Cloud sync, tier: premium }

        """

    static let photocollageKorean = """
        locale: ko
        paywalls:
          main:
            headline: "가격: 50% off, <b>today</b> | A&B"
            cta: "구독하기"

        """

    static let sources = [
        "Policies/photocollage.yaml": SourceFile(path: "Policies/photocollage.yaml", text: photocollagePolicy),
        "Templates/photocollage/ko.yaml": SourceFile(path: "Templates/photocollage/ko.yaml", text: photocollageKorean),
    ]

    static let rules = [
        RuleDescriptor(
            id: "unknown-tier", severity: .error, category: "references",
            summary: "a product or feature names a tier that is not declared",
            explanation: "Every tier a product grants or a feature requires must be declared under 'tiers'. "
                + "Fix the spelling or declare the tier."),
        RuleDescriptor(
            id: "duplicate-product", severity: .error, category: "products",
            summary: "two products have the same id",
            explanation: "A store product id identifies one product. Remove the second entry or give it its own id."),
        RuleDescriptor(
            id: "unused-feature", severity: .note, category: "features",
            summary: "a feature is shown on no paywall",
            explanation: "Users cannot learn what a feature costs if no paywall lists it. Add it to a paywall."),
        RuleDescriptor(
            id: "review-restore", severity: .error, category: "review",
            summary: "the app offers no way to restore purchases",
            explanation: "App Review Guideline 3.1.1 requires a restore mechanism. List where restore is offered.",
            checklistItem: "Restore purchases is offered"),
        RuleDescriptor(
            id: "review-price-disclosure", severity: .warning, category: "review",
            summary: "a paywall does not show the full price per period",
            explanation: "Schedule 2 §3.8(b) asks for the price of the subscription and its period to be clear.",
            checklistItem: "Price per period is shown"),
        RuleDescriptor(
            id: "review-legal-links", severity: .error, category: "review",
            summary: "a paywall has no terms of use or privacy policy link",
            explanation: "Auto-renewable subscriptions must link the terms of use and the privacy policy.",
            checklistItem: "Terms and privacy links"),
        RuleDescriptor(
            id: "review-trial-terms", severity: .warning, category: "review",
            summary: "a free trial does not say what happens when it ends",
            explanation: "A trial must state its length and the price charged after it.",
            checklistItem: "Trial terms are stated"),
    ]

    static let photocollage = AppReport(
        app: "photocollage",
        file: "Policies/photocollage.yaml",
        // Deliberately not in source order: formats sort.
        diagnostics: [
            Diagnostic(
                rule: "unused-feature", severity: .note,
                message: "feature 'cloud-sync' is shown on no paywall",
                span: span("Policies/photocollage.yaml", line: 23, "cloud-sync")),
            Diagnostic(
                rule: "review-price-disclosure", severity: .warning,
                message: "paywall 'main' headline '가격: 50% off, <b>today</b> | A&B' shows a discount "
                    + "without the regular price\nlocale: ko",
                span: span("Templates/photocollage/ko.yaml", line: 4, "50% off"),
                help: "show the regular price next to the discount, e.g. '{regular_price}'"),
            Diagnostic(
                rule: "duplicate-product", severity: .error,
                message: "product 'com.example.photocollage.removeads' is declared twice",
                span: span("Policies/photocollage.yaml", line: 19, "com.example.photocollage.removeads"),
                related: [
                    Diagnostic.Related(
                        span: span("Policies/photocollage.yaml", line: 11, "com.example.photocollage.removeads"),
                        message: "first declared here")
                ]),
            Diagnostic(
                rule: "unknown-tier", severity: .error,
                message: "product 'com.example.photocollage.removeads' grants unknown tier 'remove-ad'",
                span: span("Policies/photocollage.yaml", line: 13, "remove-ad"),
                help: "did you mean 'remove-ads'?"),
        ],
        checklist: [
            ChecklistEntry(
                item: "Restore purchases is offered", rule: "review-restore", status: .pass,
                evidence: "restore on the paywall and in settings"),
            ChecklistEntry(
                item: "Price per period is shown", rule: "review-price-disclosure", status: .fail,
                evidence: "headline of locale 'ko' shows a discount without the regular price"),
            ChecklistEntry(
                item: "Terms and privacy links", rule: "review-legal-links", status: .waived,
                evidence: "links live in Settings | approved by legal\nsee LEGAL-12"),
            ChecklistEntry(
                item: "Trial terms are stated", rule: "review-trial-terms", status: .manual,
                evidence: "confirm the trial wording on the review screenshot"),
        ])

    static let weatherly = AppReport(
        app: "weatherly",
        file: "Policies/weatherly.yaml",
        diagnostics: [
            Diagnostic(
                rule: "unknown-tier", severity: .error,
                message: "feature 'alerts' requires unknown tier 'plsu'",
                span: SourceSpan(
                    file: "Policies/weatherly.yaml",
                    start: SourcePosition(line: 9, column: 34), end: SourcePosition(line: 9, column: 38)),
                help: "did you mean 'plus'?")
        ],
        checklist: [
            ChecklistEntry(
                item: "Restore purchases is offered", rule: "review-restore", status: .pass,
                evidence: "restore in settings"),
            ChecklistEntry(
                item: "Price per period is shown", rule: "review-price-disclosure", status: .pass,
                evidence: "every paywall shows '{price}/{period}'"),
            ChecklistEntry(
                item: "Terms and privacy links", rule: "review-legal-links", status: .pass,
                evidence: "terms_url and privacy_url on every paywall"),
            ChecklistEntry(
                item: "Trial terms are stated", rule: "review-trial-terms", status: .pass,
                evidence: "no product has a trial"),
        ])

    static let report = ValidationReport(apps: [photocollage, weatherly], rules: rules, toolVersion: "1.0.0")

    /// The span of the first `needle` on a 1-based line of a fixture source, in scalar columns.
    static func span(_ path: String, line: Int, _ needle: String) -> SourceSpan {
        guard let text = sources[path]?.line(line), let range = text.firstRange(of: needle) else {
            fatalError("'\(needle)' is not on line \(line) of \(path)")
        }
        let column = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound) + 1
        return SourceSpan(
            file: path,
            start: SourcePosition(line: line, column: column),
            end: SourcePosition(line: line, column: column + needle.unicodeScalars.count))
    }
}
