import Diagnostics
import PolicyModel

/// A tier must not include itself, directly or through other tiers.
struct TierIncludeCycleRule: Rule {
    static let id = "tier-include-cycle"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "a tier includes itself through 'includes'"
    static let explanation = """
        'includes' says that a tier also unlocks everything of the tiers it names, so tiers form a ladder \
        (plus inside pro inside family). A cycle (pro includes family, family includes pro) makes the tiers \
        equal in a roundabout way and usually means one 'includes' points the wrong way. Remove the include \
        that closes the cycle; the message names the whole cycle.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        var search = CycleSearch(policy: policy)
        for tier in policy.tiers {
            search.visit(tier.id.value, path: [])
        }
        return search.cycles.map { include, cycle in
            let names = cycle.joined(separator: " → ")
            return finding("tier '\(cycle[0])' includes itself: \(names)", at: include.span,
                           help: "remove '\(include.value)' from the 'includes' of '\(cycle[cycle.count - 2])'")
        }
    }
}

/// A depth-first walk of the include graph that records each back edge as one cycle.
private struct CycleSearch {
    let policy: Policy
    var done: Set<String> = []
    /// Each include that closes a cycle, with the cycle from its first tier back to it.
    var cycles: [(Located<String>, [String])] = []

    mutating func visit(_ id: String, path: [String]) {
        guard !done.contains(id), let tier = policy.tier(id) else { return }
        let path = path + [id]
        for include in tier.includes {
            if let start = path.firstIndex(of: include.value) {
                cycles.append((include, Array(path[start...]) + [include.value]))
            } else {
                visit(include.value, path: path)
            }
        }
        done.insert(id)
    }
}
