import Diagnostics
import Foundation
import PolicyModel
import StoreCatalog
import Testing

/// A private key in a `.storekit` file is found at its member's name, and its text is never kept or shown.
@Suite struct StoreKitPrivateKeyTests {
    @Test func theKeyIsFoundAndNotKept() throws {
        let catalog = try StoreKitFixture.read("handmade-private-key.storekit")
        let span = try #require(catalog.privateKey)
        #expect(span.file == "handmade-private-key.storekit")
        #expect(span.start == SourcePosition(line: 31, column: 5))
        var dumped = ""
        dump(catalog, to: &dumped)
        for text in [String(describing: catalog), String(reflecting: catalog), dumped] {
            #expect(!text.contains("FAKE"))
            #expect(!text.contains("PRIVATE KEY"))
        }
        #expect(catalog.products.map(\.id.value) == ["com.example.tollgate.unlock"])
    }

    @Test func noKeyEmptyKeyAndNullKeyPair() throws {
        #expect(try StoreKitFixture.read("revenuecat-unit-tests-v5.storekit").privateKey == nil)
        for pair in [#"{ "id" : "", "privateKey" : "" }"#, #"{ "id" : "A1", "privateKey" : " \n" }"#,
                     #"{ "id" : "A1", "privateKey" : null }"#, "null"] {
            let catalog = try StoreKitFixture.read(text: #"{ "products" : [], "subscriptionOffersKeyPair" : \#(pair) }"#)
            #expect(catalog.privateKey == nil, "\(pair)")
        }
    }

    @Test func errorsNeverShowTheKey() throws {
        let text = String(decoding: try StoreKitFixture.bytes("handmade-private-key.storekit"), as: UTF8.self)
        let broken = [
            text.replacingOccurrences(of: #""NonConsumable""#, with: #""Lifetime""#),
            text.replacingOccurrences(of: #"\nFAKE\n"#, with: "\nFAKE\n"),
            text.replacingOccurrences(of: #"\nFAKE\n"#, with: #"\qFAKE\n"#),
            text.replacingOccurrences(of: #""privateKey" : "-----BEGIN PRIVATE KEY-----"#, with: #""privateKey" : ["#)
                .replacingOccurrences(of: #"-----END PRIVATE KEY-----""#, with: #"-----END PRIVATE KEY-----"]"#),
        ]
        for file in broken {
            #expect(file.contains("FAKE"))
            #expect {
                _ = try StoreKitFixture.read(text: file)
            } throws: { error in
                let description = String(describing: error)
                return error is CatalogError && !description.contains("FAKE") && !description.contains("PRIVATE")
            }
        }
    }

    @Test func aKeyThatIsNotAStringIsAnError() {
        #expect(throws: CatalogError.invalidValue(CatalogError.Location(file: "test.storekit", line: 1, column: 67),
                                                  problem: "'privateKey' of 'subscriptionOffersKeyPair' must be a "
                                                      + "string, found a number")) {
            _ = try StoreKitFixture.read(text: #"{ "products" : [], "subscriptionOffersKeyPair" : { "privateKey" : 4711 } }"#)
        }
    }
}
