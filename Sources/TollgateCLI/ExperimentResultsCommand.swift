import ExperimentResults
import Server
import Store
import TollgateEvaluation

/// `tollgate experiment results`: an experiment's results from the store, in text, JSON, Markdown or HTML.
enum ExperimentResultsCommand {
    static func run(_ arguments: Arguments, _ context: CommandContext,
                    format: ExperimentFormat) throws(CommandError) -> CommandResult {
        let workspace = Workspace(context: context)
        let app = try arguments.required(.app)
        let id = try arguments.required(.experiment)
        let query: ResultsQuery
        do {
            query = try ResultsQuery(window: arguments[.window], from: arguments[.from], to: arguments[.to],
                                     currency: arguments[.currency], sequential: arguments.has(.sequential))
        } catch {
            throw .badArgument(error.description)
        }
        let rates = try arguments[.rates].map { (file) throws(CommandError) in try workspace.rates(file) }
        let bundle = try workspace.servedRelease(app, arguments).compiled.bundle
        let (location, name) = workspace.storeLocation(arguments)
        let store: any ExposureStore
        do {
            store = try location.openExposures(.read)
        } catch .missing {
            throw .failure("no store at \(name)", help: "give the store 'tollgate serve' records exposures in "
                + "with --store or TOLLGATE_STORE")
        } catch {
            throw .failure(error.description)
        }
        let report: ExperimentReport
        do {
            report = try ExperimentReport.read(from: store, app: app, experiment: id, bundle: bundle, query: query,
                                               rates: rates, now: Timestamp(context.now))
        } catch {
            switch error {
            case .unknownExperiment(_, _, let known): throw ExperimentCommand.unknownExperiment(id, app: app, among: known)
            case .store(let failure): throw .failure(failure.description)
            default: throw .badArgument(error.description)
            }
        }
        return switch format {
        case .text: CommandResult(stdout: report.text)
        case .json: CommandResult(stdout: String(decoding: report.json, as: UTF8.self) + "\n")
        case .markdown: CommandResult(stdout: report.markdown)
        case .html: CommandResult(stdout: report.html)
        }
    }
}

extension Workspace {
    /// The exchange rates in `file` (`--rates`): an unreadable file stops the command (exit 2), and mistakes in it
    /// are findings (exit 1).
    func rates(_ file: String) throws(CommandError) -> ExchangeRates {
        switch ExchangeRates.read(try contents(of: file), file: file) {
        case .success(let rates): return rates
        case .failure(let error): throw .findings(error.diagnostics)
        }
    }
}
