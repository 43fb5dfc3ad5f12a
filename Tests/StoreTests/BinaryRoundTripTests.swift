import Store
import TestSupport
import Testing

/// Bundles and files are bytes: every byte value reads back as written on both backends, and PostgreSQL
/// sends `bytea` in binary, read by the column's type rather than decoded from hex text.
@Suite(.tags(.postgres)) struct BinaryRoundTripTests {
    static let everyByte = (0...255).map(UInt8.init)

    @Test(arguments: StoreBackend.allCases) func everyByteValueReadsBackAsPublished(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        var publication = TemporaryStore.publication(tag: "a", products: [])
        publication.bundle = Self.everyByte
        publication.files = ["Policies/demo.yaml": Self.everyByte.reversed(), "Templates/demo/en.yaml": [0], "empty": []]
        _ = try writer.publish(publication)
        let snapshot = try store.open(.read).snapshot(app: "demo", reference: "1")
        #expect(snapshot.bundle == Self.everyByte)
        #expect(snapshot.files == publication.files)
        #expect(try store.open(.read).active(app: "demo", channel: "production")?.bundle == Self.everyByte)
    }

    @Test func postgresReadsByteaIntegersAndTextByTheirTypes() throws {
        let database = try TestDatabase.create("binary")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        let row = try #require(try connection.execute("""
            SELECT $1::bytea AS b, $2::bigint AS big, -7::integer AS int, -3::smallint AS small, 'x'::varchar AS v,
                   true AS yes
            """, [.bytes(Self.everyByte), .integer(Int64.min)]).first)
        #expect(row.types == [.bytea, .int8, .int4, .int2, .varchar, .bool])
        #expect(try row.blob("b") == Self.everyByte)
        #expect(try row.integer("big") == Int64.min)
        #expect(try row.integer("int") == -7 && row.integer("small") == -3)
        #expect(try row.text("v") == "x" && row.bool("yes"))
        // Read as text, a bytea column is a value of another type, not `\x00010203…`.
        let error = try #require(throws: PostgresError.self) { try row.text("b") }
        #expect(error.message == "column 'b' holds bytea where text is expected")
    }
}
