import CatalogConversion
import Diagnostics
import Foundation
import Project
import Rendering

/// `tollgate catalog export --app A --format storekit [--storefront USA] [-o FILE]`: the app's App Store products
/// as a local Xcode StoreKit configuration file.
enum CatalogExport {
    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        if arguments.positional.count > 1 {
            throw .usage("catalog export takes no file; it writes the policy's products",
                         help: "write to a file with '-o Products.storekit'")
        }
        let format = arguments[.format] ?? CatalogExportFormat.storekit.rawValue
        guard CatalogExportFormat(rawValue: format) != nil else {
            throw .badArgument("unknown format '\(format)' for catalog export",
                               help: Suggestion.help(for: format, among: CatalogExportFormat.choices,
                                                     listing: "the formats are"))
        }
        let storefront = arguments[.storefront] ?? "USA"
        guard let currency = CLDRCurrencies.currency(ofStorefront: storefront) else {
            throw .badArgument("unknown storefront '\(storefront)'",
                               help: "name it by its ISO 3166-1 alpha-3 country code, such as 'USA', 'JPN' or 'DEU'")
        }
        let workspace = Workspace(context: context)
        let app = try workspace.compiledApp(try arguments.required(.app)).sources
        let bytes: [UInt8]
        do throws(CatalogExportError) {
            bytes = try StoreKitExporter(storefront: storefront, currency: currency).export(app)
        } catch {
            throw .badArgument(error.description, help: error.help)
        }
        guard let output = arguments[.output] else {
            return CommandResult(stdout: String(decoding: bytes, as: UTF8.self))
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: workspace.absolute(output)), options: .atomic)
        } catch {
            throw .badArgument("cannot write '\(output)': \(ProjectFileError.reason(error))")
        }
        return CommandResult(stderr: "wrote \(output) (\(storefront), \(currency))\n")
    }
}
