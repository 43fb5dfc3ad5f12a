import MessageFormat
import Testing

/// A message that parses, and the `dump` of its pattern.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var expected: String

    var testDescription: String { name }
}

@Suite("MessageParser: valid messages")
struct MessageParserTests {
    static let plainCases: [ParseCase] = [
        ParseCase(name: "empty message", text: "", expected: ""),
        ParseCase(name: "plain text", text: "Unlock everything", expected: #""Unlock everything""#),
        ParseCase(name: "Korean title", text: "더 멋진 콜라주를 위한 프리미엄", expected: #""더 멋진 콜라주를 위한 프리미엄""#),
        ParseCase(name: "price per period", text: "{price}/{period}", expected: #"{price} "/" {period}"#),
        ParseCase(
            name: "Korean subtitle", text: "{unlocked_features}을 이용하세요",
            expected: #"{unlocked_features} "을 이용하세요""#),
        ParseCase(
            name: "Korean trial", text: "{trial_period} 무료 체험 후 {price}/{period}",
            expected: #"{trial_period} " 무료 체험 후 " {price} "/" {period}"#),
        ParseCase(name: "Korean badge", text: "{savings_percent} 절약", expected: #"{savings_percent} " 절약""#),
        ParseCase(
            name: "Korean non-consumable price", text: "{price} · 한 번 결제로 계속 이용",
            expected: #"{price} " · 한 번 결제로 계속 이용""#),
        ParseCase(
            name: "Korean disclosure",
            text: "구독은 현재 기간 종료 최소 24시간 전에 해지하지 않으면 {period}마다 {price}로 자동 갱신됩니다.",
            expected: #""구독은 현재 기간 종료 최소 24시간 전에 해지하지 않으면 " {period} "마다 " {price} "로 자동 갱신됩니다.""#),
        ParseCase(name: "whitespace around the name", text: "{ price\t}", expected: "{price}"),
        ParseCase(name: "numbered arguments", text: "{0} and {12}", expected: #"{0} " and " {12}"#),
        ParseCase(name: "dotted and dashed names", text: "{templates.advanced}{remove-ads}", expected: "{templates.advanced} {remove-ads}"),
        ParseCase(name: "Unicode name", text: "{가격}", expected: "{가격}"),
        ParseCase(name: "hash outside a plural is text", text: "Item #1", expected: #""Item #1""#),
        ParseCase(name: "comma outside an argument is text", text: "a, b", expected: #""a, b""#),
    ]

    static let simpleArgumentCases: [ParseCase] = [
        ParseCase(name: "type only", text: "{n, number}", expected: "{n number}"),
        ParseCase(name: "type and style", text: "{n,number,integer}", expected: "{n number 'integer'}"),
        ParseCase(name: "type is case-insensitive, as in ICU", text: "{n, Number}", expected: "{n number}"),
        ParseCase(name: "empty style means none", text: "{n, number, }", expected: "{n number}"),
        ParseCase(name: "date style", text: "{d, date, short}", expected: "{d date 'short'}"),
        ParseCase(name: "time pattern style", text: "{t, time, HH:mm}", expected: "{t time 'HH:mm'}"),
        ParseCase(name: "spellout", text: "{n, spellout}", expected: "{n spellout}"),
        ParseCase(name: "ordinal", text: "{n, ordinal}", expected: "{n ordinal}"),
        ParseCase(name: "duration", text: "{s, duration}", expected: "{s duration}"),
        ParseCase(
            name: "number skeleton", text: "{n, number, ::measure-unit/duration-month unit-width-full-name}",
            expected: "{n number '::measure-unit/duration-month unit-width-full-name'}"),
        ParseCase(
            name: "style whitespace is trimmed", text: "{n, number,   ::percent   }", expected: "{n number '::percent'}"),
        ParseCase(
            name: "style keeps balanced braces and quotes", text: "{n, number, '{'#'}' {x}}",
            expected: "{n number ''{'#'}' {x}'}"),
        ParseCase(name: "quoted brace in style", text: "{n, number, '}'0}", expected: "{n number ''}'0'}"),
    ]

    static let pluralCases: [ParseCase] = [
        ParseCase(
            name: "the ICU documentation's example with offset",
            text: "{0, plural, offset:1 =0 {nobody} =1 {{1} only} one {{1} and # other} other {{1} and # others}}",
            expected: #"{0 plural offset:1 =0["nobody"] =1[{1} " only"] one[{1} " and " # " other"] other[{1} " and " # " others"]}"#
        ),
        ParseCase(
            name: "Russian categories",
            text: "{n, plural, =0 {нет} one {# месяц} few {# месяца} many {# месяцев} other {# месяца}}",
            expected: #"{n plural =0["нет"] one[# " месяц"] few[# " месяца"] many[# " месяцев"] other[# " месяца"]}"#),
        ParseCase(
            name: "all six keywords",
            text: "{n, plural, zero {z} one {o} two {t} few {f} many {m} other {x}}",
            expected: #"{n plural zero["z"] one["o"] two["t"] few["f"] many["m"] other["x"]}"#),
        ParseCase(name: "no spaces", text: "{n,plural,one{#}other{# s}}", expected: #"{n plural one[#] other[# " s"]}"#),
        ParseCase(name: "empty sub-messages", text: "{n, plural, other {}}", expected: "{n plural other[]}"),
        ParseCase(
            name: "decimal and negative exact values", text: "{n, plural, =1.5 {a} =-1 {b} other {c}}",
            expected: #"{n plural =1.5["a"] =-1["b"] other["c"]}"#),
        ParseCase(
            name: "whitespace after offset colon", text: "{n, plural, offset: 2 other {#}}",
            expected: "{n plural offset:2 other[#]}"),
        ParseCase(
            name: "selectordinal", text: "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
            expected: #"{n selectordinal one[# "st"] two[# "nd"] few[# "rd"] other[# "th"]}"#),
        ParseCase(
            name: "duration skeleton inside plural",
            text: "{n, plural, other {{n, number, ::measure-unit/duration-month unit-width-full-name} free}}",
            expected: #"{n plural other[{n number '::measure-unit/duration-month unit-width-full-name'} " free"]}"#),
        ParseCase(
            name: "nested plural has its own #", text: "{a, plural, other {# {b, plural, other {#}}}}",
            expected: #"{a plural other[# " " {b plural other[#]}]}"#),
    ]

    static let selectCases: [ParseCase] = [
        ParseCase(
            name: "select", text: "{gender, select, female {her} male {his} other {their}}",
            expected: #"{gender select female["her"] male["his"] other["their"]}"#),
        ParseCase(
            name: "select with nested plural",
            text: "{gender, select, female {{n, plural, one {# photo} other {# photos}} for her} other {{n, plural, other {# photos}}}}",
            expected: #"{gender select female[{n plural one[# " photo"] other[# " photos"]} " for her"] other[{n plural other[# " photos"]}]}"#
        ),
        ParseCase(
            name: "hash in a select is text", text: "{g, select, other {#1}}", expected: ##"{g select other["#1"]}"##),
        ParseCase(
            name: "hash in a select nested in a plural is text, as in ICU 72",
            text: "{n, plural, other {{g, select, other {# x}}}}", expected: ##"{n plural other[{g select other["# x"]}]}"##),
        ParseCase(
            name: "numeric and dotted keys", text: "{k, select, 1 {a} a.b {b} other {c}}",
            expected: #"{k select 1["a"] a.b["b"] other["c"]}"#),
    ]

    static let apostropheCases: [ParseCase] = [
        ParseCase(name: "apostrophe before a letter is literal", text: "don't", expected: #""don't""#),
        ParseCase(name: "doubled apostrophe", text: "it''s", expected: #""it's""#),
        ParseCase(name: "two doubled apostrophes", text: "''''", expected: #""''""#),
        ParseCase(name: "quoted braces", text: "'{literal}'", expected: #""{literal}""#),
        ParseCase(name: "quoted closing brace", text: "a '}' b", expected: #""a } b""#),
        ParseCase(name: "quotes around an argument", text: "'{'{n}'}'", expected: #""{" {n} "}""#),
        ParseCase(name: "doubled apostrophe inside a quote", text: "This '{isn''t}' obvious", expected: #""This {isn't} obvious""#),
        ParseCase(name: "lone trailing apostrophe", text: "a'", expected: #""a'""#),
        ParseCase(name: "apostrophe before a space", text: "rock 'n' roll", expected: #""rock 'n' roll""#),
        ParseCase(name: "unterminated quote runs to the end", text: "a '{b} c", expected: #""a {b} c""#),
        ParseCase(name: "quoted hash in a plural", text: "{n, plural, other {'#' is #}}", expected: ##"{n plural other["# is " #]}"##),
        ParseCase(name: "quoted hash outside a plural keeps its apostrophes", text: "'#'", expected: #""'#'""#),
        ParseCase(
            name: "quoted hash in a select keeps its apostrophes", text: "{g, select, other {'#' x}}",
            expected: #"{g select other["'#' x"]}"#),
        ParseCase(
            name: "apostrophe in a plural sub-message", text: "{n, plural, other {don''t {x}}}",
            expected: #"{n plural other["don't " {x}]}"#),
    ]

    @Test(arguments: plainCases)
    func plainTextAndPlaceholders(_ testCase: ParseCase) throws {
        #expect(dump(try MessageParser.parse(testCase.text)) == testCase.expected)
    }

    @Test(arguments: simpleArgumentCases)
    func simpleArguments(_ testCase: ParseCase) throws {
        #expect(dump(try MessageParser.parse(testCase.text)) == testCase.expected)
    }

    @Test(arguments: pluralCases)
    func plurals(_ testCase: ParseCase) throws {
        #expect(dump(try MessageParser.parse(testCase.text)) == testCase.expected)
    }

    @Test(arguments: selectCases)
    func selects(_ testCase: ParseCase) throws {
        #expect(dump(try MessageParser.parse(testCase.text)) == testCase.expected)
    }

    @Test(arguments: apostropheCases)
    func apostrophes(_ testCase: ParseCase) throws {
        #expect(dump(try MessageParser.parse(testCase.text)) == testCase.expected)
    }

    @Test("ranges count Unicode scalars, not characters or UTF-16 units")
    func scalarRanges() throws {
        // 👍🏽 is one Character, two scalars and four UTF-16 units.
        let pattern = try MessageParser.parse("👍🏽 {price}/{period}")
        #expect(
            pattern.parts == [
                .text(MessageText("👍🏽 ", at: 0)),
                .argument(ArgumentPlaceholder(name: "price", range: 3..<10, nameRange: 4..<9)),
                .text(MessageText("/", at: 10)),
                .argument(ArgumentPlaceholder(name: "period", range: 11..<19, nameRange: 12..<18)),
            ])
    }

    @Test("quoted text knows where each of its characters was written")
    func quotedTextOffsets() throws {
        // "it''s '{'x'}' $4.99": the apostrophes that quote are not characters of the text.
        let pattern = try MessageParser.parse("it''s '{'x'}' $4.99")
        let text = try #require(pattern.parts.first)
        #expect(text == .text(MessageText("it's {x} $4.99", offsets: [0, 1, 2, 4, 5, 7, 9, 11, 13, 14, 15, 16, 17, 18])))
        guard case .text(let literal) = text else { return }
        #expect(literal.messageRange(of: 9..<14) == 14..<19)
        #expect(literal.messageRange(of: 2..<5) == 2..<6)
    }

    @Test("the ICU documentation's plural example has exact ranges")
    func pluralRanges() throws {
        let text = "{0, plural, offset:1 =0 {nobody} =1 {{1} only} one {{1} and # other} other {{1} and # others}}"
        func one(at start: Int) -> MessagePart {
            .argument(ArgumentPlaceholder(name: "1", range: start..<start + 3, nameRange: start + 1..<start + 2))
        }
        let expected = PluralArgument(
            name: "0", offset: 1,
            cases: [
                PluralCase(selector: .exact("0"), message: MessagePattern(parts: [.text(MessageText("nobody", at: 25))]), range: 21..<32),
                PluralCase(
                    selector: .exact("1"), message: MessagePattern(parts: [one(at: 37), .text(MessageText(" only", at: 40))]), range: 33..<46),
                PluralCase(
                    selector: .keyword("one"),
                    message: MessagePattern(parts: [
                        one(at: 52), .text(MessageText(" and ", at: 55)), .pound(offset: 60),
                        .text(MessageText(" other", at: 61)),
                    ]),
                    range: 47..<68),
                PluralCase(
                    selector: .keyword("other"),
                    message: MessagePattern(parts: [
                        one(at: 76), .text(MessageText(" and ", at: 79)), .pound(offset: 84),
                        .text(MessageText(" others", at: 85)),
                    ]),
                    range: 69..<93),
            ],
            range: 0..<94, nameRange: 1..<2)
        #expect(try MessageParser.parse(text) == MessagePattern(parts: [.plural(expected)]))
    }

    @Test("select and simple arguments carry their ranges")
    func selectRanges() throws {
        let pattern = try MessageParser.parse("Hi {g, select, a {{n, number, integer}} other {}}!")
        let select = SelectArgument(
            name: "g",
            cases: [
                SelectCase(
                    key: "a",
                    message: MessagePattern(parts: [
                        .argument(
                            ArgumentPlaceholder(
                                name: "n", type: "number", style: "integer", range: 18..<38, nameRange: 19..<20))
                    ]),
                    range: 15..<39),
                SelectCase(key: "other", message: MessagePattern(parts: []), range: 40..<48),
            ],
            range: 3..<49, nameRange: 4..<5)
        #expect(pattern == MessagePattern(parts: [.text(MessageText("Hi ", at: 0)), .select(select), .text(MessageText("!", at: 49))]))
    }

    @Test("selectordinal sets ordinal")
    func selectOrdinal() throws {
        let pattern = try MessageParser.parse("{n, selectordinal, other {#}}")
        guard case .plural(let plural) = try #require(pattern.parts.first) else {
            Issue.record("expected a plural, got \(pattern)")
            return
        }
        #expect(plural.ordinal)
        #expect(plural.offset == 0)
    }
}
