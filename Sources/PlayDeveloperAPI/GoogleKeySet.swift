package import Foundation
import Dispatch
package import StoreSignatures
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Google's OIDC signing keys over HTTP, for `KeySetCache`.
package enum GoogleKeySet {
    /// Where Google publishes the keys that sign its OIDC tokens (Pub/Sub push tokens among them).
    package static let defaultCertsURL = URL(string: "https://www.googleapis.com/oauth2/v3/certs")!

    /// The answer of one fetch, handed from URLSession's queue to the waiting caller.
    private final class Handoff: Sendable {
        let answer = Mutex<Result<HTTPExchange.Answer, HTTPExchange.ExchangeFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    /// A synchronous fetch of the JWKS at `url` (blocking the caller up to `timeout`), answering the keys and
    /// `Cache-Control`; a failed request, another status than 200 or a body that is no key set is `unavailable`.
    ///
    /// It waits on a semaphore that URLSession's own queue signals, never on a task, so a caller on the
    /// cooperative pool cannot starve the answer. A request that times out is abandoned, not cancelled
    /// (FoundationNetworking traps when a task is cancelled while it completes); its `timeoutInterval` ends it.
    package static func fetcher(url: URL, timeout: Duration = .seconds(10)) -> KeySetCache.Fetch {
        let session = HTTPExchange().session
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        return { () throws(KeySetError) -> (keys: JWKS, cacheControl: String?) in
            var request = URLRequest(url: url)
            request.timeoutInterval = max(seconds, 0.001)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let handoff = Handoff()
            session.dataTask(with: request) { data, response, error in
                let answer: Result<HTTPExchange.Answer, HTTPExchange.ExchangeFailure>
                if let response = response as? HTTPURLResponse {
                    answer = .success(HTTPExchange.Answer(
                        status: response.statusCode, body: data.map { Array($0) } ?? [],
                        cacheControl: response.value(forHTTPHeaderField: "Cache-Control")))
                } else {
                    let reason = HTTPExchange.reason(error, timeout: timeout)
                    answer = .failure(HTTPExchange.ExchangeFailure(reason: reason))
                }
                handoff.answer.withLock { $0 = answer }
                handoff.done.signal()
            }.resume()
            guard handoff.done.wait(timeout: .now() + seconds) == .success,
                  let outcome = handoff.answer.withLock({ $0 }) else {
                throw .unavailable("\(url.absoluteString) gave no answer within \(timeout)")
            }
            let answer: HTTPExchange.Answer
            switch outcome {
            case .failure(let failure): throw .unavailable("\(url.absoluteString) cannot be reached: \(failure.reason)")
            case .success(let received): answer = received
            }
            guard answer.status == 200 else {
                throw .unavailable("\(url.absoluteString) answered HTTP \(answer.status)")
            }
            do {
                return (try JWKS(json: answer.body), answer.cacheControl)
            } catch {
                throw .unavailable("\(url.absoluteString) answered no key set: \(error)")
            }
        }
    }
}
