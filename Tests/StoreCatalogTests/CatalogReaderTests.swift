import StoreCatalog
import Testing

/// A file of no known catalog shape is one error at its position that names the shapes it could have had.
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
        #expect(throws: CatalogError(file: "bad.storekit", line: 2, column: 14,
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
}
