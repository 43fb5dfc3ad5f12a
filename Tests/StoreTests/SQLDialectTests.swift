import Store
import Testing

/// How each backend reads the store's `?1` parameters.
struct SQLDialectTests {
    @Test func postgresReadsEachNumberedParameterAsDollar() {
        let sql = "SELECT ?1, ?12 FROM t WHERE name = 'café' AND a ?| b AND c = ?3"
        #expect(SQLDialect.postgres.parameters(sql)
                == "SELECT $1, $12 FROM t WHERE name = 'café' AND a ?| b AND c = $3")
        #expect(SQLDialect.postgres.parameters("?") == "?")
        #expect(SQLDialect.postgres.parameters("") == "")
    }

    @Test func sqliteReadsTheStatementAsWritten() {
        #expect(SQLDialect.sqlite.parameters("SELECT ?1 WHERE x = ?2") == "SELECT ?1 WHERE x = ?2")
    }
}
