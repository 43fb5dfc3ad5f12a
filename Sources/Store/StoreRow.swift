package import TollgateEvaluation

/// A row as the store's statements read it, by column name, throwing on NULL or a value of another type.
package protocol StoreRow {
    associatedtype Failure: Error
    func integer(_ column: String) throws(Failure) -> Int64
    func text(_ column: String) throws(Failure) -> String
    /// A floating-point number (an aggregate of `DOUBLE PRECISION` values); an integer reads as its value.
    func double(_ column: String) throws(Failure) -> Double
    func blob(_ column: String) throws(Failure) -> [UInt8]
    /// The text in `column` as `parse` reads it; text it reads as nil is a value of another type, `expected`.
    func parsed<T>(_ column: String, expected: String, _ parse: (String) -> T?) throws(Failure) -> T
    /// A time the store wrote: ISO 8601 text, or a time the backend's clock set in a column of its own type.
    func timestamp(_ column: String) throws(Failure) -> Timestamp
    /// Whether `column` holds NULL, for the few columns that may (an unowned purchase's owner).
    func isNull(_ column: String) throws(Failure) -> Bool
}

extension StoreRow {
    /// The text in `column`, or nil for NULL.
    package func optionalText(_ column: String) throws(Failure) -> String? {
        try isNull(column) ? nil : try text(column)
    }
}
