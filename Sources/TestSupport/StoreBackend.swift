/// The store backends the store tests run on: the embedded SQLite file, and a PostgreSQL database of the test's own
/// (`TestDatabase`) in the cluster `TOLLGATE_TEST_POSTGRES` names.
package enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    package var description: String { rawValue }
}
