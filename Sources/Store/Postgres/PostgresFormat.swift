/// The format of a parameter or result column in `PQexecParams`.
enum PostgresFormat: Int32 {
    case text = 0
    case binary = 1
}
