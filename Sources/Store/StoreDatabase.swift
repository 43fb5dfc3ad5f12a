/// A value bound to a parameter of the store's statements, whichever the backend.
package enum StoreValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case bytes([UInt8])
    /// SQL NULL (of type text where the backend needs a type).
    case null
}

/// A row as the store's statements read it, by column name, throwing on NULL or a value of another type.
protocol StoreRow {
    associatedtype Failure: Error
    func integer(_ column: String) throws(Failure) -> Int64
    func text(_ column: String) throws(Failure) -> String
    func blob(_ column: String) throws(Failure) -> [UInt8]
}

/// One backend's connection as the logic both stores share (`StoreDatabase+Queries.swift`) uses it: the
/// store around it opens it, runs each change in a transaction, and turns `Failure` into a `StoreError`.
protocol StoreDatabase {
    associatedtype Failure: Error
    associatedtype Record: StoreRow where Record.Failure == Failure

    /// Runs one statement whose parameters are written `?1`, `?2`…, and returns its rows.
    func query(_ sql: String, _ parameters: [StoreValue]) throws(Failure) -> [Record]

    /// The row of a statement that always returns one (an aggregate, `RETURNING`); none is an error.
    func queryRow(_ sql: String, _ parameters: [StoreValue]) throws(Failure) -> Record

    /// Called inside the transaction that points a channel of `app` at another snapshot.
    func channelMoved(app: String) throws(Failure)
}
