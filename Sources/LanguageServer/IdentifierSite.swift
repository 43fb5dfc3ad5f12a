package import Diagnostics
package import PolicyModel

/// The kinds of id a policy declares and other places name.
package enum IdentifierKind: String, Hashable, Sendable, CaseIterable {
    case tier
    case product
    case group
    case feature
    case paywall
    case placement
    case experiment
}

/// One place a file writes an id: where it is declared, or a reference to a declaration.
package struct IdentifierSite: Hashable, Sendable {
    package var kind: IdentifierKind
    package var id: String
    package var span: SourceSpan
    package var isDeclaration: Bool

    package init(kind: IdentifierKind, id: String, span: SourceSpan, isDeclaration: Bool) {
        self.kind = kind
        self.id = id
        self.span = span
        self.isDeclaration = isDeclaration
    }

    fileprivate static func declaration(_ kind: IdentifierKind, _ id: Located<String>) -> IdentifierSite {
        IdentifierSite(kind: kind, id: id.value, span: id.span, isDeclaration: true)
    }

    fileprivate static func reference(_ kind: IdentifierKind, _ id: Located<String>) -> IdentifierSite {
        IdentifierSite(kind: kind, id: id.value, span: id.span, isDeclaration: false)
    }
}

extension SourceSpan {
    /// Whether `position` is inside the span or at its end, where a cursor after the last character stands.
    package func touches(_ position: SourcePosition) -> Bool {
        start <= position && position <= end
    }
}

extension SourceSpan {
    /// Whether the span can hold `id` as written on one line, plain or quoted.
    fileprivate func writes(_ id: String) -> Bool {
        let width = end.column - start.column
        let count = id.unicodeScalars.count
        return start.line == end.line && (width == count || width == count + 2)
    }
}

extension Policy {
    /// Every id the policy declares or names, in file order within each section.
    package var identifierSites: [IdentifierSite] {
        var sites: [IdentifierSite] = []
        for tier in tiers {
            // The implicit `free` tier is placed at the whole `tiers:` section, where no id is written.
            if tier.id.span.writes(tier.id.value) { sites.append(.declaration(.tier, tier.id)) }
            sites += tier.includes.map { .reference(.tier, $0) }
        }
        for product in products {
            sites.append(.declaration(.product, product.id))
            sites += product.grants.map { .reference(.tier, $0) }
            if let group = product.group { sites.append(.reference(.group, group)) }
        }
        for group in subscriptionGroups {
            sites.append(.declaration(.group, group.id))
            sites += group.levels.map { .reference(.product, $0) }
        }
        for feature in features {
            sites.append(.declaration(.feature, feature.id))
            sites.append(.reference(.tier, feature.tier))
        }
        for paywall in paywalls {
            sites.append(.declaration(.paywall, paywall.id))
            sites += paywall.products.map { .reference(.product, $0) }
            if let highlight = paywall.highlight { sites.append(.reference(.product, highlight)) }
        }
        for placement in placements {
            sites.append(.declaration(.placement, placement.id))
            sites += placement.audiences.compactMap { $0.outcome.flatMap(Self.outcomeSite) }
        }
        for experiment in experiments {
            sites.append(.declaration(.experiment, experiment.id))
            sites += experiment.variants.compactMap { $0.outcome.flatMap(Self.outcomeSite) }
        }
        return sites
    }

    private static func outcomeSite(_ outcome: Located<AudienceOutcome>) -> IdentifierSite? {
        switch outcome.value {
        case .paywall(let id): IdentifierSite(kind: .paywall, id: id, span: outcome.span, isDeclaration: false)
        case .experiment(let id): IdentifierSite(kind: .experiment, id: id, span: outcome.span, isDeclaration: false)
        case .nothing: nil
        }
    }

    /// The ids the policy declares of `kind`, in file order, each once.
    package func declaredIDs(_ kind: IdentifierKind) -> [String] {
        let ids: [String] = switch kind {
        case .tier: tiers.map(\.id.value)
        case .product: products.map(\.id.value)
        case .group: subscriptionGroups.map(\.id.value)
        case .feature: features.map(\.id.value)
        case .paywall: paywalls.map(\.id.value)
        case .placement: placements.map(\.id.value)
        case .experiment: experiments.map(\.id.value)
        }
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    /// Where the policy declares `id` of `kind` (the first declaration of an id written twice).
    package func declaration(_ kind: IdentifierKind, _ id: String) -> IdentifierSite? {
        identifierSites.first { $0.kind == kind && $0.id == id && $0.isDeclaration }
    }
}

extension TemplateSet {
    /// The ids the template file names as keys: the tiers, features and products it titles and the paywalls it
    /// words, all references to the policy's declarations.
    package var identifierSites: [IdentifierSite] {
        tiers.map { .reference(.tier, $0.key) } + features.map { .reference(.feature, $0.key) }
            + products.map { .reference(.product, $0.key) } + paywalls.map { .reference(.paywall, $0.id) }
    }
}

extension EditorWorkspace {
    /// The loaded policy or template file at `path` and its app's sources, when the app loaded.
    package func sources(holding path: String) -> AppSources? {
        app(holding: path)?.sources
    }

    /// The ids written in the file at `path`, as its app loaded; empty when it did not load.
    package func identifierSites(in path: String) -> [IdentifierSite] {
        guard let sources = sources(holding: path) else { return [] }
        if sources.policy.file == path { return sources.policy.identifierSites }
        return sources.templates.first { $0.file == path }?.identifierSites ?? []
    }

    /// The id written at `position` of the file at `path`.
    package func identifierSite(in path: String, at position: SourcePosition) -> IdentifierSite? {
        identifierSites(in: path).first { $0.span.file == path && $0.span.touches(position) }
    }
}
