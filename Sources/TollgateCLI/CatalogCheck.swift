import CatalogValidation
import Diagnostics
import PolicyValidation
import Project

/// `tollgate catalog check FILE… --app A`: the app's products against store catalogs, reported as `validate`
/// reports (the same formats, exit codes and rules).
enum CatalogCheck {
    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let files = Array(arguments.positional.dropFirst())
        guard !files.isEmpty else {
            throw .usage("catalog check needs at least one catalog file",
                         help: "such as 'tollgate catalog check --app photocollage Catalogs/photocollage.storekit'")
        }
        let given = arguments[.format] ?? ReportFormat.text.rawValue
        guard let format = ReportFormat(rawValue: given) else {
            throw .badArgument("unknown format '\(given)' for catalog check",
                               help: Suggestion.help(for: given, among: ReportFormat.choices, listing: "the formats are"))
        }
        let workspace = Workspace(context: context)
        let app = try arguments.required(.app)
        let policy = try workspace.policyFile(app: app)
        let catalogs = try workspace.catalogs(files)
        let loaded = try workspace.load([policy])
        let validator = Validator(context: .icu(), catalogs: [app: catalogs])
        return ValidateCommand.report(loaded, validator: validator, format: format, strict: arguments.has(.strict),
                                      context: context)
    }
}
