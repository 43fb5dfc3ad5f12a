import CatalogConversion
import Foundation
import PolicyModel
import Rendering
import StoreCatalog
import TestSupport
import Testing
import TollgateEvaluation

/// Export, read back with the StoreKit reader, import, load: the same products, types, groups, levels, periods
/// and intro offers as the policy exported.
@Suite struct RoundTripTests {
    /// What a round trip keeps of a product.
    struct Kept: Hashable, CustomStringConvertible {
        var id: String
        var type: ProductType
        var group: String?
        var level: Int?
        var period: String?
        var intro: String?

        var description: String {
            "\(id) \(type.rawValue) \(group ?? "-") \(level.map(String.init) ?? "-") \(period ?? "-") \(intro ?? "-")"
        }
    }

    /// The App Store products of `policy` as a round trip keeps them, by id (a `.storekit` file lists products by
    /// kind); non-renewing periods aside, since a `.storekit` file has no period for them.
    static func kept(_ policy: Policy) -> [Kept] {
        let sold = policy.products(soldIn: .appStore)
        let ids = Set(sold.map(\.id.value))
        return sold.sorted { $0.id.value < $1.id.value }.map { product in
            let group = product.group.flatMap { policy.group($0.value) }
            let levels = group?.levels.map(\.value).filter(ids.contains)
            let intro = product.introOffer.map { offer in
                let price = offer.referencePrices.first { $0.currency.value == "USD" }?.amount.value ?? "-"
                return "\(offer.type.value.rawValue) \(offer.period?.value ?? "-") ×\(offer.periods?.value ?? 1) \(price)"
            }
            return Kept(id: product.id.value, type: product.type.value, group: group?.id.value,
                        level: levels?.firstIndex(of: product.id.value),
                        period: product.type.value == .nonRenewing ? nil : product.period?.value, intro: intro)
        }
    }

    static func roundTrip(_ sources: AppSources) throws -> (back: Policy, project: ImportedProject) {
        let bytes = try StoreKitExporter(storefront: "USA", currency: "USD").export(sources)
        let reader = CatalogReader(currencyOfStorefront: CLDRCurrencies.currency(ofStorefront:))
        let catalog = try reader.read(file: "exported.storekit", bytes: bytes)
        let project = try ImportedProject(catalog, app: sources.policy.app.id.value)
        return (try project.load().policy, project)
    }

    @Test(arguments: ["photocollage", "lingualeap"])
    func theExamplesComeBackAsTheyWere(app: String) throws {
        let sources = try StoreKitExportTests.example(app)
        let (back, project) = try Self.roundTrip(sources)
        defer { project.remove() }
        #expect(Self.kept(back) == Self.kept(sources.policy))
        #expect(try project.findings().exitCode == 0)
    }

    @Test func everyProductTypeComesBackAsItWas() throws {
        let first = try ImportedProject(SampleCatalogs.everyType)
        defer { first.remove() }
        let sources = try first.load()
        let (back, project) = try Self.roundTrip(sources)
        defer { project.remove() }
        #expect(Set(back.products.map(\.type.value)) == Set(ProductType.allCases))
        #expect(Self.kept(back) == Self.kept(sources.policy))
        #expect(back.product("com.example.shop.pass")?.period?.value == "P1M")
        #expect(try project.findings().exitCode == 0)
    }

    @Test func theLingualeapPassComesBackWithAPlaceholderPeriodThatSaysSo() throws {
        let (back, project) = try Self.roundTrip(try StoreKitExportTests.example("lingualeap"))
        defer { project.remove() }
        #expect(back.product("com.example.lingualeap.exam.pass")?.period?.value == "P1M")
        #expect(project.text("Policies/lingualeap.yaml").contains("does not say how long the pass lasts"))
    }
}
