extension Connection: StoreDatabase {
    typealias Failure = SQLiteError

    func query(_ sql: String, _ parameters: [StoreValue]) throws(SQLiteError) -> [Row] {
        try prepare(sql).rows(parameters.map(SQLiteValue.init))
    }

    func queryRow(_ sql: String, _ parameters: [StoreValue]) throws(SQLiteError) -> Row {
        try prepare(sql).onlyRow(parameters.map(SQLiteValue.init))
    }

    /// Nothing: an SQLite store has no listeners; replicas poll.
    func channelMoved(app: String) {}
}

extension Row: StoreRow {}

extension SQLiteValue {
    init(_ value: StoreValue) {
        self = switch value {
        case .integer(let number): .integer(number)
        case .text(let text): .text(text)
        case .bytes(let bytes): .blob(bytes)
        case .null: .null
        }
    }
}
