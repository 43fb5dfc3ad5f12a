package import Diagnostics

/// A paywall: the products it offers, in order, and the one it highlights.
package struct Paywall: Hashable, Sendable {
    package var id: Located<String>
    package var products: [Located<String>]
    package var highlight: Located<String>?
    package var span: SourceSpan

    package init(id: Located<String>, products: [Located<String>], highlight: Located<String>?, span: SourceSpan) {
        self.id = id
        self.products = products
        self.highlight = highlight
        self.span = span
    }
}

/// The states of a thing only a person can confirm.
package enum AttestationStatus: String, Hashable, Sendable, CaseIterable {
    case confirmed
    case pending
    case notApplicable = "not-applicable"
}

/// A statement a person confirms for App Review, such as the paid apps agreement.
package struct Attestation: Hashable, Sendable {
    package var name: Located<String>
    package var status: Located<AttestationStatus>

    package init(name: Located<String>, status: Located<AttestationStatus>) {
        self.name = name
        self.status = status
    }
}

/// A rule switched off for this app, with the reason.
package struct Waiver: Hashable, Sendable {
    package var rule: Located<String>
    package var reason: Located<String>

    package init(rule: Located<String>, reason: Located<String>) {
        self.rule = rule
        self.reason = reason
    }
}

/// Where users restore purchases.
package struct RestoreRules: Hashable, Sendable {
    package var locations: [Located<String>]
    package var syncOnLaunch: Located<Bool>?
    package var span: SourceSpan

    package init(locations: [Located<String>], syncOnLaunch: Located<Bool>?, span: SourceSpan) {
        self.locations = locations
        self.syncOnLaunch = syncOnLaunch
        self.span = span
    }
}

/// The `review:` section: the App Store review checklist's inputs.
package struct ReviewRules: Hashable, Sendable {
    /// Nil when the file has no `restore:` entry.
    package var restore: RestoreRules?
    package var attestations: [Attestation]
    package var waivers: [Waiver]
    /// The `review:` key, or the start of the file when there is none.
    package var span: SourceSpan

    package init(restore: RestoreRules?, attestations: [Attestation], waivers: [Waiver], span: SourceSpan) {
        self.restore = restore
        self.attestations = attestations
        self.waivers = waivers
        self.span = span
    }

    /// The waiver of `rule`, if the app waives it.
    package func waiver(for rule: String) -> Waiver? { waivers.first { $0.rule.value == rule } }
}
