import JSON
import Testing
import TollgateEvaluation

/// The service reads an evaluation body straight from its bytes when it is in the usual form; that reading must give
/// exactly the input the general reader gives, and leave every other text (and its error message) to it.
@Suite struct UsualFormInputTests {
    static let usual = [
        #"{ "entitlements": [{ "product": "com.example.photocollage.premium.yearly", "state": "active" }], "synced": true, "consent": "granted" }"#,
        "{}",
        " { \"entitlements\" : [ ] } ",
        "\t{\r\n\"synced\"\n:\ttrue}\n",
        #"{"entitlements":null,"synced":null,"consent":null,"now":null,"attributes":null,"user_id":null}"#,
        #"{"entitlements":[{"product":"a","state":"expired","expires":null},{"product":"b","state":"grace_period","#
            + #""expires":"2026-11-29T12:00:00Z"}],"synced":false,"consent":"denied","now":"2026-11-29T13:00:00+01:00","#
            + #""currency":"EUR","user_id":"u1","storefront":"JPN","locale":"ja-JP","platform":"ios","#
            + #""app_version":"2.4.1","install_date":"2026-01-01T00:00:00.250Z","#
            + #""attributes":{"source":"ad","beta":true,"paid":false}}"#,
        #"{"entitlements":[{"state":"active","product":"café ☕"}],"user_id":"ü","attributes":{"größe":"L"}}"#,
    ]

    static let others = [
        "", " ", "[]", "null", "{", #"{"synced":true"#, #"{"synced":true}x"#, #"{"synced":tru}"#, #"{"synced":1}"#,
        #"{"unknown":1}"#, #"{"synced":true,"synced":false}"#, #"{"entitlements":{}}"#,
        #"{"entitlements":[{"product":"a","state":"active"},]}"#,
        #"{"entitlements":[{"product":"a","state":"active","product":"b"}]}"#,
        #"{"entitlements":[{"product":"a","state":"paid"}]}"#, #"{"entitlements":[{"product":"a"}]}"#,
        #"{"entitlements":[{"product":null,"state":"active"}]}"#,
        #"{"entitlements":[{"product":"a","state":"active","note":"x"}]}"#,
        #"{"currency":"U\u0053D"}"#, #"{"currency":"a\"b"}"#, "{\"currency\":\"tab\there\"}", #"{"now":"yesterday"}"#,
        #"{"consent":"maybe"}"#, #"{"attributes":{"a":null}}"#, #"{"attributes":{"n":1}}"#,
        #"{"attributes":{"a":"x","a":"y"}}"#, "{\"attributes\":{\"\u{E9}\":\"x\",\"e\u{301}\":\"y\"}}",
        #"{"attributes":{"a":[]}}"#, #"{"Synced":true}"#,
    ]

    /// Bodies naming a customer, with the object the general reader reads for the input (the body without
    /// `customer` and `environment`), the customer and the environment.
    static let byCustomer: [(body: String, rest: String, customer: String, environment: String?)] = [
        (#"{"customer":"c-1"}"#, "{}", "c-1", nil),
        (#"{ "customer" : "c-1", "environment": "sandbox", "consent": "granted", "user_id": "u" }"#,
         #"{"consent": "granted", "user_id": "u"}"#, "c-1", "sandbox"),
        (#"{"entitlements":null,"customer":"ü","environment":null,"synced":false}"#, #"{"synced":false}"#, "ü", nil),
    ]

    static let notByCustomer = [
        #"{"customer":"c-1","entitlements":[]}"#, #"{"environment":"sandbox"}"#,
        #"{"customer":null,"environment":"sandbox"}"#, #"{"customer":7}"#, #"{"customer":"a","customer":"b"}"#,
        #"{"customer":"c","environment":"x","environment":"y"}"#, #"{"customer":"c\u0031"}"#, #"{"Customer":"c"}"#,
    ]

    @Test(arguments: byCustomer)
    func readsTheCustomerApartFromTheInput(_ body: String, rest: String, customer: String, environment: String?)
        throws
    {
        let read = try #require(UsualEvaluationBody(Array(body.utf8)))
        #expect(read.input == (try EvaluationInput(value: JSONValue(reading: Array(rest.utf8)))))
        #expect(read.customer == customer)
        #expect(read.environment == environment)
        #expect(EvaluationInput(usualForm: Array(body.utf8)) == nil)
    }

    @Test(arguments: notByCustomer)
    func leavesOtherCustomerBodiesToTheGeneralReader(_ body: String) {
        #expect(UsualEvaluationBody(Array(body.utf8)) == nil)
    }

    @Test(arguments: usual)
    func aBodyWithoutACustomerIsTheInputAlone(_ text: String) throws {
        let read = try #require(UsualEvaluationBody(Array(text.utf8)))
        #expect(read.customer == nil && read.environment == nil)
        #expect(read.input == EvaluationInput(usualForm: Array(text.utf8)))
    }

    @Test(arguments: usual)
    func readsTheUsualFormAsTheGeneralReaderDoes(_ text: String) throws {
        let bytes = Array(text.utf8)
        let read = try #require(EvaluationInput(usualForm: bytes))
        #expect(read == (try EvaluationInput(value: JSONValue(reading: bytes))))
    }

    @Test(arguments: others)
    func leavesEveryOtherTextToTheGeneralReader(_ text: String) {
        #expect(EvaluationInput(usualForm: Array(text.utf8)) == nil)
    }

    @Test func leavesTextThatIsNotUTF8ToTheGeneralReader() {
        #expect(EvaluationInput(usualForm: Array(#"{"currency":""#.utf8) + [0xFF] + Array(#""}"#.utf8)) == nil)
        #expect(EvaluationInput(usualForm: Array(#"{"attributes":{""#.utf8) + [0xC3] + Array(#"":true}}"#.utf8)) == nil)
    }

    /// Every prefix of a usual input and every change of one byte to a byte that matters to JSON: whatever the
    /// usual-form reader accepts, the general reader reads the same.
    @Test(arguments: [usual[5], usual[6]])
    func agreesWithTheGeneralReaderOnEveryVariant(_ text: String) {
        let bytes = Array(text.utf8)
        var variants = (0..<bytes.count).map { Array(bytes.prefix($0)) }
        for index in bytes.indices {
            for byte in Array("\"\\{}[],: n1t".utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF] where byte != bytes[index] {
                var variant = bytes
                variant[index] = byte
                variants.append(variant)
            }
        }
        for variant in variants {
            guard let read = EvaluationInput(usualForm: variant) else { continue }
            let general = try? EvaluationInput(value: JSONValue(reading: variant))
            #expect(read == general, "\(String(decoding: variant, as: UTF8.self))")
        }
    }
}
