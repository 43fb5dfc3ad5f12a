import Diagnostics
import PolicyCompiler
import PolicyModel
import PolicyValidation
import TollgateEvaluation

extension Workspace {
    /// Loads and validates `app`, and compiles it; any error in its files stops the command with them.
    func compiledApp(_ app: String, validator: Validator = .withICU) throws(CommandError)
        -> (sources: AppSources, policy: CompiledPolicy)
    {
        let loaded = try load(try policyFile(app: app))
        guard let sources = loaded.sources else { throw .findings(loaded.diagnostics.sorted(by: Diagnostic.sourceOrder)) }
        let errors = (loaded.diagnostics + validator.validate(sources).diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty else { throw .findings(errors.sorted(by: Diagnostic.sourceOrder)) }
        do {
            return (sources, try PolicyCompiler.compile(sources.policy))
        } catch {
            throw .failure("cannot compile '\(app)': \(error)")
        }
    }
}
