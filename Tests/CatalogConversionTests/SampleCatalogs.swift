import Diagnostics
import TollgateEvaluation
import PolicyModel
import StoreCatalog

/// Catalogs built in code, as the readers would give them.
enum SampleCatalogs {
    static let span = SourceSpan.wholeFile("Sample.storekit")

    static func at<Value>(_ value: Value) -> Located<Value> { Located(value, at: span) }

    static func names(_ pairs: [(String, String)]) -> [CatalogLocalization] {
        pairs.map { CatalogLocalization(locale: at($0.0), displayName: at($0.1)) }
    }

    static func product(_ id: String, _ type: ProductType, group: String? = nil, level: Int? = nil,
                        period: String? = nil, intro: CatalogIntroOffer? = nil, price: String? = nil,
                        names localized: [(String, String)] = [], referenceName: String? = nil) -> CatalogProduct {
        CatalogProduct(id: at(id), type: at(type), group: group.map(at), level: level.map(at), period: period.map(at),
                       introOffer: intro, prices: price.map { ["USD": at($0)] } ?? [:],
                       localizations: names(localized), referenceName: referenceName, span: span)
    }

    static func offer(_ type: IntroOfferType, _ period: String, periods: Int? = nil, price: String? = nil)
        -> CatalogIntroOffer {
        CatalogIntroOffer(type: at(type), period: at(period), periods: periods.map(at),
                          prices: price.map { ["USD": at($0)] } ?? [:], span: span)
    }

    /// Every product type, every kind of intro offer, two groups, equal group numbers and three locales.
    static let everyType = StoreCatalog(
        file: "Sample.storekit", source: .storeKit,
        facts: [.groups, .levels, .periods, .introOffers, .prices, .localizations],
        products: [
            product("com.example.shop.coins.100", .consumable, price: "0.99",
                    names: [("en_US", "100 Coins"), ("es_ES", "100 monedas")], referenceName: "Coins"),
            product("com.example.shop.lifetime", .nonConsumable, price: "49.99",
                    names: [("en_US", "Lifetime"), ("ar", "مدى الحياة")], referenceName: "Lifetime"),
            product("com.example.shop.pass", .nonRenewing, price: "9.99", names: [("en_US", "Season Pass")],
                    referenceName: "Season Pass"),
            product("com.example.shop.pro.monthly", .autoRenewable, group: "A1B2C3D4", level: 2, period: "P1M",
                    intro: offer(.payAsYouGo, "P1M", periods: 3, price: "1.99"), price: "4.99",
                    names: [("en_US", "Pro Monthly"), ("es_ES", "Pro mensual")], referenceName: "Pro Monthly"),
            product("com.example.shop.pro.yearly", .autoRenewable, group: "A1B2C3D4", level: 1, period: "P1Y",
                    intro: offer(.freeTrial, "P1W"), price: "39.99", names: [("en_US", "Pro Yearly")],
                    referenceName: "Pro Yearly"),
            product("com.example.shop.pro.weekly", .autoRenewable, group: "A1B2C3D4", level: 2, period: "P1W",
                    price: "1.49", referenceName: "Pro Weekly"),
            product("com.example.shop.plus.monthly", .autoRenewable, group: "E5F6A7B8", level: 1, period: "P1M",
                    intro: offer(.payUpFront, "P3M", price: "5.99"), price: "2.99",
                    names: [("en_US", "Plus \"Monthly\" {beta}"), ("es_ES", "Plus: it's 'new'")],
                    referenceName: "Plus Monthly"),
        ],
        groups: [
            CatalogGroup(id: at("A1B2C3D4"), name: at("Pro"), localizations: names([("en_US", "Shop Pro")]),
                         span: span),
            CatalogGroup(id: at("E5F6A7B8"), name: at("Plus & More"), span: span),
        ],
        storefront: "USA")
}
