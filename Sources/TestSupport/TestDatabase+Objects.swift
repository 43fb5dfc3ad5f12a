extension TestDatabase {
    /// The schemas and relations (tables, sequences, views, indexes) in the database outside PostgreSQL's own
    /// schemas, one `schema.name` a line: empty for a database nothing was created in.
    package func objects() throws -> String {
        try execute("""
            SELECT coalesce(string_agg(name, E'\\n' ORDER BY name), '') FROM (
              SELECT nspname AS name FROM pg_namespace
              WHERE nspname NOT LIKE 'pg\\_%' AND nspname NOT IN ('information_schema', 'public')
              UNION ALL
              SELECT n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
            ) AS found
            """)
    }
}
