package import Store
package import TollgateEvaluation

extension ExperimentReport {
    /// The report of `experiment` (an id of the app's `bundle`) from what `store` recorded, as `query` asks: the
    /// period defaults to the experiment's first exposure up to `now`; revenue counts prices in the report's
    /// currency, or in any currency `rates` converts.
    package static func read(from store: any ExposureStore, app: String, experiment id: String,
                             bundle: PolicyBundle, query: ResultsQuery, rates: ExchangeRates?,
                             now: Timestamp) throws(ResultsError) -> ExperimentReport {
        guard let experiment = bundle.experiments.first(where: { $0.id == id }) else {
            throw .unknownExperiment(app: app, experiment: id, known: bundle.experiments.map(\.id))
        }
        let factors = try rates?.factors(into: query.currency) ?? [query.currency: 1]
        do throws(StoreError) {
            let to = query.to ?? now
            var first = query.from
            if first == nil { first = try store.firstExposure(app: app, experiment: id, seed: experiment.seed) }
            let from = first ?? to
            let tally = from < to
                ? try store.tally(TallyRequest(app: app, experiment: id, seed: experiment.seed, from: from, to: to,
                                               window: query.window.seconds, factors: factors))
                : ExposureTally()
            return ExperimentReport(app: app, experiment: experiment, from: from, to: to, query: query, tally: tally)
        } catch {
            throw .store(error)
        }
    }
}
