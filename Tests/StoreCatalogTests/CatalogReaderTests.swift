@testable import StoreCatalog
import Testing

/// The kind of a catalog file is told by its content: each kind by members no other kind has. A file of no known
/// shape, or with the marks of two kinds, is one error at its position that names the shapes it could have had.
@Suite struct CatalogReaderTests {
    let reader = CatalogReader(currencyOfStorefront: { $0 == "USA" ? "USD" : nil })

    @Test func unknownShapeNamesWhatWasExpected() {
        #expect {
            _ = try reader.read(file: "odd.json", bytes: Array(#"{ "items": [] }"#.utf8))
        } throws: { error in
            let error = error as? CatalogError
            return error?.line == 1 && error?.column == 1 && error?.problem.contains("'items'") == true
                && error?.problem.contains(".storekit") == true && error?.problem.contains("'data'") == true
        }
    }

    @Test func badJSONIsAnErrorAtItsLineAndColumn() {
        #expect(throws: CatalogError.notJSON(CatalogError.Location(file: "bad.storekit", line: 2, column: 14),
                                             problem: #"not valid JSON: expected ',' or '}', found '\"'"#)) {
            _ = try reader.read(file: "bad.storekit", bytes: Array("{\n  \"a\" : true \"b\" : 1 }".utf8))
        }
    }

    @Test func aListAtTheTopIsNotACatalog() {
        #expect {
            _ = try reader.read(file: "list.json", bytes: Array("[]".utf8))
        } throws: { error in
            (error as? CatalogError)?.problem.hasPrefix("not a store catalog: the file holds a list") == true
        }
    }

    @Test(arguments: [
        "joshdholtz-demo-v2.storekit", "revenuecat-paywalls-tester-v4-multilocale.storekit",
        "revenuecat-unit-tests-v5.storekit", "handmade-v1.1.storekit", "handmade-synced-v3.storekit",
        "handmade-private-key.storekit", "handmade-missing-optional-keys.storekit",
        "handmade-storefront-esp-v5.storekit",
    ])
    func everyStoreKitFileIsToldAsOne(name: String) throws {
        #expect(try kind(of: String(decoding: StoreKitFixture.bytes(name), as: UTF8.self)) == .storeKit)
    }

    @Test func storeKitShapesWithoutVersionOrSettings() throws {
        #expect(try kind(of: #"{ "products" : [] }"#) == .storeKit)
        #expect(try kind(of: #"{ "nonRenewingSubscriptions" : [] }"#) == .storeKit)
        #expect(try kind(of: #"{ "subscriptionGroups" : [], "settings" : {} }"#) == .storeKit)
    }

    @Test func appStoreConnectResponsesAreNotStoreKit() throws {
        let inAppPurchases = """
            { "data" : [ { "type" : "inAppPurchases", "id" : "6450000001",
                           "attributes" : { "productId" : "coins", "inAppPurchaseType" : "CONSUMABLE" } } ],
              "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/apps/1/inAppPurchasesV2" },
              "meta" : { "paging" : { "total" : 1, "limit" : 50 } } }
            """
        let groups = """
            { "data" : [ { "type" : "subscriptionGroups", "id" : "21400001",
                           "attributes" : { "referenceName" : "Plus" } } ],
              "included" : [ { "type" : "subscriptions", "id" : "6450000002",
                               "attributes" : { "productId" : "plus.monthly", "subscriptionPeriod" : "ONE_MONTH",
                                                "groupLevel" : 1 } } ],
              "links" : { "self" : "https://api.appstoreconnect.apple.com/v1/apps/1/subscriptionGroups" } }
            """
        #expect(try kind(of: inAppPurchases) == .appStoreConnect)
        #expect(try kind(of: groups) == .appStoreConnect)
    }

    @Test func playResponsesAreNotStoreKit() throws {
        let subscriptions = """
            { "subscriptions" : [ { "packageName" : "com.example.app", "productId" : "plus",
                                    "basePlans" : [ { "basePlanId" : "monthly", "state" : "ACTIVE" } ] } ],
              "nextPageToken" : "" }
            """
        let oneTime = #"{ "oneTimeProducts" : [ { "packageName" : "com.example.app", "productId" : "coins" } ] }"#
        let legacy = """
            { "kind" : "androidpublisher#inappproductsListResponse",
              "inappproduct" : [ { "packageName" : "com.example.app", "sku" : "coins", "purchaseType" : "managedUser",
                                   "defaultPrice" : { "priceMicros" : "990000", "currency" : "USD" } } ] }
            """
        #expect(try kind(of: subscriptions) == .play)
        #expect(try kind(of: oneTime) == .play)
        #expect(try kind(of: legacy) == .play)
        #expect(try kind(of: #"{ "packageName" : "com.example.app", "sku" : "coins", "status" : "active" }"#) == .play)
    }

    @Test func membersOfTwoKindsAreOneErrorNamingBoth() {
        #expect(throws: CatalogError.notACatalog(CatalogError.Location(file: "mixed.json"),
                                                 problem: "not a store catalog: the top-level object has members of "
                                                     + "an Xcode StoreKit configuration ('products') and an App "
                                                     + "Store Connect API response ('data'); a catalog file is one "
                                                     + "of them")) {
            _ = try reader.read(file: "mixed.json", bytes: Array(#"{ "data" : [], "products" : [] }"#.utf8))
        }
    }

    @Test func anAPIErrorResponseIsSaidToBeOne() {
        #expect {
            _ = try reader.read(file: "asc.json", bytes: Array(#"{ "errors" : [ { "status" : "401" } ] }"#.utf8))
        } throws: { error in
            (error as? CatalogError)?.problem.hasPrefix("not a store catalog: the file is an API error response "
                                                            + "('errors'); save the response of a request that "
                                                            + "succeeded; expected an Xcode") == true
        }
    }

    private func kind(of text: String) throws -> CatalogKind {
        try CatalogReader.kind(of: CatalogDocument(file: "test.json", bytes: Array(text.utf8)))
    }
}
