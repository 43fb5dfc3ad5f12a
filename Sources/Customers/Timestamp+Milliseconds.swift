import TollgateEvaluation

extension Timestamp {
    /// The second `milliseconds` since 1970 fall in (rounded down, so an end of access is never late).
    init(milliseconds: Int64) {
        self.init(secondsSince1970: milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
    }
}
