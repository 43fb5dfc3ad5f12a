import StoreSignatures
import Synchronization
import Testing
import TollgateEvaluation

/// Google's keys kept as `Cache-Control` says, fetched again for a key the set lacks at most once a minute.
@Suite struct KeySetCacheTests {
    /// A fake endpoint: the key sets it serves in turn, and how many times it was asked.
    final class Endpoint: Sendable {
        private let served = Mutex<(sets: [String], fetches: Int)>(([], 0))
        let cacheControl: String?

        init(_ sets: [String], cacheControl: String? = "public, max-age=19030, must-revalidate, no-transform") {
            served.withLock { $0.sets = sets }
            self.cacheControl = cacheControl
        }

        var fetches: Int { served.withLock { $0.fetches } }

        /// The next set (the last one again once all were served).
        func fetch() throws(KeySetError) -> (keys: JWKS, cacheControl: String?) {
            let text = served.withLock { state in
                state.fetches += 1
                return state.sets.count > 1 ? state.sets.removeFirst() : state.sets[0]
            }
            do {
                return (try JWKS(json: Array(text.utf8)), cacheControl)
            } catch {
                throw .unavailable("\(error)")
            }
        }
    }

    static let start: Int64 = 1_780_272_000

    static func at(_ seconds: Int64) -> Timestamp { Timestamp(secondsSince1970: start + seconds) }

    static func set(_ kids: [String]) throws -> String {
        let signer = try GoogleKeys.signer()
        return #"{"keys":[\#(try kids.map { try signer.publicJWK(kid: $0) }.joined(separator: ","))]}"#
    }

    static func token(kid: String) throws -> String {
        try GoogleKeys.signer(kid: kid).sign(claims: GoogleKeys.claims(issued: start))
    }

    @Test func keysAreKeptForTheirMaxAge() throws {
        let endpoint = Endpoint([try Self.set(["a"])])
        let cache = KeySetCache { () throws(KeySetError) in try endpoint.fetch() }
        for second in [0, 10, 19_029] as [Int64] {
            #expect(try cache.verify(Self.token(kid: "a"), now: Self.at(second)).keyID == "a")
        }
        #expect(endpoint.fetches == 1)
        _ = try cache.verify(Self.token(kid: "a"), now: Self.at(19_030))
        #expect(endpoint.fetches == 2, "stale after max-age")
    }

    @Test func anUnknownKeyFetchesTheSetAgainAtMostOnceAMinute() throws {
        let endpoint = Endpoint([try Self.set(["a"]), try Self.set(["a", "b"])])
        let cache = KeySetCache { () throws(KeySetError) in try endpoint.fetch() }
        _ = try cache.verify(Self.token(kid: "a"), now: Self.at(0))
        #expect(throws: KeySetError.signature(.unknownKeyID("b"))) {
            try cache.verify(Self.token(kid: "b"), now: Self.at(30))
        }
        #expect(endpoint.fetches == 1, "fetched less than a minute ago")
        #expect(try cache.verify(Self.token(kid: "b"), now: Self.at(60)).keyID == "b", "rotated in")
        #expect(endpoint.fetches == 2)
        #expect(throws: KeySetError.signature(.unknownKeyID("c"))) {
            try cache.verify(Self.token(kid: "c"), now: Self.at(61))
        }
        #expect(endpoint.fetches == 2)
    }

    @Test func withoutMaxAgeEveryTokenFetchesAndAnUnreachableEndpointSaysSo() throws {
        let endpoint = Endpoint([try Self.set(["a"])], cacheControl: "no-cache")
        let cache = KeySetCache { () throws(KeySetError) in try endpoint.fetch() }
        _ = try cache.verify(Self.token(kid: "a"), now: Self.at(0))
        _ = try cache.verify(Self.token(kid: "a"), now: Self.at(1))
        #expect(endpoint.fetches == 2)
        let down = KeySetCache { () throws(KeySetError) in throw .unavailable("connection refused") }
        #expect(throws: KeySetError.unavailable("connection refused")) {
            try down.verify(Self.token(kid: "a"), now: Self.at(0))
        }
    }
}
