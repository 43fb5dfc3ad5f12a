package import Diagnostics

/// What happens when a customer restores a purchase another customer owns: the values of `customers.restore`.
package enum RestoreMode: String, Hashable, Sendable, CaseIterable {
    /// The purchase moves to the customer that restored it.
    case transfer
    /// The purchase stays with its owner, and the restore is refused.
    case keep
}

/// The `customers:` section: how the purchases the stores confirm are kept per customer.
package struct CustomerSettings: Hashable, Sendable {
    /// `customers.restore`; `transfer` where the file does not say.
    package var restoreSetting: Located<RestoreMode>
    /// Where `customers:` was written, or the policy's start when it is missing.
    package var span: SourceSpan

    package init(restore: Located<RestoreMode>, span: SourceSpan) {
        self.restoreSetting = restore
        self.span = span
    }

    /// What happens when another customer restores a purchase.
    package var restore: RestoreMode { restoreSetting.value }

    /// The settings of a policy without a `customers:` section, placed at `span`.
    package static func defaults(at span: SourceSpan) -> CustomerSettings {
        CustomerSettings(restore: Located(.transfer, at: span), span: span)
    }
}
