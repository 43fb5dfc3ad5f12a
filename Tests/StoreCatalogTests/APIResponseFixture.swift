import Diagnostics
import Foundation
import PolicyModel
import StoreCatalog
import TestSupport

/// Reads saved App Store Connect and Google Play responses from `Tests/Fixtures/catalogs` or from text, with a
/// reader that knows no storefront (those responses name their currencies), and says where a value is.
enum APIResponseFixture {
    static let reader = CatalogReader(currencyOfStorefront: { _ in nil })

    /// The fixture `name` read as a catalog.
    static func read(_ name: String) throws -> StoreCatalog {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("catalogs/\(name)", file: #filePath)))
        return try reader.read(file: name, bytes: Array(bytes))
    }

    /// `text` read as a catalog from the file `file`.
    static func read(text: String, file: String = "response.json") throws -> StoreCatalog {
        try reader.read(file: file, bytes: Array(text.utf8))
    }

    /// Where `located` starts, `line:column`, or `none`.
    static func position<Value>(_ located: Located<Value>?) -> String {
        located.map { "\($0.span.start.line):\($0.span.start.column)" } ?? "none"
    }
}
