import Foundation

/// `--help` texts and usage lines, generated from the commands' declarations in the layout of
/// swift-argument-parser: OVERVIEW, the description, USAGE, ARGUMENTS, OPTIONS.
enum Help {
    /// Lines are at most this wide.
    static let width = 80
    /// Where the help of an option or argument starts.
    static let labelColumn = 26

    /// The full help of `command`.
    static func text(for command: Tollgate.Command) -> String {
        var sections = [wrap(command.summary.split(separator: " ").map(String.init), after: "OVERVIEW:")]
        if !command.discussion.isEmpty { sections.append(command.discussion.trimmingTrailingNewlines) }
        sections.append(usage(command, heading: "USAGE:"))
        if !command.arguments.isEmpty {
            let arguments = command.arguments.map { entry("<\($0.name)>", help: help(of: $0)) }
            sections.append("ARGUMENTS:\n" + arguments.joined())
        }
        sections.append("OPTIONS:\n" + command.allOptions.map { entry($0.label, help: help(of: $0)) }.joined())
        return sections.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    }

    /// The usage line of `command` after `heading` (`USAGE:` in help, `usage:` under an error), wrapped.
    static func usage(_ command: Tollgate.Command, heading: String) -> String {
        var elements = command.arguments.map(\.synopsis)
        var grouped: Set<String> = []
        for option in command.options {
            guard !grouped.contains(option.name) else { continue }
            if let group = command.groups.first(where: { $0.names.contains(option.name) }) {
                let members = group.names.compactMap(command.option(named:))
                grouped.formUnion(members.map(\.name))
                let alternatives = members.map(\.synopsis).joined(separator: " | ")
                elements.append(group.isRequired ? "(\(alternatives))" : "[\(alternatives)]")
            } else {
                let synopsis = option.synopsis + (option.isRepeatable ? " ..." : "")
                elements.append(option.isRequired ? synopsis : "[\(synopsis)]")
            }
        }
        return wrap(elements, after: "\(heading) tollgate \(command.name)")
    }

    /// The help of `tollgate` itself: the commands and what every command shares.
    static var general: String {
        let commands = Tollgate.commands.map { entry($0.name, help: $0.summary) }.joined()
        return """
            OVERVIEW: monetization policy and paywall configuration (tollgate \(Tollgate.version))

            Paths default to Policies/ and Templates/ under the current directory. Every
            command exits 0 on success (warnings allowed), 1 when its input has errors (or
            warnings under --strict) and 2 on a usage error, a file it cannot read or a
            failure. The commands are described in docs/commands.md of the Tollgate
            repository.

            \(generalUsage(heading: "USAGE:"))
            OPTIONS:
            \(entry("--version", help: "show the version"))\(entry(Option.helpFlag.label, help: Option.helpFlag.help))
            SUBCOMMANDS:
            \(commands)
              See 'tollgate help <command>' for detailed help.

            """
    }

    /// The usage line of `tollgate` itself.
    static func generalUsage(heading: String) -> String {
        "\(heading) tollgate <command> [<options>]\n"
    }

    private static func help(of option: Option) -> String {
        help(option.help, choices: option.choices, default: option.defaultValue, repeatable: option.isRepeatable)
    }

    private static func help(of positional: Positional) -> String {
        help(positional.help, choices: [], default: positional.defaultValue, repeatable: positional.isRepeatable)
    }

    /// `help` and, in parentheses, the values allowed, the default and whether it may be repeated.
    private static func help(_ help: String, choices: [String], default: Option.Default?, repeatable: Bool) -> String {
        var notes: [String] = []
        if !choices.isEmpty { notes.append("values: " + choices.joined(separator: ", ")) }
        switch `default` {
        case .value(let value)?, .described(let value)?: notes.append("default: \(value)")
        case nil: break
        }
        if repeatable { notes.append("repeatable") }
        return notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
    }

    /// One row of a list: two spaces, the label, and the help from the label column on, wrapped; the help starts
    /// on the next line when the label leaves no room.
    private static func entry(_ label: String, help: String) -> String {
        let indent = String(repeating: " ", count: labelColumn)
        let lines = words(help, width: width - labelColumn)
        let head = "  " + label
        guard head.count + 2 <= labelColumn else {
            return head + "\n" + lines.map { indent + $0 + "\n" }.joined()
        }
        let first = head.padding(toLength: labelColumn, withPad: " ", startingAt: 0) + (lines.first ?? "")
        return ([first] + lines.dropFirst().map { indent + $0 }).map { $0 + "\n" }.joined()
    }

    /// `elements` after `prefix`, separated by spaces, continuing under the first element when a line is full.
    private static func wrap(_ elements: [String], after prefix: String) -> String {
        let indent = String(repeating: " ", count: prefix.count + 1)
        var lines = [prefix]
        for element in elements {
            if lines[lines.count - 1].count + 1 + element.count > width {
                lines.append(indent + element)
            } else {
                lines[lines.count - 1] += " " + element
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` broken into lines of at most `width` characters between words.
    static func words(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension String {
    /// The string without the newlines at its end.
    var trimmingTrailingNewlines: String {
        String(reversed().drop { $0 == "\n" }.reversed())
    }
}
