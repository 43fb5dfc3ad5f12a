/// What a `reference` to a snapshot names: a version number, or a prefix of its hash (with or without
/// `sha256:`). Both backends read references alike.
enum SnapshotReference: Hashable {
    /// A version number (-1 for digits too many to be one, which no snapshot has).
    case version(Int64)
    /// A prefix of the hash, always starting with `sha256:`.
    case hashPrefix(String)

    init(_ reference: String) {
        if !reference.isEmpty, reference.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            self = .version(Int64(reference) ?? -1)
        } else {
            self = .hashPrefix(reference.hasPrefix("sha256:") ? reference : "sha256:" + reference)
        }
    }

    /// The one snapshot of `matches` (ordered by version) that `reference` names for `app`, or the error
    /// that says why there is none: `app` is not in `knownApps`, no version matches, or several do.
    static func only<Match>(_ matches: [Match], version: (Match) -> Int, app: String, reference: String,
                            knownApps: [String]) throws(StoreError) -> Match {
        if matches.count > 1 {
            throw .ambiguousVersion(app: app, reference: reference, versions: matches.map(version))
        }
        guard let only = matches.first else {
            if !knownApps.contains(app) { throw .unknownApp(app: app, reference: reference, known: knownApps) }
            throw .unknownVersion(app: app, reference: reference)
        }
        return only
    }
}
