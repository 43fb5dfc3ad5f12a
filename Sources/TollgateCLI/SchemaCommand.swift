import PolicyLoader

/// `tollgate schema`: the JSON Schema of the policy file, for editors and CI.
enum SchemaCommand {
    static let command = Tollgate.Command(
        name: "schema",
        summary: "print the JSON Schema (draft 2020-12) of the policy file",
        discussion: """
            Prints the JSON Schema of Policies/<app>.yaml. The Tollgate repository holds
            a copy, schema/policy.schema.json, that editors with the YAML language server
            use through the files' modeline (described in its docs/policy.md).
            """,
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        CommandResult(stdout: PolicySchema.json)
    }
}
