import Foundation
import TestSupport
import Testing
import TollgateCLI

/// Template findings point at the part of the message at fault: the excerpt shown on a terminal
/// underlines it, and the JSON format gives where it ends.
@Suite struct TemplateCaretTests {
    static let rules = ["hardcoded-price", "template-message-syntax", "template-unknown-variable",
                        "template-plural-categories"]

    static func validate(_ rule: String, _ arguments: [String] = [], terminal: Bool = false) -> CommandResult {
        let context = CommandContext(currentDirectory: Fixtures.path("rules/\(rule)/bad"), stderrIsTerminal: terminal)
        return Tollgate.run(["validate"] + arguments, context: context)
    }

    @Test(arguments: rules)
    func terminalExcerptUnderlinesThePart(rule: String) {
        let result = Self.validate(rule, terminal: true)
        expectGolden(result.stderr, at: Fixtures.path("cli/carets/\(rule).golden"))
    }

    @Test func jsonEndsWhereThePriceEnds() {
        let result = Self.validate("hardcoded-price", ["--format", "json"])
        expectGolden(result.stdout, at: Fixtures.path("cli/carets/hardcoded-price.json.golden"))
    }
}
