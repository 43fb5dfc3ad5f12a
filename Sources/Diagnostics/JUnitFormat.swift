/// The `--format junit` report: a test suite per app and a test case per rule, for CI test views.
///
/// A rule's case fails when the app has errors of it (or warnings, when strict), is skipped when the
/// app's checklist waives the rule, and passes otherwise; findings that fail no case go to `<system-out>`.
package struct JUnitFormat: Sendable {
    package init() {}

    package func render(_ report: ValidationReport, strict: Bool = false) -> String {
        let rules = report.reportedRules.map(\.id)
        let suites = report.apps.map { app in
            (app: app, cases: rules.map { TestCase(rule: $0, app: app, strict: strict) })
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"tollgate\"\(Self.counts(suites.flatMap(\.cases)))>\n"
        for (app, cases) in suites {
            out += "  <testsuite name=\"\(app.app.xmlAttribute)\"\(Self.counts(cases))>\n"
            for testCase in cases {
                out += testCase.xml(app: app)
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// The count attributes of a suite; times are zero so that the report is deterministic.
    private static func counts(_ cases: [TestCase]) -> String {
        let failures = cases.count(where: \.isFailure)
        let skipped = cases.count(where: \.isSkipped)
        return " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"0\""
    }
}

extension JUnitFormat {
    /// One rule checked against one app.
    struct TestCase {
        enum Outcome {
            case passed
            case failed(worst: Severity)
            case skipped(evidence: String)
        }

        var rule: String
        var findings: [Diagnostic]
        var outcome: Outcome

        init(rule: String, app: AppReport, strict: Bool) {
            self.rule = rule
            findings = app.diagnostics.filter { $0.rule == rule }.sorted(by: Diagnostic.sourceOrder)
            let failing = findings.filter { $0.severity == .error || (strict && $0.severity == .warning) }
            if let worst = failing.map(\.severity).max() {
                outcome = .failed(worst: worst)
            } else if let waiver = app.checklist.first(where: { $0.rule == rule && $0.status == .waived }) {
                outcome = .skipped(evidence: waiver.evidence)
            } else {
                outcome = .passed
            }
        }

        var isFailure: Bool {
            if case .failed = outcome { true } else { false }
        }

        var isSkipped: Bool {
            if case .skipped = outcome { true } else { false }
        }

        func xml(app: AppReport) -> String {
            let open = "    <testcase classname=\"\(app.app.xmlAttribute)\" name=\"\(rule.xmlAttribute)\""
                + " file=\"\(app.file.xmlAttribute)\" time=\"0\""
            let listing = TextFormat().render(findings).dropLast().xmlText
            var children: [String] = []
            switch outcome {
            case .failed(let worst):
                let count = findings.count == 1 ? "1 finding" : "\(findings.count) findings"
                children.append("<failure message=\"\(count)\" type=\"\(worst.rawValue)\">\(listing)</failure>")
            case .skipped(let evidence):
                children.append("<skipped message=\"\("waived: \(evidence)".xmlAttribute)\"/>")
            case .passed:
                break
            }
            if !isFailure, !findings.isEmpty {
                children.append("<system-out>\(listing)</system-out>")
            }
            let body = children.map { "      \($0)\n" }.joined()
            return body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
        }
    }
}

extension StringProtocol {
    /// The text escaped for an XML attribute value; line breaks and tabs as character references,
    /// which attribute normalization would otherwise turn into spaces.
    fileprivate var xmlAttribute: String {
        xmlEscaped(["\t": "&#9;", "\n": "&#10;", "\r": "&#13;"])
    }

    /// The text escaped for XML character data; a CR as a reference, which parsers would otherwise drop.
    fileprivate var xmlText: String {
        xmlEscaped(["\t": "\t", "\n": "\n", "\r": "&#13;"])
    }

    /// Escapes markup characters and removes the characters XML 1.0 cannot hold: other C0 controls,
    /// U+FFFE and U+FFFF.
    private func xmlEscaped(_ whitespace: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in unicodeScalars {
            if let entity = scalar.markupEntity {
                out += entity
                continue
            }
            switch scalar {
            case "\u{FFFE}", "\u{FFFF}": break
            case _ where scalar.value < 0x20: out += whitespace[scalar] ?? ""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
