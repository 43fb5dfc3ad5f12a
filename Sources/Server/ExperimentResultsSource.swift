package import ExperimentResults
package import TollgateEvaluation

/// Where the admin results route reads an experiment's results: the exposures and purchases the service's store
/// keeps, joined and summed by the store, with the rates the service was started with.
package protocol ExperimentResultsSource: Sendable {
    /// The report of the experiment `experiment` of `bundle` (the policy `app` is served with), as `query` asks,
    /// with `now` as the period's default end.
    func report(app: String, experiment: String, bundle: PolicyBundle, query: ResultsQuery,
                now: Timestamp) throws(ResultsError) -> ExperimentReport
}
