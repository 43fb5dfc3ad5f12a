import Foundation
import TollgateEvaluation

extension Workspace {
    /// The evaluation input in `file` (`-` reads standard input); a document it cannot use stops the command
    /// with exit 1 and the file's name.
    func evaluationInput(_ file: String) throws(CommandError) -> EvaluationInput {
        let bytes = file == "-" ? context.readStandardInput() : try contents(of: file)
        do {
            return try EvaluationInput(json: Data(bytes))
        } catch {
            throw .invalidInput("\(file == "-" ? "<stdin>" : file): \(error.message)")
        }
    }
}
