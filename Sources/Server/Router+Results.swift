import ExperimentResults
import TollgateEvaluation

/// `GET /v1/apps/{app}/experiments/{experiment}/results` (docs/http.md): an experiment's results as JSON, for the
/// admin token, with the CLI's options as query parameters.
extension Router {
    /// The parameters the route takes.
    static let resultsParameters: Set<String> = ["window", "from", "to", "currency", "sequential"]

    func experimentResults(_ request: HTTPRequest, app id: String, experiment: String) throws(Problem) -> HTTPResponse {
        _ = try authorizedAdmin(request)
        let app = try app(id)
        if let unknown = request.query.keys.filter({ !Self.resultsParameters.contains($0) }).sorted().first {
            throw Problem.invalidInput("unknown parameter '\(unknown.prefix(64))'; the parameters are "
                + Self.resultsParameters.sorted().joined(separator: ", "))
        }
        let sequential: Bool
        switch request.query["sequential"] {
        case nil, "false": sequential = false
        case "true": sequential = true
        case let other?: throw Problem.invalidInput("sequential '\(other.prefix(64))' is neither true nor false")
        }
        guard let results else {
            throw Problem(.noStore, status: 503, title: "No event store", detail: "this service records no exposures")
        }
        do throws(ResultsError) {
            let query = try ResultsQuery(window: request.query["window"], from: request.query["from"],
                                         to: request.query["to"], currency: request.query["currency"],
                                         sequential: sequential)
            let report = try results.report(app: id, experiment: experiment, bundle: app.release.compiled.bundle,
                                            query: query, now: Timestamp(now()))
            return JSONBody.response(report.json)
        } catch {
            switch error {
            case .unknownExperiment:
                throw Problem(.notFound, status: 404, title: "No such experiment", detail: error.description)
            case .store:
                throw Problem(.storeUnavailable, status: 503, title: "Store unavailable", detail: error.description)
            default:
                throw Problem.invalidInput(error.description)
            }
        }
    }
}
