import Foundation
import TestSupport
import Testing
import TollgateCLI

/// A store's product-id rules apply only to the products sold in that store: Google Play's lowercase first
/// character is not asked of a product the App Store alone sells.
///
/// `Tests/Fixtures/rules/product-id-format/stores/<case>/` are projects with the product id `P2`;
/// `<case>.out` beside each is what `tollgate validate` prints for it.
@Suite struct ProductIDStoreTests {
    @Test(arguments: [
        ("app-store-only", Int32(0)), ("app-store-product", Int32(0)), ("play-sold", Int32(1)),
    ])
    func productIDRulesOfTheStoresThatSellIt(name: String, exitCode: Int32) throws {
        let folder = Fixtures.path("rules/product-id-format/stores/\(name)")
        let result = Tollgate.run(["validate"], context: CommandContext(currentDirectory: folder))
        #expect(result.exitCode == exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("[product-id-format]") == (exitCode != 0), "\(result.stderr)")
        if let mismatch = Golden.check(result.stderr, against: Fixtures.path("rules/product-id-format/stores/\(name).out")) {
            Issue.record("\(mismatch)")
        }
    }
}
