import Server
import Testing

/// Header fields kept as received and read by name.
@Suite struct HTTPHeaderFieldsTests {
    static func fields(_ pairs: [(String, String)]) -> HTTPHeaderFields {
        var fields = HTTPHeaderFields()
        for (name, value) in pairs {
            var name = name, value = value
            name.withUTF8 { name in value.withUTF8 { value in fields.append(name: name, value: value) } }
        }
        return fields
    }

    @Test func namesMatchInAnyCaseAndRepeatedFieldsJoinInOrder() {
        let fields = Self.fields([("Content-Type", "application/json"), ("Accept", "text/plain"), ("X-Empty", ""),
                                  ("accept", "application/json"), ("ACCEPT", "*/*")])
        #expect(fields.value("content-type") == "application/json")
        #expect(fields.value("CONTENT-TYPE") == "application/json")
        #expect(fields.value("Accept") == "text/plain, application/json, */*")
        #expect(fields.value("x-empty") == "")
        #expect(fields.value("content-length") == nil)
        #expect(fields.value("content-typ") == nil)
        #expect(fields.dictionary == ["content-type": "application/json", "accept": "text/plain, application/json, */*",
                                      "x-empty": ""])
    }

    @Test func namesBeyondASCIICompareAsLowercasedStrings() {
        let fields = Self.fields([("Größe", "L"), ("\u{212A}ey", "kelvin")])
        #expect(fields.value("GRÖSSE") == nil)
        #expect(fields.value("größe") == "L")
        #expect(fields.value("GRÖßE") == "L")
        #expect(fields.value("key") == "kelvin")
        #expect(fields.dictionary == ["größe": "L", "key": "kelvin"])
    }

    @Test func aDictionaryKeepsOneFieldPerLowercasedName() {
        let request = HTTPRequest(method: "GET", path: "/", headers: ["If-None-Match": "\"a\"", "Prefer": "wait=5"])
        #expect(request.header("if-none-match") == "\"a\"")
        #expect(request.header("PREFER") == "wait=5")
        #expect(request.headers == ["if-none-match": "\"a\"", "prefer": "wait=5"])
    }
}
