import Diagnostics

/// A command's arguments, parsed against the positionals, options and groups the command declares.
struct Arguments: Sendable {
    /// What the command line asks for: the command's help, or a run with these arguments.
    enum Parsed: Sendable {
        case help
        case arguments(Arguments)
    }

    let command: Tollgate.Command
    private(set) var positional: [String] = []
    /// The values given, by the option's first long name.
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    private init(command: Tollgate.Command) {
        self.command = command
    }

    /// Parses `tokens` (`--format json`, `--format=json`, `-o FILE`, positionals, `--` before positionals that look
    /// like options); `-h` or `--help` anywhere asks for help, whatever else is wrong.
    static func parse(_ tokens: [String], for command: Tollgate.Command) throws(CommandError) -> Parsed {
        var arguments = Arguments(command: command)
        var problem: CommandError?
        var wantsHelp = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--" {
                arguments.positional += tokens[index...]
                break
            }
            guard token.hasPrefix("-"), token != "-" else {
                arguments.positional.append(token)
                continue
            }
            let parts = token.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let attached = parts.count == 2 ? parts[1] : nil
            guard let option = command.option(named: name) else {
                let names = command.allOptions.flatMap(\.names)
                problem = problem ?? .usage("unknown option '\(name)'", help: Suggestion.didYouMean(name, in: names))
                continue
            }
            if Option.helpFlag.names.contains(name) {
                wantsHelp = true
            } else if option.isFlag {
                if attached != nil {
                    problem = problem ?? .usage("'\(option.name)' takes no value")
                } else if arguments.flags.contains(option.name) {
                    problem = problem ?? .usage("'\(option.name)' is given more than once")
                }
                arguments.flags.insert(option.name)
            } else if let value = attached ?? (index < tokens.count ? tokens[index] : nil) {
                if attached == nil { index += 1 }
                problem = problem ?? arguments.add(value, to: option)
            } else {
                problem = problem ?? .usage("'\(option.synopsis)' needs a value")
            }
        }
        if wantsHelp { return .help }
        if let problem { throw problem }
        try arguments.checkPositionals()
        try arguments.checkOptions()
        return .arguments(arguments)
    }

    /// Records `value` for `option`; the problem with it, if any.
    private mutating func add(_ value: String, to option: Option) -> CommandError? {
        if values[option.name] != nil, !option.isRepeatable {
            return .usage("'\(option.name)' is given more than once")
        }
        values[option.name, default: []].append(value)
        guard option.choices.isEmpty || option.choices.contains(value) else {
            return .usage("invalid value '\(value)' for '\(option.synopsis)'",
                          help: Suggestion.help(for: value, among: option.choices, listing: "'\(option.name)' takes"))
        }
        return nil
    }

    private func checkPositionals() throws(CommandError) {
        let declared = command.arguments
        let required = declared.filter(\.isRequired).count
        if positional.count < required {
            throw .usage("missing argument '<\(declared[positional.count].name)>'")
        }
        if declared.last?.isRepeatable != true, positional.count > declared.count {
            throw .usage("unexpected argument '\(positional[declared.count])'")
        }
    }

    private func checkOptions() throws(CommandError) {
        for option in command.options where option.isRequired && values[option.name] == nil {
            throw .usage("missing required option '\(option.synopsis)'")
        }
        for group in command.groups {
            let options = group.names.compactMap(command.option(named:))
            let given = options.filter { values[$0.name] != nil || flags.contains($0.name) }
            if given.count > 1 {
                throw .usage("'\(given[0].name)' and '\(given[1].name)' cannot be used together")
            }
            if group.isRequired, given.isEmpty {
                let choices = options.map { "'\($0.synopsis)'" }.joined(separator: " or ")
                throw .usage("missing option \(choices)")
            }
        }
    }

    /// The declared option `key` names; reading an option the command does not declare is a programming error.
    private func declared<Value>(_ key: OptionKey<Value>) -> Option {
        guard let option = command.option(named: key.name) else {
            preconditionFailure("'tollgate \(command.name)' reads '\(key.name)', which it does not declare")
        }
        return option
    }

    /// The value of `key`'s option: the last one given, else its declared default value.
    subscript(key: OptionKey<String>) -> String? {
        let option = declared(key)
        if let value = values[option.name]?.last { return value }
        if case .value(let value)? = option.defaultValue { return value }
        return nil
    }

    /// Every value given to the repeatable option of `key`, in order.
    func all(_ key: OptionKey<String>) -> [String] {
        values[declared(key).name] ?? []
    }

    /// Whether the option of `key`, a flag or an option with a value, is given.
    func has<Value>(_ key: OptionKey<Value>) -> Bool {
        let name = declared(key).name
        return flags.contains(name) || values[name] != nil
    }

    /// The value of an option the command cannot do without: given, or its declared default value.
    func required(_ key: OptionKey<String>) throws(CommandError) -> String {
        guard let value = self[key] else { throw .usage("missing required option '\(declared(key).synopsis)'") }
        return value
    }
}

extension Arguments {
    /// The `--port` value: a number from 0 (any free port) to 65535.
    func port() throws(CommandError) -> Int {
        let text = try required(.port)
        guard let port = Int(text), (0...65_535).contains(port) else {
            throw .usage("invalid value '\(text)' for '--port <port>'", help: "give a number from 0 to 65535")
        }
        return port
    }
}
