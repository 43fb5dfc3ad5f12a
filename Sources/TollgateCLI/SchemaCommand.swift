import PolicyLoader

/// `tollgate schema`: the JSON Schema of the policy file, for editors and CI.
enum SchemaCommand {
    static let command = Tollgate.Command(
        name: "schema",
        summary: "print the JSON Schema (draft 2020-12) of the policy file",
        usage: """
            usage: tollgate schema

            Prints the JSON Schema of Policies/<app>.yaml; schema/policy.schema.json is a copy that
            editors with the YAML language server use through the files' modeline.

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: [], flags: [])
        guard arguments.positional.isEmpty else {
            throw CommandError.usage("schema takes no arguments")
        }
        return CommandResult(stdout: PolicySchema.json)
    }
}
