/// A level of access; `includes` names tiers whose features it also unlocks.
package struct Tier: Hashable, Sendable {
    package var id: Located<String>
    package var title: Located<String>?
    package var adFree: Bool
    package var includes: [Located<String>]

    package init(id: Located<String>, title: Located<String>?, adFree: Bool, includes: [Located<String>]) {
        self.id = id
        self.title = title
        self.adFree = adFree
        self.includes = includes
    }
}

/// One row of the feature matrix: a feature and the lowest tier that unlocks it.
package struct Feature: Hashable, Sendable {
    package var id: Located<String>
    package var title: Located<String>?
    package var tier: Located<String>

    package init(id: Located<String>, title: Located<String>?, tier: Located<String>) {
        self.id = id
        self.title = title
        self.tier = tier
    }
}
