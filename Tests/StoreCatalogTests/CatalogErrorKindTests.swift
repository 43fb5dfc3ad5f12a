import StoreCatalog
import Testing

/// A reading error is a case a caller can switch on, with the same message as before.
@Suite struct CatalogErrorKindTests {
    enum Kind: Equatable {
        case notJSON, notACatalog, missingMember, invalidValue, incomplete, inconsistent
    }

    static let reader = CatalogReader(currencyOfStorefront: { _ in "USD" })

    /// The kind of the error reading `text` gives, and its message.
    static func read(_ text: String) -> (kind: Kind, message: String)? {
        do throws(CatalogError) {
            _ = try reader.read(file: "c.json", bytes: Array(text.utf8))
            return nil
        } catch {
            let kind: Kind = switch error {
            case .notJSON: .notJSON
            case .notACatalog: .notACatalog
            case .missingMember: .missingMember
            case .invalidValue: .invalidValue
            case .incomplete: .incomplete
            case .inconsistent: .inconsistent
            }
            return (kind, error.description)
        }
    }

    @Test(arguments: [
        ("{ \"products\" : [ ", Kind.notJSON),
        ("[]", .notACatalog),
        (#"{ "data": [ { "type": "apps", "id": "1" } ] }"#, .notACatalog),
        (#"{ "products" : [ { "type" : "Consumable" } ] }"#, .missingMember),
        (#"{ "products" : [ { "productID" : 7, "type" : "Consumable" } ] }"#, .invalidValue),
        (#"{ "data": [ { "type": "subscriptionGroups", "id": "1", "relationships": { "subscriptions": { "data": [ { "type": "subscriptions", "id": "7" } ] } } } ] }"#,
         .incomplete),
        (#"{ "products" : [ { "productID" : "a", "type" : "Consumable" }, { "productID" : "a", "type" : "Consumable" } ] }"#,
         .inconsistent),
    ])
    func eachProblemIsACase(text: String, kind: Kind) throws {
        let found = try #require(Self.read(text))
        #expect(found.kind == kind, "\(found.message)")
        #expect(found.message.hasPrefix("c.json:1:"))
    }
}
