import Foundation
import TollgateEvaluation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's requests to the service: the app's bundle, with the checks a bundle passes before it is used, and
/// the JSON requests of the customer calls (`post(_:to:)`).
struct BundleFetcher: Sendable {
    /// What the server said.
    enum Outcome: Sendable {
        /// The client's bundle is current (a 304, or a 200 with the same bundle).
        case unchanged
        /// A new bundle that passed every check.
        case updated(PolicySnapshot)
    }

    let configuration: TollgateClient.Configuration
    let session: URLSession

    init(configuration: TollgateClient.Configuration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = TimeInterval(configuration.heldSeconds + 30)
        session = URLSession(configuration: sessionConfiguration)
    }

    /// Releases the session once the requests in flight, if any, have ended; cancelling them could trap (see
    /// `send(_:)`).
    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// Asks for the bundle unless it is `current`; with `wait`, lets the server hold the request that many
    /// seconds until the policy changes.
    func fetch(current: PolicySnapshot?, wait: Int?) async throws(TollgateClientError) -> Outcome {
        var request = URLRequest(url: address("v1", "apps", configuration.app, "bundle"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let current { request.setValue(current.etag, forHTTPHeaderField: "If-None-Match") }
        if let wait { request.setValue("wait=\(wait)", forHTTPHeaderField: "Prefer") }
        let (body, response) = try await send(request)
        switch response.statusCode {
        case 304:
            return .unchanged
        case 200:
            let snapshot = try verify(body, etag: response.value(forHTTPHeaderField: "ETag"))
            if snapshot.hash == current?.hash { return .unchanged }
            return .updated(await withVersion(snapshot))
        default:
            throw .unexpectedStatus(response.statusCode)
        }
    }

    /// The bundle in `body` when it is a valid bundle of the app whose hash is the one `etag` names.
    func verify(_ body: Data, etag: String?) throws(TollgateClientError) -> PolicySnapshot {
        guard let etag else { throw .missingETag }
        let policy: CompiledPolicy
        do {
            policy = try CompiledPolicy(bundleJSON: body)
        } catch {
            throw .invalidBundle(error)
        }
        guard policy.app == configuration.app else { throw .wrongApp(expected: configuration.app, actual: policy.app) }
        guard Self.hash(ofETag: etag) == policy.hash else { throw .etagMismatch(etag: etag, hash: policy.hash) }
        let now = Date()
        return PolicySnapshot(policy: policy, bundleJSON: body, version: nil, fetched: now, confirmed: now, origin: .server)
    }

    /// `snapshot` with the version `GET /v1/apps` gives its hash, when the server serves a store; as it is when
    /// the server gives none or cannot be asked.
    private func withVersion(_ snapshot: PolicySnapshot) async -> PolicySnapshot {
        struct Listing: Decodable {
            struct App: Decodable {
                var app: String
                var policy: String
                var version: Int?
            }
            var apps: [App]
        }
        var request = URLRequest(url: address("v1", "apps"))
        request.timeoutInterval = 30
        guard let (body, response) = try? await send(request), response.statusCode == 200,
              let listing = try? JSONDecoder().decode(Listing.self, from: body),
              let version = listing.apps.first(where: { $0.app == snapshot.app && $0.policy == snapshot.hash })?.version
        else { return snapshot }
        return PolicySnapshot(policy: snapshot.policy, bundleJSON: snapshot.bundleJSON, version: version,
                              fetched: snapshot.fetched, confirmed: snapshot.confirmed, origin: snapshot.origin)
    }

    /// Sends `request`; cancelling the calling task makes it throw at once.
    ///
    /// The request itself is never cancelled, only abandoned: it runs until the server answers (a long poll within
    /// its wait) and that answer is dropped. FoundationNetworking traps ("a task that is not in the registry") when
    /// a task is cancelled while it is completing, which a poll answered at the moment the client stops is; so the
    /// completion-handler API is used, not `data(for:)`, whose cancellation cancels the task.
    func send(_ request: URLRequest) async throws(TollgateClientError) -> (Data, HTTPURLResponse) {
        typealias Answer = Result<(Data, URLResponse), any Error>
        // Taken by whichever comes first, the answer or the cancellation, so it is resumed once.
        let waiting = Locked<CheckedContinuation<Answer, Never>?>(nil)
        let abandon: @Sendable () -> Void = {
            waiting.withLock { $0.take() }?.resume(returning: .failure(URLError(.cancelled)))
        }
        let answer: Answer = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.withLock { $0 = continuation }
                guard !Task.isCancelled else { return abandon() }
                session.dataTask(with: request) { data, response, error in
                    let answer: Answer = if let data, let response {
                        .success((data, response))
                    } else {
                        .failure(error ?? URLError(.badServerResponse))
                    }
                    waiting.withLock { $0.take() }?.resume(returning: answer)
                }.resume()
            }
        } onCancel: {
            abandon()
        }
        let body: Data
        let response: URLResponse
        switch answer {
        case .success(let received): (body, response) = received
        case .failure(let error): throw .unreachable(error.localizedDescription)
        }
        guard let response = response as? HTTPURLResponse else { throw .unreachable("the answer is not HTTP") }
        return (body, response)
    }

    /// `POST`s `body`, a JSON object, to `url` and answers the body of the 200; any other answer throws: a problem
    /// document as `refused`, anything else as `unexpectedStatus`.
    func post(_ body: Data, to url: URL) async throws(TollgateClientError) -> Data {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = 30
        let (answer, response) = try await send(request)
        guard response.statusCode == 200 else { throw Self.refusal(status: response.statusCode, body: answer) }
        return answer
    }

    /// The error of a non-200 answer: `refused` with the problem's kind and detail when `body` is a problem
    /// document (`{"type": "urn:tollgate:problem:<kind>", "title", "status", "detail"}`), else `unexpectedStatus`.
    static func refusal(status: Int, body: Data) -> TollgateClientError {
        struct Problem: Decodable {
            var type: String
            var title: String?
            var detail: String?
        }
        guard let problem = try? JSONDecoder().decode(Problem.self, from: body) else { return .unexpectedStatus(status) }
        let prefix = "urn:tollgate:problem:"
        let kind = problem.type.hasPrefix(prefix) ? String(problem.type.dropFirst(prefix.count)) : problem.type
        return .refused(kind: kind, status: status, detail: problem.detail ?? problem.title ?? "")
    }

    /// The server's address with `segments` appended, each percent-encoded as one path segment: every byte but
    /// the unreserved ones (letters, digits, `-._~`) as `%XX`, so a `/` in a customer id stays in its segment.
    func address(_ segments: String...) -> URL {
        let base = configuration.server.absoluteString
        let path = segments.map(Self.percentEncoded).joined(separator: "/")
        guard let url = URL(string: (base.hasSuffix("/") ? base : base + "/") + path) else {
            preconditionFailure("a URL with percent-encoded path segments appended is a URL: \(base) + \(path)")
        }
        return url
    }

    /// `segment` with every byte but the unreserved ones written `%XX`.
    private static func percentEncoded(_ segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                encoded.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    /// The hash an entity tag names: `"sha256:…"` or `W/"sha256:…"` without the quotes.
    static func hash(ofETag etag: String) -> String {
        var tag = etag.trimmingCharacters(in: .whitespaces)
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = String(tag.dropFirst().dropLast()) }
        return tag
    }
}
