import Diagnostics
import PolicyModel
import TollgateEvaluation

/// The JSON Schema (draft 2020-12) of the policy file, as strict as the loader.
///
/// Every mapping's keys and required keys are the loader's own constants, and a key without an entry
/// here stops `tollgate schema` at once, so the two cannot drift. Enumerations come from the model's
/// enums. Where the loader reads text it keeps an unquoted number as written (`name: 2048`), so text
/// properties accept numbers too; booleans and nulls stay refused, as the loader refuses them.
package enum PolicySchema {
    /// The schema document, with a trailing newline; `schema/policy.schema.json` is a copy of it.
    package static let json = document.json

    static let id = "https://tollgate.dev/schema/policy.schema.json"

    static var document: JSONSchema {
        mapping(
            """
            A Tollgate monetization policy, `Policies/<app-id>.yaml`: what the app sells and what each \
            purchase unlocks.
            """,
            keys: PolicyLoader.topLevelKeys,
            // The loader reports a missing `format:` on its own (unsupported-format), but requires it all the same.
            required: ["format"] + PolicyLoader.requiredTopLevelKeys,
            extra: [
                .schema("https://json-schema.org/draft/2020-12/schema"), .id(id), .title("Tollgate policy"),
                .defs(definitions),
            ],
            [
                "format": .object([.type([.string]), .const(.string(PolicyLoader.format))]
                    + JSONSchema.documentation("The file format and its version: `\(PolicyLoader.format)`.")),
                "app": app,
                "tiers": entries("""
                    Access tiers by id. `free` always exists and is always granted; a tier also gets \
                    everything its `includes` get.
                    """, values: ref("tier")),
                "products": list("""
                    The in-app purchase products, as App Store Connect and Google Play Console know them, \
                    and the tiers each grants.
                    """, of: ref("product")),
                "subscription_groups": entries("""
                    Subscription groups by id; the products of a group are alternatives, and the user has \
                    at most one of them at a time.
                    """, values: ref("subscriptionGroup")),
                "features": entries("""
                    The feature matrix: each feature by id, with the tier that unlocks it.
                    """, values: ref("feature")),
                "entitlements": entitlements,
                "ads": ads,
                "paywalls": entries("""
                    Paywalls by id: the products each offers, in order, and the one it highlights.
                    """, values: ref("paywall")),
                "placements": entries("""
                    Moments where the app may show a paywall, by id, and who sees which paywall there.
                    """, values: ref("paywallPlacement")),
                "experiments": entries("""
                    Experiments by id: splits of users between variants, used by placements' audiences.
                    """, values: ref("experiment")),
                "review": review,
                "customers": customers,
            ])
    }

    /// The reusable parts, under `$defs`.
    static var definitions: [String: JSONSchema] {
        [
            "tier": tier, "product": product, "introOffer": introOffer, "credits": credits,
            "subscriptionGroup": subscriptionGroup, "feature": feature, "placement": placement,
            "paywall": paywall, "referencePrices": referencePrices, "paywallPlacement": paywallPlacement,
            "audience": audience, "experiment": experiment, "variant": variant,
            "amount": .object([.type([.string, .number]), .pattern("^[0-9]+(\\.[0-9]+)?$"), .minimum(0)]
                + JSONSchema.documentation("""
                    A decimal amount in the currency's main unit, without sign, symbol or thousands \
                    separators, such as `"2.99"` or `"3900"`. Quote it so YAML keeps it as written.
                    """)),
            "duration": .object([.type([.string]), .pattern(durationPattern)]
                + JSONSchema.documentation("""
                    An ISO 8601 duration of whole numbers: `P1W`, `P1M`, `P3M`, `P1Y`, `PT3M`, `P1DT12H`.
                    """)),
        ]
    }

    /// `P[nY][nM][nW][nD][T[nH][nM][nS]]` with at least one component, and at least one after a `T`.
    static let durationPattern = "^P(?!$)([0-9]{1,9}Y)?([0-9]{1,9}M)?([0-9]{1,9}W)?([0-9]{1,9}D)?"
        + "(T(?=[0-9])([0-9]{1,9}H)?([0-9]{1,9}M)?([0-9]{1,9}S)?)?$"

    // MARK: - Sections

    static var app: JSONSchema {
        mapping("The app this policy belongs to.", keys: NodeReader.appKeys,
                required: NodeReader.appRequiredKeys, [
            // An unquoted id of digits (`2048`) is a number to editors and well-formed text to the loader.
            "id": .object([.type([.string, .integer]), .pattern("^[a-z0-9][a-z0-9-]*$"), .minimum(0)]
                + JSONSchema.documentation("""
                    The app id: lowercase letters, digits and `-`, starting with a letter or a digit. \
                    It equals the file name, `Policies/<app-id>.yaml`.
                    """)),
            "name": text("The app's name, as people know it."),
            "bundle_id": text("The iOS bundle identifier, such as `com.example.photocollage`."),
            "apple_id": .object([.type([.integer]), .minimum(1)] + JSONSchema.documentation("""
                The app's Apple ID in App Store Connect (App Information), such as `1234567890`; App Store \
                notifications from Production must carry it.
                """)),
            "package_name": text("The Android package name, such as `com.example.photocollage`."),
            "default_locale": text("The locale used when no template matches the user's, such as `en`."),
            "locales": list("""
                The locales the app ships, such as `[en, ko, ja]`; each needs a template file \
                `Templates/<app-id>/<locale>.yaml`. Quote `"no"` (Norwegian).
                """, of: text("A locale identifier, such as `en` or `pt-BR`.")),
            "legal": mapping("The legal documents paywalls link to.", keys: NodeReader.legalKeys, [
                "terms_url": text("The terms of use (EULA), such as `https://example.com/terms`."),
                "privacy_url": text("The privacy policy, such as `https://example.com/privacy`."),
            ]),
        ])
    }

    static var entitlements: JSONSchema {
        let defaults = EntitlementRules.defaults(at: .wholeFile(""))
        var properties: [String: JSONSchema] = [:]
        for state in EntitlementState.allCases {
            properties[state.rawValue] = state.mayGrant
                ? choice(StateAccess.self, "Whether access is kept when \(condition(of: state)).",
                         default: defaults.states[state]?.value)
                : choice(StateAccess.self, """
                    Whether access is kept when \(condition(of: state)): never, as the purchase is not paid for \
                    (`grant` is an error).
                    """, default: .deny, only: [.deny])
        }
        properties["unknown"] = choice(UnknownAccess.self, """
            What to assume while the store has not answered yet; `cached` keeps what the app last knew.
            """, default: defaults.unknown.value)
        return mapping("""
            Which store states keep access. A state left out takes the conservative default: only `active` \
            and `grace_period` grant.
            """, keys: NodeReader.entitlementKeys, properties)
    }

    /// When the store reports `state`, as the end of a sentence.
    static func condition(of state: EntitlementState) -> String {
        switch state {
        case .active: "the purchase or subscription is in good standing"
        case .gracePeriod: "a renewal failed and the store's billing grace period runs"
        case .billingRetry: "a renewal failed and the store keeps retrying, past any grace period"
        case .expired: "the subscription has ended"
        case .revoked: "the purchase was refunded or revoked"
        case .pending: "the purchase waits for approval or payment (Ask to Buy, deferred payment)"
        }
    }

    static var ads: JSONSchema {
        mapping("""
            When ads may show, and where. Ads show only when the store has answered (or \
            `hide_until_synced` is false), no granted tier is ad-free, and consent allows them.
            """, keys: NodeReader.adsKeys, [
                "hide_until_synced": flag("""
                    Hide ads until the store has answered, so paying users never see an ad at launch. \
                    Default `true`.
                    """, default: true),
                "require_consent": flag("Show ads only when the user's consent allows them. Default `true`.",
                                        default: true),
                "placements": entries("Ad placements by id, such as `banner.home`.", values: ref("placement")),
            ])
    }

    static var review: JSONSchema {
        mapping("""
            The App Store review checklist: where users restore purchases, what only a person can confirm, \
            and the rules switched off for this app.
            """, keys: NodeReader.reviewKeys, [
                "restore": mapping("Where users restore their purchases.", keys: NodeReader.restoreKeys, [
                    "locations": list("""
                        The screens that offer "Restore Purchases", such as `[paywall, settings]`; App Review \
                        looks for it on the paywall.
                        """, of: text("A screen of the app, such as `paywall` or `settings`.")),
                    "sync_on_launch": flag("""
                        Whether the app syncs with the store at launch, which asks for the store account; \
                        App Review wants `false`, with syncing only when the user taps restore.
                        """),
                ]),
                "attestations": entries("""
                    Things only a person can confirm, such as `paid_apps_agreement`; CI reports the open ones.
                    """, values: choice(AttestationStatus.self, "Whether a person has confirmed it.")),
                "waive": .object([
                    .type([.object, .null]),
                    .additionalProperties(text("Why the rule does not apply to this app.", [.minLength(1)])),
                ] + JSONSchema.documentation("""
                    Review rules switched off for this app, by rule id, each with the reason, such as \
                    `locale-coverage: "ja ships next release"`.
                    """)),
            ])
    }

    static var customers: JSONSchema {
        mapping("How Tollgate keeps the purchases the stores confirm for each customer.",
                keys: NodeReader.customersKeys, [
            "restore": choice(RestoreMode.self, """
                What happens when a customer restores a purchase another customer owns: `transfer` moves it \
                to them, `keep` refuses the restore. Default `transfer`.
                """, default: .transfer),
        ])
    }

    // MARK: - Definitions

    static var tier: JSONSchema {
        mapping("An access tier: a set of features sold together.", keys: NodeReader.tierKeys, [
            "title": text("The tier's name in the feature matrix and on paywalls."),
            "ad_free": flag("Whether granting this tier removes ads. Default `false`.", default: false),
            "includes": list("""
                Tiers whose features this tier also unlocks, such as `[remove-ads]`.
                """, of: text("A tier id.")),
        ])
    }

    static var product: JSONSchema {
        mapping("An in-app purchase product and what it grants.", keys: NodeReader.productKeys,
               required: NodeReader.productRequiredKeys, [
            "id": text("""
                The store product id, the same in App Store Connect and Google Play Console; a Google Play \
                subscription's base plan is `<productId>:<basePlanId>`.
                """),
            "type": choice(ProductType.self, """
                The store product type. `auto-renewable` subscriptions need a `group` and a `period`; \
                consumables grant no tiers.
                """),
            "grants": list("The tiers this product grants while it is owned.", of: text("A tier id.")),
            "group": text("The subscription group (under `subscription_groups`) of an auto-renewable product."),
            "period": ref("duration", """
                The subscription period: `P1W`, `P1M`, `P2M`, `P3M`, `P6M` or `P1Y`.
                """),
            "intro_offer": ref("introOffer"),
            "reference_name": text("The product's reference name in App Store Connect."),
            "reference_prices": ref("referencePrices", """
                Prices by currency for previews and sanity checks, such as `{ USD: "2.99", KRW: "3900" }`; \
                the store's own prices are shown at run time.
                """),
            "credits": ref("credits"),
            "stores": list("""
                The stores that sell it, such as `[play]`; without it, every store the app declares \
                (`bundle_id`: the App Store, `package_name`: Google Play).
                """, of: choice(Marketplace.self, "A store.")),
        ])
    }

    static var introOffer: JSONSchema {
        mapping("An introductory offer on a subscription, as StoreKit describes one.",
               keys: NodeReader.introOfferKeys, required: NodeReader.introOfferRequiredKeys, [
            "type": choice(IntroOfferType.self, """
                The kind of offer: free for one `period`, a lower price each `period` for `periods` \
                periods, or one lower payment for the whole `period`.
                """),
            "period": ref("duration", "The length of one offer period (the whole trial for a free trial)."),
            "periods": integer("How many periods a `pay-as-you-go` offer lasts."),
            "reference_prices": ref("referencePrices", """
                The offer price per period (`pay-as-you-go`) or for the whole offer (`pay-up-front`).
                """),
        ])
    }

    static var credits: JSONSchema {
        mapping("What a consumable adds to the user's balance.", keys: NodeReader.creditsKeys,
               required: NodeReader.creditsKeys, [
            "currency": text("The in-app currency, such as `coins`."),
            "amount": integer("How many units one purchase adds."),
        ])
    }

    static var referencePrices: JSONSchema {
        .object([
            .type([.object]),
            .propertyNames(.object([.pattern("^[A-Z]{3}$")]
                + JSONSchema.documentation("An ISO 4217 currency code: three capital letters, such as `USD`."))),
            .additionalProperties(ref("amount")),
        ] + JSONSchema.documentation("""
            Reference prices by ISO 4217 currency code, as decimal strings: `{ USD: "2.99", KRW: "3900" }`.
            """))
    }

    static var subscriptionGroup: JSONSchema {
        mapping("A subscription group: products of which a user has at most one at a time.",
               keys: NodeReader.subscriptionGroupKeys, required: NodeReader.subscriptionGroupRequiredKeys, [
            "title": text("The group's name in App Store Connect."),
            "levels": list("The group's products, from the highest level of service down.",
                           of: text("A product id.")),
        ])
    }

    static var feature: JSONSchema {
        mapping("A feature of the app: one row of the feature matrix.", keys: NodeReader.featureKeys,
               required: NodeReader.featureRequiredKeys, [
            "title": text("The feature's name in the feature matrix and on paywalls."),
            "tier": text("The tier that unlocks the feature; `free` for everyone."),
        ])
    }

    static var placement: JSONSchema {
        mapping("A place in the app where an ad may show.", keys: NodeReader.placementKeys,
               required: NodeReader.placementRequiredKeys, [
            "format": choice(AdFormat.self, "The ad format shown here."),
            "min_interval": ref("duration", "The shortest time between two ads here, such as `PT3M`."),
        ])
    }

    static var paywall: JSONSchema {
        mapping("A paywall: the products it offers, in order, and the one it highlights.",
               keys: NodeReader.paywallKeys, required: NodeReader.paywallRequiredKeys, [
            "products": list("The product ids offered, in display order.", of: text("A product id.")),
            "highlight": text("The product shown as the recommended choice; one of `products`."),
        ])
    }

    // MARK: - Builders

    /// A mapping with exactly the loader's `keys`; traps when `properties` covers other keys, so a key
    /// added to the loader needs its schema here before `tollgate schema` runs again.
    static func mapping(
        _ markdown: String, keys: [String], required: [String] = [], extra: [JSONSchema.Keyword] = [],
        _ properties: [String: JSONSchema]
    ) -> JSONSchema {
        precondition(Set(properties.keys) == Set(keys),
                     "schema properties \(properties.keys.sorted()) differ from the loader's keys \(keys.sorted())")
        var keywords: [JSONSchema.Keyword] = [.type([.object]), .properties(properties), .additionalProperties(.never)]
        if !required.isEmpty { keywords.append(.required(required)) }
        return .object(keywords + extra + JSONSchema.documentation(markdown))
    }

    /// A mapping whose keys the user chooses (tier, feature and placement ids), each with a `values` value.
    static func entries(_ markdown: String, values: JSONSchema) -> JSONSchema {
        .object([.type([.object]), .additionalProperties(values)] + JSONSchema.documentation(markdown))
    }

    static func list(_ markdown: String, of items: JSONSchema) -> JSONSchema {
        .object([.type([.array]), .items(items)] + JSONSchema.documentation(markdown))
    }

    /// Text as the loader reads it: a string, or a number kept as written.
    static func text(_ markdown: String, _ extra: [JSONSchema.Keyword] = []) -> JSONSchema {
        .object([.type([.string, .number])] + extra + JSONSchema.documentation(markdown))
    }

    static func flag(_ markdown: String, default value: Bool? = nil) -> JSONSchema {
        .object([.type([.boolean])] + (value.map { [.defaultValue(.bool($0))] } ?? [])
            + JSONSchema.documentation(markdown))
    }

    static func integer(_ markdown: String) -> JSONSchema {
        .object([.type([.integer])] + JSONSchema.documentation(markdown))
    }

    /// One of an enumeration's raw values (of `allowed` where given), listed after the summary.
    static func choice<Choice: CaseIterable & RawRepresentable>(
        _: Choice.Type, _ markdown: String, default value: Choice? = nil, only allowed: [Choice]? = nil
    ) -> JSONSchema where Choice.RawValue == String {
        let names = (allowed ?? Array(Choice.allCases)).map(\.rawValue)
        let quoted = names.map { "`\($0)`" }
        let listed = markdown
            + (quoted.count == 1 ? " Only \(quoted[0])." : " One of \(quoted.joined(separator: ", ")).")
        return .object([.type([.string]), .enumeration(names.map { .string($0) })]
            + (value.map { [.defaultValue(.string($0.rawValue))] } ?? [])
            + JSONSchema.documentation(listed))
    }

    /// A reference to a definition under `$defs`, with its own description where one is given.
    static func ref(_ name: String, _ markdown: String? = nil) -> JSONSchema {
        .object([.ref("#/$defs/\(name)")] + (markdown.map { JSONSchema.documentation($0) } ?? []))
    }
}
