/// Where a purchase was made: the real store, or Apple's sandbox for testers. Sandbox purchases count only for
/// requests that ask for them.
package enum StoreEnvironment: String, Hashable, Sendable, CaseIterable {
    case production
    case sandbox

    /// The environment Apple's `environment` text names: `Production` or `Sandbox`; nil for `Xcode`,
    /// `LocalTesting` (data Apple does not sign) and anything else.
    package init?(appStore raw: String) {
        switch raw {
        case "Production": self = .production
        case "Sandbox": self = .sandbox
        default: return nil
        }
    }
}
