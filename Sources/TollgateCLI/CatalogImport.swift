/// Placeholder until `catalog import` lands.
enum CatalogImport {
    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        throw .failure("catalog import is not built yet")
    }
}
