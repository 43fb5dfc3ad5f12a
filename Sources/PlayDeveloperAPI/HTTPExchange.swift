import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request over URLSession and its answer, given up after a timeout.
struct HTTPExchange: Sendable {
    /// What came back: the status, the headers that matter and the body.
    struct Answer: Sendable {
        var status: Int
        var body: [UInt8]
        var cacheControl: String?
    }

    /// Taken by whichever comes first, the answer or the timeout, so the continuation is resumed once.
    private final class Waiting: Sendable {
        let continuation = Mutex<CheckedContinuation<Result<Answer, ExchangeFailure>, Never>?>(nil)
        let timer = Mutex<Task<Void, Never>?>(nil)

        func resume(_ result: Result<Answer, ExchangeFailure>) {
            continuation.withLock { $0.take() }?.resume(returning: result)
            timer.withLock { $0.take() }?.cancel()
        }
    }

    /// A request that got no HTTP answer: the reason, in words.
    struct ExchangeFailure: Error, Sendable {
        var reason: String
    }

    let session: URLSession

    /// An ephemeral session: no cookies, no cache.
    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// Sends `request`, waiting at most `timeout` for its answer.
    ///
    /// A request that times out is abandoned, not cancelled: FoundationNetworking traps when a task is cancelled
    /// while it completes. Its own `timeoutInterval` ends it soon after.
    func send(_ request: URLRequest, timeout: Duration) async -> Result<Answer, ExchangeFailure> {
        var request = request
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.timeoutInterval = max(seconds, 0.001)
        let waiting = Waiting()
        return await withCheckedContinuation { continuation in
            waiting.continuation.withLock { $0 = continuation }
            session.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    return waiting.resume(.failure(ExchangeFailure(reason: Self.reason(error, timeout: timeout))))
                }
                waiting.resume(.success(Answer(status: response.statusCode, body: data.map { Array($0) } ?? [],
                                               cacheControl: response.value(forHTTPHeaderField: "Cache-Control"))))
            }.resume()
            let timer = Task {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                waiting.resume(.failure(ExchangeFailure(reason: "no answer within \(timeout)")))
            }
            waiting.timer.withLock { $0 = timer }
        }
    }

    /// What went wrong with a request that got no HTTP answer, in words (Foundation's own on Linux are a number).
    static func reason(_ error: (any Error)?, timeout: Duration) -> String {
        guard let error else { return "the answer is not HTTP" }
        guard let urlError = error as? URLError else { return (error as NSError).localizedDescription }
        return switch urlError.code {
        case .timedOut: "no answer within \(timeout)"
        case .cannotConnectToHost: "the connection was refused"
        case .cannotFindHost, .dnsLookupFailed: "the host name cannot be resolved"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "there is no network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "the TLS connection failed"
        default: "URL error \(urlError.code.rawValue)"
        }
    }

    /// Ends the session once its requests have.
    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// `segment` with every character but the unreserved ones (letters, digits, `-._~`) percent-encoded as UTF-8,
    /// so that it stays one path segment or one form value.
    static func percentEncoded(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: unreserved) ?? segment
    }

    /// RFC 3986's unreserved characters.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
