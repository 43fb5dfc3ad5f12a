import ExperimentResults
import Server
import Store
import TollgateEvaluation

/// Experiments' results from the service's store, on a connection of their own (a long aggregation never holds
/// up the exposure writer), with the rates `serve --rates` gave.
final class StoredExperimentResults: ExperimentResultsSource {
    private let connection: ExposureConnection
    private let rates: ExchangeRates?

    init(location: StoreLocation, rates: ExchangeRates?) {
        connection = ExposureConnection(location: location)
        self.rates = rates
    }

    func report(app: String, experiment: String, bundle: PolicyBundle, query: ResultsQuery,
                now: Timestamp) throws(ResultsError) -> ExperimentReport {
        let rates = rates
        let answer: Result<ExperimentReport, ResultsError>
        do {
            answer = try connection.with { (store) throws(StoreError) in
                Result { () throws(ResultsError) in
                    try ExperimentReport.read(from: store, app: app, experiment: experiment, bundle: bundle,
                                              query: query, rates: rates, now: now)
                }
            }
        } catch {
            throw .store(error)
        }
        return try answer.get()
    }
}
