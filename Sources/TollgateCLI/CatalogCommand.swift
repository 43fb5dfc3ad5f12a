import Diagnostics

/// `tollgate catalog check|import|export`: the policy against what the App Store and Google Play sell.
enum CatalogCommand {
    /// What `tollgate catalog` can do, by the subcommand's name.
    static let subcommands = ["check", "import", "export"]

    static let command = Tollgate.Command(
        name: "catalog",
        summary: "the store catalogs: check a policy against them, import one, export a .storekit file",
        discussion: """
            Catalog files are read offline, their kind told by their content: an Xcode
            StoreKit configuration (.storekit), an App Store Connect API response saved as
            JSON (inAppPurchasesV2, subscriptionGroups?include=subscriptions), or a Google
            Play Developer API response saved as JSON (monetization.subscriptions.list,
            monetization.onetimeproducts.list, inappproducts.list).

              check FILE ... --app A   compare the app's products with the catalogs, with
                                       validate's formats and exit codes
              import FILE --app ID     write a starting policy and templates (-o DIR,
                                       default the current folder); never overwrites
              export --app A           write a local .storekit file (format 4.0) of the
                                       app's App Store products, priced in the currency
                                       of --storefront (-o FILE, default standard output)

            A file of an unknown shape, or one that is not valid JSON, is an error with its
            line and column (exit 2).
            """,
        arguments: [
            Positional(name: "subcommand", help: "check, import or export"),
            Positional(name: "file", help: "a catalog file (check: one or more; import: one)", isRequired: false,
                       isRepeatable: true),
        ],
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml (import: the new app's id)",
                   required: true),
            .value(.format, valueName: "format", help: """
                check: \(ReportFormat.choices.joined(separator: ", ")) (default text); export: storekit (the default)
                """),
            .flag(.strict, help: "check: fail on warnings too"),
            .value(.output, valueName: "path", help: "import: the folder to write into; export: the file"),
            .value(.storefront, valueName: "code", help: "export: the storefront of the prices (ISO 3166-1 alpha-3)",
                   default: .value("USA")),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        switch arguments.positional[0] {
        case "check": try CatalogCheck.run(arguments, context)
        case "import": try CatalogImport.run(arguments, context)
        case "export": try CatalogExport.run(arguments, context)
        case let other:
            throw .usage("unknown subcommand '\(other)'",
                         help: Suggestion.help(for: other, among: subcommands, listing: "the subcommands are"))
        }
    }
}
