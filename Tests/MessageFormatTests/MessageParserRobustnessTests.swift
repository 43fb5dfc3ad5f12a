import MessageFormat
import Testing

/// Malformed and hostile input: the parser returns a pattern or an error, never crashes or recurses without bound.
@Suite("MessageParser: robustness")
struct MessageParserRobustnessTests {
    static let seeds = [
        "{price}/{period}",
        "{trial_period} 무료 체험 후 {price}/{period}",
        "{0, plural, offset:1 =0 {nobody} =1 {{1} only} one {{1} and # other} other {{1} and # others}}",
        "{gender, select, female {{n, plural, one {# photo} other {# photos}} for her} other {{n, plural, other {#}}}}",
        "This '{isn''t}' obvious, don't {n, plural, other {'#' is #}}",
        "{n, number, ::measure-unit/duration-month unit-width-full-name} {d, date, short} {s, number, '{'#'}'}",
        "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} 👍🏽",
    ]

    @Test("every prefix and every one-scalar deletion parses or fails in bounds", arguments: seeds)
    func prefixesAndDeletions(_ seed: String) {
        let scalars = Array(seed.unicodeScalars)
        for end in 0...scalars.count {
            expectWellBehaved(Array(scalars[..<end]))
        }
        for index in scalars.indices {
            var damaged = scalars
            damaged.remove(at: index)
            expectWellBehaved(damaged)
        }
    }

    @Test("every syntax character inserted anywhere parses or fails in bounds", arguments: seeds)
    func insertions(_ seed: String) {
        let scalars = Array(seed.unicodeScalars)
        for index in 0...scalars.count {
            for inserted: Unicode.Scalar in ["{", "}", "'", "#", ",", "=", ":", " "] {
                var damaged = scalars
                damaged.insert(inserted, at: index)
                expectWellBehaved(damaged)
            }
        }
    }

    @Test("1,000 nested select levels give the depth error at the 33rd argument")
    func deepSelectNesting() {
        let level = "{a, select, other {"
        let text = String(repeating: level, count: 1000)
        let depthStart = 32 * level.unicodeScalars.count
        let depthError = MessageSyntaxError(.tooDeep(limit: 32), at: depthStart..<depthStart + 1)
        #expect(throws: depthError) { try MessageParser.parse(text) }
        let closed = text + String(repeating: "}}", count: 1000)
        #expect(throws: depthError) { try MessageParser.parse(closed) }
    }

    @Test("1,000 nested plural levels give the depth error")
    func deepPluralNesting() {
        let level = "{n, plural, other {# "
        let text = String(repeating: level, count: 1000) + String(repeating: "}}", count: 1000)
        #expect(throws: MessageSyntaxError.self) { try MessageParser.parse(text) }
    }

    @Test("exactly 32 levels are allowed")
    func maximumDepth() throws {
        let depth = MessageParser.maximumDepth
        let text = String(repeating: "{a, select, other {", count: depth - 1) + "{a}" + String(repeating: "}}", count: depth - 1)
        let pattern = try MessageParser.parse(text)
        #expect(pattern.variables.count == depth)
    }

    @Test("long runs of braces and quotes do not recurse or crash")
    func longRuns() {
        for text in [
            String(repeating: "{", count: 10_000),
            String(repeating: "}", count: 10_000),
            String(repeating: "'", count: 10_001),
            "{n, number, " + String(repeating: "{", count: 10_000),
            "{n, plural, " + String(repeating: "=1 {} ", count: 2) + "other {}}",
        ] {
            expectWellBehaved(Array(text.unicodeScalars))
        }
    }

    /// Parses `scalars` and checks that every range or offset in the outcome lies within the text.
    private func expectWellBehaved(_ scalars: [Unicode.Scalar], sourceLocation: SourceLocation = #_sourceLocation) {
        let text = String(String.UnicodeScalarView(scalars))
        let bounds = 0...scalars.count
        do {
            let pattern = try MessageParser.parse(text)
            let outside = ranges(in: pattern).filter { !bounds.contains($0.lowerBound) || !bounds.contains($0.upperBound) }
            #expect(outside.isEmpty, "ranges \(outside) outside \(bounds) in \(text.debugDescription)", sourceLocation: sourceLocation)
        } catch {
            #expect(bounds.contains(error.range.lowerBound) && bounds.contains(error.range.upperBound),
                    "range \(error.range) in \(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    private func ranges(in pattern: MessagePattern) -> [Range<Int>] {
        pattern.parts.flatMap { part -> [Range<Int>] in
            switch part {
            case .text:
                []
            case .pound(let offset):
                [offset..<offset + 1]
            case .argument(let argument):
                [argument.range, argument.nameRange]
            case .plural(let plural):
                [plural.range, plural.nameRange] + plural.cases.flatMap { [$0.range] + ranges(in: $0.message) }
            case .select(let select):
                [select.range, select.nameRange] + select.cases.flatMap { [$0.range] + ranges(in: $0.message) }
            }
        }
    }
}
