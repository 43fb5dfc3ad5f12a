import Foundation
import PolicyModel
import StoreCatalog
import TestSupport
import TollgateEvaluation

/// Reads `.storekit` test files from `Tests/Fixtures/storekit` or from text, with a reader that knows the USA and
/// Spain storefronts, and sums a product up in one line for exact comparisons.
enum StoreKitFixture {
    static let reader = CatalogReader(currencyOfStorefront: { ["USA": "USD", "ESP": "EUR"][$0] })

    /// The bytes of the fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("storekit/\(name)", file: #filePath))))
    }

    /// The fixture `name` read as a catalog.
    static func read(_ name: String) throws -> StoreCatalog {
        try reader.read(file: name, bytes: bytes(name))
    }

    /// `text` read as a catalog from the file `file`.
    static func read(text: String, file: String = "test.storekit") throws -> StoreCatalog {
        try reader.read(file: file, bytes: Array(text.utf8))
    }

    /// `product`'s id, type, group, level, period, intro offer, prices and locales, such as
    /// `monthly auto-renewable group=A1 level=1 period=P1M intro=free-trial/P1W/- USD=0.99 locales=en_US,ar`.
    static func summary(_ product: CatalogProduct) -> String {
        var parts = [product.id.value, product.type.value.rawValue]
        if let group = product.group { parts.append("group=\(group.value)") }
        if let level = product.level { parts.append("level=\(level.value)") }
        if let period = product.period { parts.append("period=\(period.value)") }
        if let offer = product.introOffer {
            let prices = offer.prices.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.value)" }
            parts.append("intro=" + ([offer.type.value.rawValue, offer.period?.value ?? "-",
                                      offer.periods.map { "\($0.value)" } ?? "-"] + prices).joined(separator: "/"))
        }
        parts += product.prices.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.value)" }
        parts.append("locales=" + product.localizations.map(\.locale.value).joined(separator: ","))
        return parts.joined(separator: " ")
    }
}
