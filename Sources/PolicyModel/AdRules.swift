package import Diagnostics

/// Ad formats a placement can use.
package enum AdFormat: String, Hashable, Sendable, CaseIterable {
    case banner
    case interstitial
    case rewarded
    case native
    case appOpen = "app-open"
}

/// One place in the app where an ad may show.
package struct AdPlacement: Hashable, Sendable {
    package var id: Located<String>
    package var format: Located<AdFormat>
    /// The shortest time between two ads here, as written, such as `PT3M`.
    package var minInterval: Located<String>? {
        didSet { minIntervalDuration = minInterval.flatMap { ISOPeriod($0.value) } }
    }
    /// `minInterval` read as a duration when the placement is built; nil when there is none or it is not one.
    package private(set) var minIntervalDuration: ISOPeriod?

    package init(id: Located<String>, format: Located<AdFormat>, minInterval: Located<String>?) {
        self.id = id
        self.format = format
        self.minInterval = minInterval
        minIntervalDuration = minInterval.flatMap { ISOPeriod($0.value) }
    }
}

/// The `ads:` section: when ads may show, and where.
package struct AdRules: Hashable, Sendable {
    package var hideUntilSynced: Located<Bool>
    package var requireConsent: Located<Bool>
    package var placements: [AdPlacement]
    package var span: SourceSpan

    package init(hideUntilSynced: Located<Bool>, requireConsent: Located<Bool>, placements: [AdPlacement],
                 span: SourceSpan) {
        self.hideUntilSynced = hideUntilSynced
        self.requireConsent = requireConsent
        self.placements = placements
        self.span = span
    }
}
