import Foundation
import TestSupport
import Testing
@testable import TollgateEvaluation

/// `CanonicalJSONEncoder` writes bundles without Foundation's encoder; these hold it byte for byte to
/// `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`, so published hashes do not change.
@Suite("CanonicalJSONEncoder: the same bytes as JSONEncoder with sorted keys")
struct CanonicalJSONEncoderTests {
    static func foundation(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(value))
    }

    static func canonical(_ value: some Encodable) throws -> [UInt8] {
        try CanonicalJSONEncoder().encode(value)
    }

    /// Every character that needs an escape, some that must not get one, and text that is not in NFC.
    static let awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        + ["\"", "\\", "/", "\u{7F}", "é", "e\u{301}", "\u{212B}", "\u{2028}", "\u{FEFF}", "😀", "a\"b\\c\nd", "",
           "plain", "</script>"]

    /// Keys that differ in case, digits, non-ASCII text, normalization and prefixes.
    static let awkwardKeys = ["b", "B", "a10", "a2", "a", "ab", "aB", "Ab", "a.b", "a-b", "a_b", "_x", "é", "e\u{301}x",
                              "f", "\u{212B}", "\u{C6}", "\u{E000}", "\u{FB01}", "\u{FFFD}", "😀", "Z", "", " ", "\u{7F}",
                              "\n", "\"", "USD", "usd", "EUR"]

    @Test("every example's bundle, and its published hash", arguments: Example.allCases)
    func examples(_ example: Example) throws {
        let bundle = try ExamplePolicies.compiled(example).bundle
        let foundation = try Self.foundation(bundle)
        #expect(try Self.canonical(bundle) == foundation)
        #expect(Array(bundle.canonicalJSON) == foundation)
        var unhashed = bundle
        unhashed.policy = ""
        #expect(bundle.policy == "sha256:" + SHA256.hex(try Self.foundation(unhashed)))
    }

    @Test("every bundle fixture, as stored")
    func fixtures() throws {
        let directory = Fixtures.path("bundles")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files {
            let json = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
            let bundle = try PolicyBundle(json: json)
            #expect(try Self.canonical(bundle) == (try Self.foundation(bundle)), "\(file)")
            #expect(bundle.canonicalJSON == json.prefix { $0 != UInt8(ascii: "\n") }, "\(file)")
        }
    }

    @Test("a bundle whose every string and key is awkward, with placements, experiments and stores")
    func awkwardBundle() throws {
        for text in Self.awkward {
            let prices = Dictionary(uniqueKeysWithValues: Self.awkwardKeys.map { ($0 + text, text + "1.99") })
            let bundle = PolicyBundle(
                app: text, bundleID: text.isEmpty ? nil : text,
                tiers: [.init(id: "free", title: text, adFree: false, includes: []),
                        .init(id: text, title: nil, adFree: true, includes: [text, "free"])],
                features: [.init(id: text, title: text, tier: text), .init(id: "x", title: nil, tier: "free")],
                products: [
                    .init(id: text, type: .autoRenewable, grants: [text], group: text,
                          period: .init(months: 12, days: 0), prices: prices, stores: [.appStore, .play]),
                    .init(id: "c" + text, type: .consumable, grants: [], group: nil, period: nil, prices: [:]),
                ],
                entitlements: .init(grants: [.active, .gracePeriod], unknown: .cached),
                ads: .init(hideUntilSynced: false, requireConsent: true, placements: [text, "/a/b"]),
                placements: [.init(id: text, audiences: [
                    .init(id: text, when: "country == \"" + text + "\"", paywall: text, experiment: nil),
                    .init(id: "all", when: nil, paywall: nil, experiment: text),
                ])],
                experiments: [.init(id: text, seed: text, status: .concluded, winner: text, variants: [
                    .init(id: text, paywall: text, weight: .max), .init(id: "b", paywall: nil, weight: 0),
                ])])
            #expect(try Self.canonical(bundle) == (try Self.foundation(bundle)), "\(text.debugDescription)")
        }
    }

    @Test("keys are sorted as JSONEncoder sorts them: by UTF-8 bytes, not by String comparison")
    func keyOrder() throws {
        let object = Dictionary(uniqueKeysWithValues: Self.awkwardKeys.enumerated().map { ($1, $0) })
        #expect(try Self.canonical(object) == (try Self.foundation(object)))
        let bytes = try Self.canonical(["e\u{301}": 1, "f": 2, "\u{212B}": 3, "\u{C6}": 4])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == "{\"e\u{301}\":1,\"f\":2,\"\u{C6}\":4,\"\u{212B}\":3}")
    }

    @Test("nil, integers at their limits, nested containers and super encoders as JSONEncoder writes them")
    func containers() throws {
        let value = Containers()
        #expect(try Self.canonical(value) == (try Self.foundation(value)))
        #expect(try Self.canonical([Containers.Empty()]) == (try Self.foundation([Containers.Empty()])))
        #expect(try Self.canonical([Int?.none, 1]) == (try Self.foundation([Int?.none, 1])))
    }

    @Test("a floating-point number is refused with where it is")
    func floatingPoint() {
        #expect(throws: CanonicalJSONError.floatingPoint(path: "b")) { try Self.canonical(["b": Float(2.5)]) }
        #expect(throws: CanonicalJSONError.floatingPoint(path: "0")) { try Self.canonical([0.5]) }
        #expect(throws: CanonicalJSONError.noValue) { try Self.canonical(Containers.Empty()) }
    }
}

/// A value that uses every kind of container the `Encoder` protocol has.
private struct Containers: Encodable {
    /// A value that encodes nothing.
    struct Empty: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    enum Key: String, CodingKey {
        case none, limits, nested, list, parent, child, text
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeNil(forKey: .none)
        try container.encodeIfPresent(String?.none, forKey: .text)
        var limits = container.nestedUnkeyedContainer(forKey: .limits)
        try limits.encode(Int64.min)
        try limits.encode(Int64.max)
        try limits.encode(UInt64.max)
        try limits.encode(Int8.min)
        try limits.encode(UInt32.max)
        try limits.encodeNil()
        try limits.encode(true)
        var nestedList = limits.nestedUnkeyedContainer()
        try nestedList.encode("a/b")
        var nestedObject = limits.nestedContainer(keyedBy: Key.self)
        try nestedObject.encode(false, forKey: .text)
        try Empty().encode(to: limits.superEncoder())
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
        try nested.encode(["b": [1, 2], "a": []], forKey: .list)
        try nested.encode(Timestamp(secondsSince1970: 0), forKey: .text)
        try nested.encode(Empty(), forKey: .none)
        try "parent".encode(to: container.superEncoder())
        try 7.encode(to: container.superEncoder(forKey: .child))
    }
}
