import Foundation
import Store
import TestSupport
import Testing

/// URLs in messages never show a password.
@Suite(.tags(.postgres)) struct PostgresURLTests {
    @Test(arguments: [
        ("postgresql://u:secret@h/db", "postgresql://u@h/db"),
        ("postgres://u:secret@h:5432/db", "postgres://u@h:5432/db"),
        ("postgresql://u:p@ss/w:rd@h/db", "postgresql://u@h/db"),
        ("postgresql://u@h/db", "postgresql://u@h/db"),
        ("postgresql://h:5432/db", "postgresql://h:5432/db"),
        ("postgresql://u@h/db?password=secret", "postgresql://u@h/db"),
        ("postgresql://h/db?sslmode=require&PASSWORD=secret&connect_timeout=3",
         "postgresql://h/db?sslmode=require&connect_timeout=3"),
        ("postgresql://u:secret@h/db?password=secret&user=u", "postgresql://u@h/db?user=u"),
        ("postgresql://", "postgresql://"),
    ])
    func aURLLosesItsPassword(url: String, redacted: String) {
        #expect(PostgresURL.redacted(url) == redacted)
    }

    @Test func aLocationIsNamedWithoutItsPassword() {
        #expect(StoreLocation("postgres://u:secret@h/db?password=x").name == "postgres://u@h/db")
        #expect(StoreLocation("sqlite:a:b@c").name == "a:b@c")
        #expect(StoreLocation(".tollgate/store.sqlite").name == ".tollgate/store.sqlite")
    }

    @Test func aStoreIsNamedWithoutItsPassword() throws {
        let database = try TestDatabase.create("named")
        defer { database.drop() }
        let url = database.url.replacingOccurrences(of: "postgres@", with: "postgres:unused@")
        let store = try StoreLocation(url).open(.create)
        #expect(store is PostgresStore)
        #expect(store.name == database.url)
    }
}
