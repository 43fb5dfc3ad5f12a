/// One difference between two versions of an app's policy, in a product manager's terms.
package struct PolicyChange: Hashable, Sendable, Encodable {
    /// What kind of thing changed.
    package enum Section: String, Hashable, Sendable, Encodable, CaseIterable {
        case products, tiers, features, ads, entitlements, paywalls, templates, placements, experiments
    }

    /// Whether the subject appeared, disappeared or changed.
    package enum Kind: String, Hashable, Sendable, Encodable {
        case added, removed, changed
    }

    package var section: Section
    package var kind: Kind
    /// The product, tier, feature, placement, state or message that changed.
    package var subject: String
    /// The change in one line: "grants premium → premium, remove-ads".
    package var summary: String
    /// Products whose buyers gain the subject (a feature, ads removed) with this change.
    package var gainedBy: [String]
    /// Products whose buyers lose it.
    package var lostBy: [String]
    /// For a changed experiment: the share of users (0 to 1) whose variant changes; exact while the seed stays,
    /// expected under a new seed.
    package var movedShare: Double?

    package init(_ section: Section, _ kind: Kind, _ subject: String, _ summary: String,
                 gainedBy: [String] = [], lostBy: [String] = [], movedShare: Double? = nil) {
        self.section = section
        self.kind = kind
        self.subject = subject
        self.summary = summary
        self.gainedBy = gainedBy
        self.lostBy = lostBy
        self.movedShare = movedShare
    }

    enum CodingKeys: String, CodingKey {
        case section, kind, subject, summary, gainedBy = "gained_by", lostBy = "lost_by", movedShare = "moved_share"
    }
}

/// The semantic difference between two versions of one app.
package struct PolicyDiffReport: Hashable, Sendable, Encodable {
    package var app: String
    /// What the old side was: "version 3", "Policies/photocollage.yaml".
    package var from: String
    package var to: String
    package var changes: [PolicyChange]

    package init(app: String, from: String, to: String, changes: [PolicyChange]) {
        self.app = app
        self.from = from
        self.to = to
        self.changes = changes
    }
}
