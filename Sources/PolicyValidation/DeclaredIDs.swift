/// The ids a section of the policy declares, in policy order, for rules that look up every id a template
/// names: template files list titles in the policy's order, so the id at the same position is compared first,
/// and the set of all ids is only built for a name found elsewhere.
struct DeclaredIDs {
    private let ids: [String]
    private var set: Set<String>?

    init(_ ids: [String]) {
        self.ids = ids
    }

    /// Whether `id`, written at `position` of a list in policy order, is declared.
    mutating func contains(_ id: String, at position: Int) -> Bool {
        if position < ids.count, ids[position] == id { return true }
        return contains(id)
    }

    /// Whether `id` is declared.
    mutating func contains(_ id: String) -> Bool {
        if set == nil { set = Set(ids) }
        return set?.contains(id) ?? false
    }
}
