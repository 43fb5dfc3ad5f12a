import Diagnostics

extension Suggestion {
    /// The `help:` line for `word`, which is not among `candidates`: the closest candidate if one is close, then
    /// every candidate after `listing` (`the apps are`) when it is given.
    static func help(for word: String, among candidates: [String], listing: String? = nil) -> String? {
        var parts: [String] = []
        if let closest = didYouMean(word, in: candidates) { parts.append(closest) }
        if let listing, !candidates.isEmpty { parts.append("\(listing) \(candidates.joined(separator: ", "))") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
