import Foundation
import PlayDeveloperAPI
import StoreSignatures
import TestGooglePlay
import TestSupport
import Testing

/// `GoogleKeySet.fetcher` reads a JWKS and its `Cache-Control` over HTTP, and says why when it cannot.
@Suite(.tags(.python)) struct GoogleKeySetTests {
    @Test func fetchesTheKeysAndTheirCacheControl() async throws {
        let fake = try await FakeGoogle.start(kid: "key-1", maxAge: 300)
        let (keys, cacheControl) = try GoogleKeySet.fetcher(url: fake.certsURL)()
        #expect(keys.keyIDs == ["key-1"])
        #expect(cacheControl == "public, max-age=300, must-revalidate, no-transform")
    }

    @Test func anotherStatusIsUnavailable() async throws {
        let fake = try await FakeGoogle.start()
        let url = fake.baseURL.appendingPathComponent("oauth2/v1/missing")
        #expect(throws: KeySetError.unavailable("\(url.absoluteString) answered HTTP 404")) {
            try GoogleKeySet.fetcher(url: url)()
        }
    }

    @Test func aBodyThatIsNoKeySetIsUnavailable() async throws {
        let fake = try await FakeGoogle.start()
        let url = fake.baseURL.appendingPathComponent("_control/grants")
        do {
            _ = try GoogleKeySet.fetcher(url: url)()
            Issue.record("a body without keys was read as a key set")
        } catch {
            guard case .unavailable(let reason) = error else { return record("\(error)") }
            #expect(reason.hasPrefix("\(url.absoluteString) answered no key set: "))
        }
    }

    @Test func anUnreachableURLIsUnavailable() async throws {
        let fake = try await FakeGoogle.start()
        let url = fake.certsURL
        fake.stop()
        do {
            _ = try GoogleKeySet.fetcher(url: url, timeout: .seconds(5))()
            Issue.record("a stopped server answered")
        } catch {
            guard case .unavailable(let reason) = error else { return record("\(error)") }
            #expect(reason.hasPrefix(url.absoluteString))
        }
    }
}
