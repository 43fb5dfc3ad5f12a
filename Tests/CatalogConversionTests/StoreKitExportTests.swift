@testable import CatalogConversion
import Foundation
import JSON
import PolicyModel
import Project
import TestSupport
import Testing
import TollgateEvaluation

/// `catalog export --format storekit`: Xcode's formatting, the keys real files share, identifiers and prices.
@Suite struct StoreKitExportTests {
    static let realFiles = ["joshdholtz-demo-v2.storekit", "revenuecat-paywalls-tester-v4-multilocale.storekit",
                            "revenuecat-unit-tests-v5.storekit"]
    static let root = Fixtures.repositoryRoot().path
    static let exporter = StoreKitExporter(storefront: "USA", currency: "USD")

    static func example(_ app: String) throws -> AppSources {
        let loaded = try Project.load(policies: ["Policies/\(app).yaml"], from: DiskFiles(folder: root))[0]
        return try #require(loaded.sources)
    }

    static func realFile(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("storekit/\(name)"))))
    }

    @Test(arguments: ["photocollage", "lingualeap"])
    func theSamePolicyExportsTheSameBytes(app: String) throws {
        let first = try Self.exporter.export(try Self.example(app))
        let second = try Self.exporter.export(try Self.example(app))
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    /// Read and written back the exporter's way, each real file is the same bytes: the indent, separators, key
    /// order and empty lists and objects are Xcode's.
    @Test(arguments: realFiles)
    func realFilesWriteBackByteForByte(name: String) throws {
        let bytes = try Self.realFile(name)
        let written = StoreKitExporter.fileBytes(StoreKitShape.value(try JSONNode(reading: bytes)))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: ["photocollage", "lingualeap"])
    func everyKeyTheRealFilesShareIsThereWithTheSameType(app: String) throws {
        let real = try Self.realFiles.map { try JSONNode(reading: try Self.realFile($0)) }
        let shared = StoreKitShape.sharedKeys(of: real)
        #expect(shared[.subscription]?["groupNumber"] == ["a number"])
        let topKeys = Set((shared[.top] ?? [:]).keys)
        #expect(topKeys.isSuperset(of: ["identifier", "products", "version"]))
        let exported = StoreKitShape.objects(try JSONNode(reading: try Self.exporter.export(try Self.example(app))))
        for level in StoreKitShape.Level.allCases {
            let keys = try #require(shared[level], "no real file has objects at level \(level)")
            let objects = exported[level] ?? []
            #expect(!objects.isEmpty, "the export has no \(level.rawValue) objects")
            for object in objects {
                for (key, types) in keys {
                    let kind = object[key]?.kindName
                    #expect(kind.map(types.contains) == true,
                            "\(level.rawValue) '\(key)' is \(kind ?? "missing"); the real files have \(types.sorted())")
                }
            }
        }
    }

    @Test func identifiersAreEightUppercaseHexDigitsAndDistinct() throws {
        let root = try JSONNode(reading: try Self.exporter.export(try Self.example("lingualeap")))
        let objects = StoreKitShape.objects(root)
        let products: [JSONNode] = (objects[.product] ?? []) + (objects[.subscription] ?? []) + (objects[.offer] ?? [])
        let groupIDs: [JSONNode?] = (objects[.group] ?? []).map { $0["id"] }
        let ids: [JSONNode?] = [root["identifier"]] + groupIDs + products.map { $0["internalID"] }
        let texts = ids.compactMap { $0?.string }
        #expect(texts.count == ids.count)
        #expect(Set(texts).count == texts.count)
        #expect(texts.allSatisfy { $0.count == 8 && $0.allSatisfy { "0123456789ABCDEF".contains($0) } })
    }

    @Test func pricesAndLocalizationsComeFromTheReferencePricesAndTemplates() throws {
        let root = try JSONNode(reading: try Self.exporter.export(try Self.example("lingualeap")))
        let subscriptions = StoreKitShape.objects(root)[.subscription] ?? []
        let monthly = try #require(subscriptions.first { $0["productID"]?.string == "com.example.lingualeap.pro.monthly" })
        #expect(monthly["displayPrice"]?.string == "12.99")
        #expect(monthly["groupNumber"]?.number == 3)
        #expect(monthly["introductoryOffer"]?["displayPrice"]?.string == "6.99")
        #expect(monthly["introductoryOffer"]?["paymentMode"]?.string == "payAsYouGo")
        #expect(monthly["introductoryOffer"]?["numberOfPeriods"]?.number == 3)
        let locales = monthly["localizations"]?.elements?.compactMap { $0["locale"]?.string }
        #expect(locales == ["en_US", "ar", "de_DE", "pl", "ru"])
        #expect(root["settings"]?["_storefront"]?.string == "USA")
        #expect(root["settings"]?["_locale"]?.string == "en_US")
        #expect(root["nonRenewingSubscriptions"]?.elements?.first?["type"]?.string == "NonRenewingSubscription")
    }

    @Test func aProductWithoutAPriceInTheStorefrontsCurrencyStopsTheExport() throws {
        let exporter = StoreKitExporter(storefront: "CHE", currency: "CHF")
        #expect {
            _ = try exporter.export(try Self.example("photocollage"))
        } throws: { error in
            let error = error as? CatalogExportError
            return error?.description.contains("no reference price in CHF") == true
                && error?.description.contains("'com.example.photocollage.removeads'") == true
        }
    }
}
