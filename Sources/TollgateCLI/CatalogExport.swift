/// Placeholder until `catalog export` lands.
enum CatalogExport {
    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        throw .failure("catalog export is not built yet")
    }
}
