import Foundation
import TestSupport
import Testing
@testable import TollgateCLI

/// One run of `tollgate` whose stdout, stderr and exit code are checked against a golden file.
struct Invocation: Sendable, CustomTestStringConvertible {
    /// The golden file's name under `Tests/Fixtures/cli/errors/`.
    var name: String
    var arguments: [String]

    init(_ name: String, _ arguments: [String]) {
        self.name = name
        self.arguments = arguments
    }

    var testDescription: String { name }

    /// What the run printed and how it ended, as the golden file holds it.
    func transcript() -> String {
        let result = CommandLineTests.run(arguments)
        return "$ tollgate \(arguments.joined(separator: " "))\nexit \(result.exitCode)\n"
            + "--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)"
    }
}

/// The command line's conventions: options declared once, help generated from the declarations, and errors
/// the way git and swift-argument-parser print them.
@Suite struct CommandLineTests {
    static let root = Fixtures.repositoryRoot().path

    static func run(_ arguments: [String]) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: root))
    }

    static let names = Tollgate.commands.map(\.name)

    @Test(arguments: [""] + names)
    func helpMatchesItsGolden(command: String) {
        let result = Self.run(command.isEmpty ? ["--help"] : [command, "--help"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let golden = Fixtures.path("cli/help/\(command.isEmpty ? "tollgate" : command).golden")
        expectGolden(result.stdout, at: golden)
    }

    @Test(arguments: names)
    func helpIsTheSameHoweverItIsAsked(command: String) {
        let help = Self.run([command, "--help"])
        let askings = [[command, "-h"], ["help", command], [command, "--app", "x", "--help"], [command, "--nope", "-h"]]
        for arguments in askings {
            #expect(Self.run(arguments) == help, "\(arguments)")
        }
    }

    @Test(arguments: Tollgate.commands.map { $0.name })
    func helpListsEveryDeclaredOptionAndArgument(command name: String) throws {
        let command = try #require(Tollgate.commands.first { $0.name == name })
        let help = Self.run([name, "--help"]).stdout
        let usage = try #require(help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE: ") })
        let options = try #require(help.components(separatedBy: "OPTIONS:\n").last)
        for option in command.allOptions {
            #expect(options.contains("  \(option.label) ") || options.contains("  \(option.label)\n"),
                    "\(name): '\(option.label)' is not in OPTIONS")
            if option.names != Option.helpFlag.names {
                #expect(usage.contains(option.synopsis), "\(name): '\(option.synopsis)' is not in the usage line")
            }
            for choice in option.choices {
                #expect(options.contains(choice), "\(name): '\(option.name)' does not list '\(choice)'")
            }
        }
        for argument in command.arguments {
            #expect(usage.contains("<\(argument.name)>"), "\(name): '<\(argument.name)>' is not in the usage line")
            #expect(help.contains("ARGUMENTS:\n") && help.contains("  <\(argument.name)> "))
        }
    }

    @Test(arguments: [""] + names)
    func helpLinesFitEightyColumns(command: String) {
        let help = Self.run(command.isEmpty ? ["--help"] : [command, "--help"]).stdout
        for line in help.split(separator: "\n") where line.count > Help.width {
            Issue.record("'tollgate \(command) --help': \(line.count) columns: \(line)")
        }
    }

    @Test(arguments: names)
    func parsingRefusesAnUndeclaredOption(command: String) {
        let result = Self.run([command, "--undeclared"])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: unknown option '--undeclared'\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("see 'tollgate \(command) --help'\n"), "\(result.stderr)")
    }

    @Test(arguments: Tollgate.commands.flatMap { command in command.options.map { (command.name, $0.name) } })
    func parsingKnowsEveryDeclaredOption(command: String, option: String) throws {
        let declared = try #require(Tollgate.commands.first { $0.name == command }?.option(named: option))
        let result = Self.run([command, option] + (declared.isFlag ? [] : ["value"]) + ["--help"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("unknown option"))
    }

    @Test func publishDeclaresItsMessage() throws {
        let publish = try #require(Tollgate.commands.first { $0.name == "publish" })
        #expect(publish.option(named: "-m")?.name == "--message")
        #expect(Self.run(["publish", "--help"]).stdout.contains("  -m, --message <message>"))
    }

    @Test func helpWithoutACommandIsTheGeneralHelp() {
        #expect(Self.run(["help"]) == Self.run(["--help"]))
        #expect(Self.run(["-h"]) == Self.run(["--help"]))
    }

    @Test func noArgumentsPrintTheGeneralHelpOnStderrAndExitWithTwo() {
        let result = Self.run([])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == Self.run(["--help"]).stdout)
    }

    @Test(arguments: [
        Invocation("unknown-command", ["valdate"]),
        Invocation("unknown-command-far", ["frobnicate"]),
        Invocation("unknown-top-level-option", ["--verison"]),
        Invocation("help-unknown-command", ["help", "valdate"]),
        Invocation("help-two-commands", ["help", "validate", "eval"]),
        Invocation("missing-file", ["validate", "nope.yaml"]),
        Invocation("unknown-option", ["validate", "--strcit"]),
        Invocation("invalid-choice", ["validate", "--format", "jsno"]),
        Invocation("missing-value", ["render", "--app"]),
        Invocation("flag-with-value", ["validate", "--strict=yes"]),
        Invocation("missing-required-option", ["matrix"]),
        Invocation("option-given-twice", ["matrix", "--app", "photocollage", "--app", "lingualeap"]),
        Invocation("options-that-exclude-each-other", ["validate", "--db", "store.sqlite", "--baseline", "."]),
        Invocation("one-of-two-options", ["eval", "--app", "photocollage"]),
        Invocation("unexpected-argument", ["schema", "extra"]),
        Invocation("missing-argument", ["diff", "1"]),
        Invocation("unknown-app-render", ["render", "--app", "nope"]),
        Invocation("unknown-app-eval", ["eval", "--app", "photocolage", "--products", "coins.100"]),
        Invocation("unknown-app-matrix", ["matrix", "--app", "lingualeep"]),
        Invocation("unknown-app-bundle", ["bundle", "--app", "nope"]),
        Invocation("unknown-paywall", ["render", "--app", "photocollage", "--paywall", "mian"]),
        Invocation("unknown-rule", ["explain", "unknown-tire"]),
        Invocation("unknown-rule-far", ["explain", "frobnicate"]),
        Invocation("explain-without-a-rule", ["explain"]),
        Invocation("explain-all-and-a-rule", ["explain", "--all", "unknown-tier"]),
        Invocation("explain-format-without-all", ["explain", "unknown-tier", "--format", "markdown"]),
        Invocation("invalid-port", ["serve", "--port", "http"]),
        Invocation("eval-input-missing", ["eval", "--app", "photocollage", "--input", "no/such/input.json"]),
        Invocation("eval-ambiguous-product", ["eval", "--app", "lingualeap", "--products", "yearly"]),
        Invocation("eval-unknown-product", ["eval", "--app", "photocollage", "--products", "premium.yaerly"]),
        Invocation("eval-unknown-product-far", ["eval", "--app", "photocollage", "--products", "gold"]),
        Invocation("diff-folder-without-app", ["diff", ".", "Tests/Fixtures/cli/project"]),
        Invocation("diff-folder-without-the-app", ["diff", ".", "Tests/Fixtures/cli/project", "--app", "photocollage"]),
        Invocation("bundle-output-folder-missing", ["bundle", "--app", "photocollage", "-o", "no/such/folder/b.json"]),
        Invocation("render-locale-invalid", ["render", "--app", "photocollage", "--locale", "not a tag"]),
        Invocation("render-prices-missing", ["render", "--app", "photocollage", "--prices", "no/such/prices.yaml"]),
        Invocation("resolve-unknown-placement", ["resolve", "--app", "photocollage", "--placement", "onbording",
                                                 "--input", "Tests/Fixtures/cli/resolve/subscriber.json"]),
        Invocation("resolve-unknown-placement-far", ["resolve", "--app", "lingualeap", "--placement", "checkout",
                                                     "--input", "Tests/Fixtures/cli/resolve/subscriber.json"]),
        Invocation("resolve-unknown-app", ["resolve", "--app", "photocolage", "--placement", "onboarding",
                                           "--input", "Tests/Fixtures/cli/resolve/subscriber.json"]),
        Invocation("resolve-without-input", ["resolve", "--app", "photocollage", "--placement", "onboarding"]),
        Invocation("resolve-input-missing", ["resolve", "--app", "photocollage", "--placement", "onboarding",
                                             "--input", "no/such/context.json"]),
        Invocation("resolve-input-truncated", ["resolve", "--app", "photocollage", "--placement", "onboarding",
                                               "--input", "Tests/Fixtures/cli/resolve/truncated.json"]),
        Invocation("resolve-input-bad-attributes", ["resolve", "--app", "photocollage", "--placement", "onboarding",
                                                    "--input", "Tests/Fixtures/cli/resolve/bad-attributes.json"]),
        Invocation("experiment-without-subcommand", ["experiment", "--app", "photocollage"]),
        Invocation("experiment-unknown-subcommand", ["experiment", "simulat", "--app", "photocollage",
                                                     "--experiment", "onboarding-paywall"]),
        Invocation("experiment-unknown", ["experiment", "simulate", "--app", "photocollage",
                                          "--experiment", "onboarding-paywal"]),
        Invocation("experiment-users-invalid", ["experiment", "simulate", "--app", "photocollage",
                                                "--experiment", "onboarding-paywall", "--users", "-5"]),
        Invocation("experiment-users-too-many", ["experiment", "simulate", "--app", "photocollage",
                                                 "--experiment", "onboarding-paywall", "--users", "10000001"]),
        Invocation("matrix-placements-and-truth-table", ["matrix", "--app", "photocollage", "--placements",
                                                         "--truth-table"]),
    ])
    func errorMatchesItsGolden(invocation: Invocation) {
        let golden = Fixtures.path("cli/errors/\(invocation.name).golden")
        expectGolden(invocation.transcript(), at: golden)
    }
}
