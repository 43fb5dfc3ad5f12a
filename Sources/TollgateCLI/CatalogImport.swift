import CatalogConversion
import Foundation
import Rendering

/// `tollgate catalog import FILE --app ID [-o DIR]`: a starting policy and templates from a catalog file, all
/// written or none, never over an existing file.
enum CatalogImport {
    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let files = Array(arguments.positional.dropFirst())
        guard files.count == 1 else {
            throw .usage(files.isEmpty ? "catalog import needs the catalog file to import"
                                       : "catalog import reads one catalog file; \(files.count) were given",
                         help: "such as 'tollgate catalog import Products.storekit --app myapp'")
        }
        let app = try arguments.required(.app)
        guard isAppID(app) else {
            throw .badArgument("'\(app)' is not an app id: expected lowercase letters, digits and '-', starting "
                                   + "with a letter or digit", help: "such as '--app photo-collage'")
        }
        let workspace = Workspace(context: context)
        guard let catalog = try workspace.catalogs(files).first else { return CommandResult() }
        let result: CatalogImporter.Result
        do throws(CatalogImportError) {
            result = try CatalogImporter(appID: app, currencyDigits: CLDRCurrencies.fractionDigits(of:))
                .files(from: catalog)
        } catch {
            throw .failure("\(error)")
        }
        let folder = arguments[.output] ?? "."
        let shown = { (path: String) in folder == "." ? path : (folder as NSString).appendingPathComponent(path) }
        do throws(NewFiles.Failure) {
            try NewFiles.write(result.files, under: workspace.absolute(folder))
        } catch {
            switch error {
            case .exists(let paths):
                throw .badArgument("refusing to overwrite " + paths.map { "'\(shown($0))'" }.joined(separator: ", "),
                                   help: "import into another folder with '-o DIR', or move the existing files away")
            case .cannotWrite(let path, let reason):
                throw .failure("cannot write '\(shown(path))': \(reason); nothing was written")
            }
        }
        let templates = result.files.count - 1
        var report = "wrote \(shown(result.files[0].path)) and \(templates) template file\(templates == 1 ? "" : "s") "
            + "in \(shown("Templates/\(app)")) from \(files[0])\n"
        for note in result.notes { report += "note: \(note)\n" }
        report += "next: edit the tiers, features, legal links and review answers, then run 'tollgate validate'"
            + (folder == "." ? "" : " in \(folder)") + "\n"
        return CommandResult(stderr: report)
    }

    /// Whether `text` is an app id: `[a-z0-9][a-z0-9-]*`.
    static func isAppID(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLowercaseOrDigit(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLowercaseOrDigit($0) || $0 == "-" }
    }

    private static func isLowercaseOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
