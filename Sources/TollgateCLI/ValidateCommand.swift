import Diagnostics
import PolicyLoader
import PolicyValidation

/// `tollgate validate`: load and check policies and templates, and report for people or CI.
enum ValidateCommand {
    static let formats = ["text", "json", "sarif", "github", "junit", "markdown"]

    static let command = Tollgate.Command(
        name: "validate",
        summary: "check policies and templates; the App Store review checklist",
        usage: """
            usage: tollgate validate [PATH…] [--format text|json|sarif|github|junit|markdown] [--strict]
                                     [--baseline PATH | --db FILE]

            Loads each policy (PATH: files or folders, default Policies/) with its templates
            (Templates/<app>/) and runs every rule. Text goes to stderr, compiler style; the other
            formats go to stdout. --strict fails on warnings too.
            --baseline PATH  an older copy of Policies/ (or a checkout holding one), such as main's in
                             a pull request: published product ids must keep their types
            --db FILE        the policy store: product ids keep their types, retired ids stay retired
            Exit: 0 no errors, 1 errors (or warnings with --strict), 2 usage error.

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: ["--format", "--baseline", "--db"], flags: ["--strict"])
        let format = try arguments.choice("--format", formats, default: "text")
        let strict = arguments.has("--strict")
        let workspace = Workspace(context: context)
        let files = try workspace.policyFiles(arguments.positional)
        guard !files.isEmpty else {
            throw CommandError.usage("no policy files found in \(arguments.positional.first ?? "Policies/")")
        }
        let validator = try workspace.validator(arguments)
        var sources: [String: SourceFile] = [:]
        var apps: [AppReport] = []
        for file in files {
            let loaded = workspace.load(file)
            sources.merge(loaded.files) { first, _ in first }
            var report = loaded.sources.map { validator.validate($0) }
                ?? AppReport(app: loaded.app, file: file, diagnostics: [], checklist: [])
            report.diagnostics = (loaded.diagnostics + report.diagnostics).sorted(by: Diagnostic.sourceOrder)
            apps.append(report)
        }
        let report = ValidationReport(apps: apps, rules: rules, toolVersion: Tollgate.version)
        let failed = report.count(.error) > 0 || (strict && report.count(.warning) > 0)
        var result = CommandResult(exitCode: failed ? ExitCode.findings : ExitCode.success)
        switch format {
        case "json": result.stdout = JSONFormat().render(report)
        case "sarif": result.stdout = SARIFFormat().render(report)
        case "github": result.stdout = GitHubFormat().render(report)
        case "junit": result.stdout = JUnitFormat().render(report, strict: strict)
        case "markdown": result.stdout = MarkdownFormat().render(report)
        default:
            let text = TextFormat(sources: context.stderrIsTerminal ? sources : [:])
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
