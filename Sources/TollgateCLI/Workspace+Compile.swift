import PolicyModel
import PolicyValidation
import Project
import Publishing
import TollgateEvaluation

extension Workspace {
    /// Loads and validates `app`, and compiles it; any error in its files stops the command with them.
    func compiledApp(_ app: String, validator: Validator = .withICU) throws(CommandError)
        -> (sources: AppSources, policy: CompiledPolicy)
    {
        let loaded = try load(try policyFile(app: app))
        do {
            return try Publisher.compile(loaded, app: app, validator: validator)
        } catch {
            throw CommandError(error)
        }
    }
}
