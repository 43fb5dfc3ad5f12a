import Diagnostics
import PolicyModel

/// `tollgate matrix`: the feature × tier table of one app.
enum MatrixCommand {
    static let command = Tollgate.Command(
        name: "matrix",
        summary: "the feature × tier table of an app",
        usage: """
            usage: tollgate matrix --app APP [--format markdown|html|csv]

            Prints which tier unlocks which feature, and which tiers see ads, from Policies/APP.yaml.

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: ["--app", "--format"], flags: [])
        let format = try arguments.choice("--format", ["markdown", "html", "csv"], default: "markdown")
        let workspace = Workspace(context: context)
        let loaded = workspace.load(try workspace.policyFile(app: try arguments.required("--app")))
        guard let policy = loaded.sources?.policy else { throw .findings(loaded.diagnostics) }
        let matrix = FeatureMatrix(policy: policy)
        switch format {
        case "csv": return CommandResult(stdout: matrix.csv)
        case "html": return CommandResult(stdout: matrix.html)
        default: return CommandResult(stdout: matrix.markdown)
        }
    }
}

/// Which tier unlocks which feature, and whether ads show, as rows of cells.
struct FeatureMatrix {
    var app: String
    var tiers: [(id: String, title: String)]
    /// One row per feature, then one for ads: a label and one flag per tier.
    var rows: [(label: String, cells: [Bool])]

    init(policy: Policy) {
        app = policy.app.name.value
        tiers = policy.tiers.map { ($0.id.value, $0.title?.value ?? $0.id.value) }
        let closures = policy.tiers.map { policy.closure(of: [$0.id.value]) }
        rows = policy.features.map { feature in
            (feature.title?.value ?? feature.id.value, closures.map { $0.contains(feature.tier.value) })
        }
        let adFree = Set(policy.tiers.filter(\.adFree).map(\.id.value))
        rows.append(("No ads", closures.map { !$0.isDisjoint(with: adFree) }))
    }

    var markdown: String {
        var text = "| Feature | " + tiers.map { escape($0.title) }.joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " :---: |", count: tiers.count) + "\n"
        for row in rows {
            text += "| \(escape(row.label)) | " + row.cells.map { $0 ? "✓" : "—" }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    var csv: String {
        var text = (["feature"] + tiers.map(\.id)).map(csvField).joined(separator: ",") + "\n"
        for row in rows {
            text += ([csvField(row.label)] + row.cells.map { $0 ? "yes" : "no" }).joined(separator: ",") + "\n"
        }
        return text
    }

    var html: String {
        let head = tiers.map { "<th scope=\"col\">\(html($0.title))</th>" }.joined()
        let body = rows.map { row in
            let cells = row.cells.map { $0 ? "<td aria-label=\"included\">✓</td>" : "<td aria-label=\"not included\">—</td>" }
            return "<tr><th scope=\"row\">\(html(row.label))</th>\(cells.joined())</tr>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>\(html(app)): features by tier</title>
            <style>table{border-collapse:collapse;font-family:system-ui,sans-serif}th,td{border:1px solid #ccc;\
            padding:.4em .8em}td{text-align:center}</style></head>
            <body>
            <table>
            <caption>\(html(app)): features by tier</caption>
            <thead><tr><th scope="col">Feature</th>\(head)</tr></thead>
            <tbody>
            \(body.joined(separator: "\n"))
            </tbody>
            </table>
            </body>
            </html>

            """
    }

    private func escape(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    private func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    private func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
