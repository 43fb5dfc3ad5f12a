extension EvaluationInput {
    /// The members of an evaluation input document, spelled once for every reader of one: the JSON and usual-form
    /// readers, a placement's context and an OFREP context.
    package enum Member: String, CaseIterable, Hashable, Sendable {
        case entitlements, synced, consent, now, currency
        case userID = "user_id"
        case storefront, locale, platform
        case appVersion = "app_version"
        case installDate = "install_date"
        case attributes
    }

    /// The members of one entitlement in `entitlements`.
    package enum EntitlementMember: String, CaseIterable, Hashable, Sendable {
        case product, state, expires
    }
}
