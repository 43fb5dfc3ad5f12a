extension Tollgate {
    /// One subcommand, declared once: the parser, the usage line and `--help` all come from this declaration.
    struct Command: Sendable {
        var name: String
        /// One line for the list of commands and the head of `--help`.
        var summary: String
        /// What `--help` says about the command, written by hand in lines of at most 80 columns.
        var discussion: String
        var arguments: [Positional] = []
        var options: [Option] = []
        var groups: [OptionGroup] = []
        var run: @Sendable (Arguments, CommandContext) throws(CommandError) -> CommandResult

        /// The declared options and `-h, --help`.
        var allOptions: [Option] { options + [.helpFlag] }

        /// The option one of whose names is `name`.
        func option(named name: String) -> Option? {
            allOptions.first { $0.names.contains(name) }
        }
    }
}
