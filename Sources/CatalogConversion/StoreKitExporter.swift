import JSON
import MessageFormat
package import PolicyModel
import TollgateEvaluation

/// `tollgate catalog export --format storekit`: the app's App Store products as a local Xcode StoreKit
/// configuration file (format 4.0), the same bytes for the same policy, templates and storefront.
///
/// Identifiers are the first 8 hex digits of SHA-256 of what they name, so they never change between exports.
/// Prices are the reference prices in the storefront's currency; a product without one stops the export, since
/// a made-up price would be tested as if it were real.
package struct StoreKitExporter: Sendable {
    /// The storefront the file sells in (ISO 3166-1 alpha-3, such as `USA`).
    package var storefront: String
    /// The storefront's ISO 4217 currency, which every `displayPrice` is in.
    package var currency: String

    package init(storefront: String, currency: String) {
        self.storefront = storefront
        self.currency = currency
    }

    /// The format version written: Xcode 16 writes 4.0 and later Xcode versions open it.
    static let version = (major: 4, minor: 0)

    /// The `.storekit` file of `app`'s App Store products.
    package func export(_ app: AppSources) throws(CatalogExportError) -> [UInt8] {
        let policy = app.policy
        let products = policy.products(soldIn: .appStore)
        guard !products.isEmpty else {
            throw CatalogExportError(
                "'\(policy.app.id.value)' sells nothing in the App Store: it has no 'bundle_id', or every product "
                    + "says 'stores: [play]'")
        }
        let unpriced = products.filter { price(of: $0.referencePrices) == nil }.map(\.id.value)
            + products.compactMap { product in
                product.introOffer.flatMap { offer in
                    offer.type.value != .freeTrial && price(of: offer.referencePrices) == nil
                        ? "the intro offer of \(product.id.value)" : nil
                }
            }
        guard unpriced.isEmpty else {
            throw CatalogExportError(
                "no reference price in \(currency), the currency of the storefront \(storefront), for "
                    + unpriced.map { "'\($0)'" }.joined(separator: ", "),
                help: "add '\(currency): \"…\"' to their reference_prices, or export for a storefront whose currency "
                    + "they are priced in with '--storefront'")
        }
        let locales = storeLocales(app)
        let sold = Set(products.map(\.id.value))
        func entry(_ product: Product) -> [String: JSONValue] {
            [
                "displayPrice": .string(price(of: product.referencePrices) ?? ""),
                "familyShareable": .bool(false),
                "internalID": .string(Self.identifier("product", product.id.value)),
                "localizations": .array(localizations(of: product, app: app, locales: locales)),
                "productID": .string(product.id.value),
                "referenceName": .string(product.referenceName?.value ?? product.id.value),
            ]
        }
        var groups: [JSONValue] = []
        for group in policy.subscriptionGroups {
            let levels = group.levels.map(\.value).filter { sold.contains($0) }
            guard !levels.isEmpty else { continue }
            let groupID = Self.identifier("group", group.id.value)
            let subscriptions = levels.enumerated().compactMap { index, id -> JSONValue? in
                guard let product = policy.product(id) else { return nil }
                var fields = entry(product)
                fields["adHocOffers"] = .array([])
                fields["codeOffers"] = .array([])
                fields["groupNumber"] = .number(Double(index + 1))
                fields["introductoryOffer"] = introductoryOffer(of: product)
                fields["recurringSubscriptionPeriod"] = .string(product.period?.value ?? "")
                fields["subscriptionGroupID"] = .string(groupID)
                fields["type"] = .string("RecurringSubscription")
                fields["winbackOffers"] = .array([])
                return .object(fields)
            }
            groups.append(.object([
                "id": .string(groupID), "localizations": .array([]), "name": .string(group.id.value),
                "subscriptions": .array(subscriptions),
            ]))
        }
        func entries(_ types: [ProductType: String]) -> JSONValue {
            .array(products.compactMap { product in
                types[product.type.value].map { type in
                    var fields = entry(product)
                    fields["type"] = .string(type)
                    return .object(fields)
                }
            })
        }
        let defaultLocale = StoreLocales.storeLocale(for: policy.app.defaultLocale.value)
        let file = JSONValue.object([
            "appPolicies": .object([
                "eula": .string(""),
                "policies": .array([.object([
                    "locale": .string(defaultLocale), "policyText": .string(""),
                    "policyURL": .string(policy.app.legal.privacyURL?.value ?? ""),
                ])]),
            ]),
            "identifier": .string(Self.identifier("file", policy.app.id.value)),
            "nonRenewingSubscriptions": entries([.nonRenewing: "NonRenewingSubscription"]),
            "products": entries([.consumable: "Consumable", .nonConsumable: "NonConsumable"]),
            "settings": .object(["_locale": .string(defaultLocale), "_storefront": .string(storefront)]),
            "subscriptionGroups": .array(groups),
            "version": .object([
                "major": .number(Double(Self.version.major)), "minor": .number(Double(Self.version.minor)),
            ]),
        ])
        return Self.fileBytes(file)
    }

    /// A `.storekit` file's bytes as Xcode writes them: Foundation's pretty format and a newline at the end.
    static func fileBytes(_ file: JSONValue) -> [UInt8] {
        var writer = JSONWriter(format: .foundationPretty, capacity: 16 << 10)
        writer.value(file)
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    /// The amount of `prices` in the storefront's currency.
    private func price(of prices: [ReferencePrice]) -> String? {
        prices.first { $0.currency.value == currency }?.amount.value
    }

    /// The intro offer of `product` as Xcode writes it, or `null`.
    private func introductoryOffer(of product: Product) -> JSONValue {
        guard let offer = product.introOffer else { return .null }
        var fields: [String: JSONValue] = [
            "internalID": .string(Self.identifier("intro-offer", product.id.value)),
            "paymentMode": .string(Self.paymentModes[offer.type.value] ?? ""),
            "subscriptionPeriod": .string(offer.period?.value ?? ""),
        ]
        if let periods = offer.periods { fields["numberOfPeriods"] = .number(Double(periods.value)) }
        if offer.type.value != .freeTrial, let amount = price(of: offer.referencePrices) {
            fields["displayPrice"] = .string(amount)
        }
        return .object(fields)
    }

    static let paymentModes: [IntroOfferType: String] = [
        .freeTrial: "free", .payAsYouGo: "payAsYouGo", .payUpFront: "payUpFront",
    ]

    /// The template locales as store locales, the default first; the default alone when there are no templates.
    private func storeLocales(_ app: AppSources) -> [(template: String, store: String)] {
        let defaultLocale = app.policy.app.defaultLocale.value
        let templates = app.templates.map(\.locale.value).filter { $0 != defaultLocale }.sorted()
        return ([defaultLocale] + templates).map { ($0, StoreLocales.storeLocale(for: $0)) }
    }

    /// A localization per locale: the template's product title where it has one, else the reference name.
    private func localizations(of product: Product, app: AppSources, locales: [(template: String, store: String)])
        -> [JSONValue] {
        locales.map { locale in
            let entry = app.templates(for: locale.template)?.products.first { $0.key.value == product.id.value }
            let name = entry.map { Self.plainText(of: $0.message) } ?? product.referenceName?.value ?? product.id.value
            return .object(["description": .string(""), "displayName": .string(name), "locale": .string(locale.store)])
        }
    }

    /// The text a title message prints when it has no arguments (`It''s` → `It's`), else its source text.
    static func plainText(of message: TemplateMessage) -> String {
        guard case .success(let pattern) = message.pattern else { return message.text.value }
        var text = ""
        for part in pattern.parts {
            guard case .text(let literal) = part else { return message.text.value }
            text += literal.value
        }
        return text
    }

    /// 8 uppercase hex digits that stand for `name` of `kind`: the start of the SHA-256 of `tollgate:kind:name`.
    static func identifier(_ kind: String, _ name: String) -> String {
        String(SHA256.hex(Array("tollgate:\(kind):\(name)".utf8)).prefix(8)).uppercased()
    }
}

/// Why `tollgate catalog export` wrote nothing.
package struct CatalogExportError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
    package var help: String?

    init(_ description: String, help: String? = nil) {
        self.description = description
        self.help = help
    }
}
