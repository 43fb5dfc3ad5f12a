package import TollgateEvaluation

/// The products and experiments an app published before, for the rules that keep product ids and users'
/// variants stable: from the policy store (`validate --db`) or from an older copy of the policies
/// (`validate --baseline`).
package struct ProductBaseline: Hashable, Sendable {
    /// The type each product id was published with, as spelt in policy files.
    package var types: [String: String]
    /// Ids published once and missing from the newest published version.
    package var removed: Set<String>
    /// The published experiments by id, as the bundle carries them, for `experiment-reassigns-users`.
    package var experiments: [String: PolicyBundle.Experiment]
    /// Where the baseline comes from, for messages: "the store .tollgate/store.sqlite (version 4)".
    package var source: String

    package init(types: [String: String], removed: Set<String> = [],
                 experiments: [String: PolicyBundle.Experiment] = [:], source: String) {
        self.types = types
        self.removed = removed
        self.experiments = experiments
        self.source = source
    }
}
