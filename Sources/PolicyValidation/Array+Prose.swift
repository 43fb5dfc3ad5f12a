extension Array where Element == String {
    /// The items as prose: `a`, `a and b`, `a, b and c` (or `or` as the last joint).
    package func joinedAsProse(_ conjunction: String = "and") -> String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
