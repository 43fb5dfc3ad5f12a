import Foundation
import TollgateEvaluation

/// Exposures (docs/http.md): each decision answered by a running experiment's split, for a user id, is reported
/// to the exposure sink with the experiment's seed and the policy's hash, at the request's time.
extension Router {
    /// Reports `decision` as `user`'s exposure when it is a split; anything else is no exposure.
    func recordExposure(_ decision: PlacementDecision, app: AppService, user: String?, at time: Date) {
        guard recordsDecisions, let exposures, decision.reason == .split, let experiment = decision.experiment,
              let variant = decision.variant, let user, !user.isEmpty else { return }
        exposures.expose(app: app.release.compiled.app, experiment: experiment,
                         seed: app.seeds[experiment] ?? experiment, variant: variant, user: user,
                         time: Timestamp(time), policy: app.release.compiled.hash)
    }
}
