import CatalogValidation
import Diagnostics
import PolicyLoader
import PolicyModel
import PolicyValidation
import Project

/// `tollgate validate`: load and check policies and templates, and report for people or CI.
enum ValidateCommand {
    static let command = Tollgate.Command(
        name: "validate",
        summary: "check policies and templates; the App Store review checklist",
        discussion: """
            Loads each policy with its templates (Templates/<app>/ beside its Policies/
            folder) and runs every rule (listed in docs/rules.md of the Tollgate
            repository). The text format goes to stderr, compiler style; the other formats
            go to stdout. Exits 0 when there are no errors, 1 when there are errors (or
            warnings with --strict), 2 on a usage error or a file it cannot read.
            """,
        arguments: [
            Positional(name: "path", help: "a policy file, or a folder whose *.yaml files are policies",
                       defaultValue: .described("Policies/"), isRequired: false, isRepeatable: true),
        ],
        options: [
            .format(ReportFormat.text, help: "the report's format"),
            .flag(.strict, help: "fail on warnings too"),
            .value(.baseline, valueName: "path", help: """
                an older copy of Policies/ (or a checkout holding one), such as main's in a pull request: published \
                product ids must keep their types
                """),
            Workspace.storeOption(help: "the policy store (a file, sqlite:FILE, or a postgres:// URL): product ids "
                + "keep their types, retired ids stay retired", default: .described("$TOLLGATE_STORE, if set")),
            .value(.catalog, valueName: "file", help: """
                a store catalog to compare with (a .storekit file, or an App Store Connect or Google Play API \
                response saved as JSON)
                """, repeatable: true),
        ],
        groups: [.exclusive(.baseline, .store)],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: ReportFormat = try arguments.format()
        let workspace = Workspace(context: context)
        let files = try workspace.policyFiles(arguments.positional)
        guard !files.isEmpty else {
            let searched = arguments.positional.isEmpty ? ["Policies/"] : arguments.positional
            throw .badArgument("no policy files in " + searched.map { "'\($0)'" }.joined(separator: ", "),
                           help: "a policy is a YAML file such as Policies/<app>.yaml")
        }
        let catalogs = try workspace.catalogs(arguments.all(.catalog))
        let loaded = try workspace.load(files)
        let assigned = arguments.has(.catalog)
            ? try workspace.assign(catalogs, to: loaded.compactMap { $0.sources?.policy }) : nil
        let validator = try workspace.validator(arguments, catalogs: assigned)
        return report(loaded, validator: validator, format: format, strict: arguments.has(.strict),
                      context: context)
    }

    /// Validates loaded apps and renders the report in `format`, with validate's exit codes.
    static func report(_ loaded: [LoadedApp], validator: Validator, format: ReportFormat, strict: Bool,
                       context: CommandContext) -> CommandResult {
        let apps = loaded.map { Project.validate($0, validator: validator) }
        let report = ValidationReport(apps: apps, rules: rules, toolVersion: Tollgate.version)
        let failed = report.count(.error) > 0 || (strict && report.count(.warning) > 0)
        var result = CommandResult(exitCode: failed ? ExitCode.findings : ExitCode.success)
        switch format {
        case .json: result.stdout = JSONFormat().render(report)
        case .sarif: result.stdout = SARIFFormat().render(report)
        case .github: result.stdout = GitHubFormat().render(report)
        case .junit: result.stdout = JUnitFormat().render(report, strict: strict)
        case .markdown: result.stdout = MarkdownFormat().render(report)
        case .text:
            var sources: [String: SourceFile] = [:]
            if context.stderrIsTerminal {
                for loaded in loaded { sources.merge(loaded.sourceFiles) { first, _ in first } }
            }
            let text = TextFormat(sources: sources)
            result.stderr = text.render(report.diagnostics) + summary(report)
        }
        return result
    }

    /// Every rule a report can name: the YAML layer's, the loader's and the validator's.
    static var rules: [RuleDescriptor] {
        PolicyLoader.rules + Validator.descriptors
    }

    private static func summary(_ report: ValidationReport) -> String {
        let errors = report.count(.error)
        let warnings = report.count(.warning)
        let apps = report.apps.map(\.app).joined(separator: ", ")
        if errors == 0, warnings == 0 { return "ok: \(report.apps.count) app(s) checked (\(apps))\n" }
        return "\(errors) error(s), \(warnings) warning(s) in \(report.apps.count) app(s) (\(apps))\n"
    }
}
