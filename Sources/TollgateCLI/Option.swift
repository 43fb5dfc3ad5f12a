/// One option a command accepts, declared once: the parser and `--help` both read it.
struct Option: Sendable {
    /// What an option holds when it is not given.
    enum Default: Sendable {
        /// A value the parser fills in.
        case value(String)
        /// A default the command works out itself, described for `--help`.
        case described(String)
    }

    /// Every name, short ones first: `["-o", "--output"]`.
    var names: [String]
    /// The placeholder of its value (`file` for `--db <file>`); nil for a flag.
    var valueName: String?
    var help: String
    var defaultValue: Default?
    /// The only values it accepts; empty when any value goes.
    var choices: [String] = []
    var isRequired = false
    var isRepeatable = false

    /// An option that takes a value.
    static func value(_ key: OptionKey<String>, valueName: String, help: String, default defaultValue: Default? = nil,
                      choices: [String] = [], required: Bool = false, repeatable: Bool = false) -> Option {
        Option(names: key.names, valueName: valueName, help: help, defaultValue: defaultValue, choices: choices,
               isRequired: required, isRepeatable: repeatable)
    }

    /// An option without a value.
    static func flag(_ key: OptionKey<Bool>, help: String) -> Option {
        Option(names: key.names, valueName: nil, help: help, defaultValue: nil)
    }

    /// The name messages use: the first long name.
    var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }

    var isFlag: Bool { valueName == nil }

    /// `--format <format>` or `--strict`, as usage lines and messages write it.
    var synopsis: String { valueName.map { "\(name) <\($0)>" } ?? name }

    /// `-o, --output <file>`, as the options list writes it.
    var label: String { names.joined(separator: ", ") + (valueName.map { " <\($0)>" } ?? "") }

    /// `-h, --help`, which every command accepts.
    static let helpFlag = Option.flag(.help, help: "show help information")
}
