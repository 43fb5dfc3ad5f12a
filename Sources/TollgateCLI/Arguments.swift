import Diagnostics

/// A command's arguments, parsed against the options and flags it declares.
struct Arguments {
    private(set) var positional: [String] = []
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []

    /// Parses `arguments`; `options` take a value (`--format json`, `--format=json`), `flags` do not.
    init(_ arguments: [String], options: [String], flags: [String]) throws(CommandError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                positional += arguments[index...]
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if flags.contains(name), parts.count == 1 {
                self.flags.insert(name)
            } else if options.contains(name) {
                if parts.count == 2 {
                    values[name] = parts[1]
                } else if index < arguments.count {
                    values[name] = arguments[index]
                    index += 1
                } else {
                    throw CommandError.usage("option '\(name)' needs a value")
                }
            } else {
                let hint = Suggestion.didYouMean(name, in: options + flags).map { "; \($0)" } ?? ""
                throw CommandError.usage("unknown option '\(name)'\(hint)")
            }
        }
    }

    subscript(option: String) -> String? { values[option] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of `option`, which must be one of `allowed`; `fallback` when absent.
    func choice(_ option: String, _ allowed: [String], default fallback: String) throws(CommandError) -> String {
        let value = values[option] ?? fallback
        guard allowed.contains(value) else {
            throw CommandError.usage("\(option) must be one of \(allowed.joined(separator: ", ")), not '\(value)'")
        }
        return value
    }

    /// The value of a required option.
    func required(_ option: String) throws(CommandError) -> String {
        guard let value = values[option] else { throw CommandError.usage("missing required option \(option)") }
        return value
    }
}
