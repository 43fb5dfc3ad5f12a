/// A PostgreSQL type by its OID, as `pg_type` numbers it (the OIDs of built-in types never change); the
/// types the store binds and reads.
package struct PostgresType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `BOOLOID`.
    package static let bool = PostgresType(rawValue: 16)
    /// `BYTEAOID`.
    package static let bytea = PostgresType(rawValue: 17)
    /// `NAMEOID`.
    package static let name = PostgresType(rawValue: 19)
    /// `INT8OID`: `bigint`.
    package static let int8 = PostgresType(rawValue: 20)
    /// `INT2OID`: `smallint`.
    package static let int2 = PostgresType(rawValue: 21)
    /// `INT4OID`: `integer`.
    package static let int4 = PostgresType(rawValue: 23)
    /// `FLOAT8OID`: `double precision`.
    package static let float8 = PostgresType(rawValue: 701)
    /// `TEXTOID`.
    package static let text = PostgresType(rawValue: 25)
    /// `BPCHAROID`: `char(n)`.
    package static let bpchar = PostgresType(rawValue: 1042)
    /// `VARCHAROID`.
    package static let varchar = PostgresType(rawValue: 1043)
    /// `TIMESTAMPTZOID`.
    package static let timestamptz = PostgresType(rawValue: 1184)

    /// The type's SQL name, or its OID for a type the store does not read.
    package var description: String {
        switch self {
        case .bool: "boolean"
        case .bytea: "bytea"
        case .name: "name"
        case .int8: "bigint"
        case .int2: "smallint"
        case .int4: "integer"
        case .text: "text"
        case .bpchar: "character"
        case .varchar: "character varying"
        case .timestamptz: "timestamp with time zone"
        case .float8: "double precision"
        default: "type \(rawValue)"
        }
    }

    /// The types whose binary form is the text's bytes in the client encoding (UTF-8).
    var isText: Bool { [.text, .varchar, .bpchar, .name].contains(self) }
}
