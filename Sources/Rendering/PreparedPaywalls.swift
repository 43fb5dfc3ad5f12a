import PolicyModel
import Synchronization

/// The paywalls a renderer has prepared, by paywall and template file, each prepared on its first render
/// and kept for the next ones.
///
/// A locked table, shared by the renders of every thread: it only ever gains entries, one per paywall and
/// template file of the renderer's own sources (a resolution of other files is prepared for its render
/// and not kept), so it is bounded by the policy's paywalls times its template files. Preparing on first
/// use rather than up front keeps a one-off render (the CLI's) from preparing every paywall in every
/// locale.
final class PreparedPaywalls: Sendable {
    private let sources: AppSources
    private let facts: [String: ProductFacts]
    private let table = Mutex<[PreparedPaywall.Key: PreparedPaywall]>([:])

    init(sources: AppSources, facts: [String: ProductFacts]) {
        self.sources = sources
        self.facts = facts
    }

    /// `paywall` prepared with the files `resolution` chose.
    func paywall(_ paywall: Paywall, for resolution: LocaleResolution) -> PreparedPaywall {
        let key = PreparedPaywall.Key(paywall: paywall.id.value, templates: resolution.templates)
        if let kept = table.withLock({ $0[key] }), kept.matches(resolution) { return kept }
        let prepared = PreparedPaywall(paywall: paywall, policy: sources.policy, facts: facts,
                                       templates: resolution.templates, defaults: resolution.defaults)
        guard sources.templates.contains(where: { prepared.isPrepared(from: $0) }) else { return prepared }
        return table.withLock { table in
            if let kept = table[key], kept.matches(resolution) { return kept }
            if table[key] == nil { table[key] = prepared }
            return prepared
        }
    }
}
