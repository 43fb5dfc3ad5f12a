import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP server on loopback that answers every bundle request with whatever the test set last, to play
/// a service (or a proxy) that sends what a real one never would, every `POST` to a customer route (`…/transactions`,
/// `…/evaluate`) with its own canned answer, and every `POST …/events` with the next of the answers set for them,
/// recording each. One request per connection.
final class FakeBundleServer: @unchecked Sendable {
    /// What a bundle request, or a `POST`, gets.
    struct Answer: Sendable {
        var status = 200
        var etag: String?
        var body = Data()
        var contentType = "application/json"
    }

    /// What a `POST …/events` gets.
    enum EventsAnswer: Sendable {
        /// 202, every event of the body accepted.
        case accept
        case answer(Answer)
        /// No answer until `stop()`, which closes the connection unanswered; meanwhile no other request is served.
        case hang
    }

    /// A request as it arrived: the method, the target as sent (still percent-encoded), the headers and the body.
    struct Request: Sendable {
        var method: String
        var target: String
        /// Header names in lowercase.
        var headers: [String: String]
        var body: Data
    }

    let url: URL
    private let listener: Int32
    private let lock = NSLock()
    private var answer = Answer()
    private var bundleRequests = 0
    private var postAnswer = Answer(status: 500, body: Data(#"{"title":"No answer set"}"#.utf8))
    private var posted: [Request] = []
    private var eventsAnswers: [EventsAnswer] = [.accept]
    private var eventsPosted: [Request] = []
    /// Signalled by `stop()`, for the request that hangs.
    private let released = DispatchSemaphore(value: 0)
    private var stopped = false

    init() throws {
        let descriptor = socket(AF_INET, Self.streamType, 0)
        guard descriptor >= 0 else { throw FakeServerError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw FakeServerError("bind: \(String(cString: strerror(errno)))")
        }
        listener = descriptor
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        Thread { [weak self, listener] in Self.serve(listener) { self } }.start()
    }

    /// Stops accepting connections. Only the first call shuts the listener down: the accept thread closes it
    /// then, and its number may already belong to another server's socket.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first {
            shutdown(listener, Int32(SHUT_RDWR))
            released.signal()
        }
    }

    deinit {
        stop()
    }

    func set(_ answer: Answer) {
        lock.withLock {
            self.answer = answer
            bundleRequests = 0
        }
    }

    /// Bundle requests answered since the last `set`.
    var requestsSinceSet: Int { lock.withLock { bundleRequests } }

    /// Answers every later `POST` to a customer route with `answer`.
    func setPost(_ answer: Answer) {
        lock.withLock { postAnswer = answer }
    }

    /// The `POST`s to customer routes so far, in order.
    var posts: [Request] { lock.withLock { posted } }

    /// Answers the next `POST`s to `…/events` with `answers` in order, then the last one again and again.
    func setEvents(_ answers: [EventsAnswer]) {
        lock.withLock { eventsAnswers = answers.isEmpty ? [.accept] : answers }
    }

    /// The `POST`s to `…/events` so far, in order.
    var eventsPosts: [Request] { lock.withLock { eventsPosted } }

    /// The events of a `POST …/events` body, as objects.
    static func events(_ request: Request) -> [[String: Any]] {
        let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
        return body?["events"] as? [[String: Any]] ?? []
    }

    /// The answer for a request: the bundle for `GET /v1/apps/…/bundle`, the `POST` answer for `POST …/transactions`
    /// and `POST …/evaluate`, the next events answer for `POST …/events`, 404 otherwise; nil for none at all.
    private func respond(to request: Request) -> Data? {
        let path = request.target.split(separator: "?").first.map(String.init) ?? request.target
        if request.method == "POST", path.hasSuffix("/events") {
            let answer = lock.withLock {
                eventsPosted.append(request)
                return eventsAnswers.count > 1 ? eventsAnswers.removeFirst() : eventsAnswers[0]
            }
            switch answer {
            case .accept:
                let body = Data(#"{"accepted":\#(Self.events(request).count),"rejected":[]}"#.utf8)
                return Self.response(status: 202, headers: [], body: body)
            case .answer(let answer):
                return Self.response(status: answer.status, headers: [], body: answer.body, contentType: answer.contentType)
            case .hang:
                released.wait()
                released.signal()
                return nil
            }
        }
        if request.method == "POST", path.hasSuffix("/transactions") || path.hasSuffix("/evaluate") {
            let answer = lock.withLock {
                posted.append(request)
                return postAnswer
            }
            return Self.response(status: answer.status, headers: [], body: answer.body, contentType: answer.contentType)
        }
        guard request.method == "GET", path.hasSuffix("/bundle") else {
            return Self.response(status: 404, headers: [], body: Data(#"{"title":"Not found"}"#.utf8))
        }
        let answer = lock.withLock {
            bundleRequests += 1
            return self.answer
        }
        return Self.response(status: answer.status, headers: answer.etag.map { [("ETag", $0)] } ?? [], body: answer.body,
                             contentType: answer.contentType)
    }

    private static func response(status: Int, headers: [(String, String)], body: Data,
                                 contentType: String = "application/json") -> Data {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 304 ? "Not Modified" : "Other")\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if status != 304 { head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Data(head.utf8) + (status == 304 ? Data() : body)
    }

    /// Accepts connections until the listener is shut down; `server` is nil once the test dropped it.
    private static func serve(_ listener: Int32, _ server: () -> FakeBundleServer?) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                // A client that gave up before it was accepted is no reason to stop.
                if errno == EINTR || errno == ECONNABORTED { continue }
                close(listener)
                return
            }
            if let request = readRequest(connection), let server = server(), let response = server.respond(to: request) {
                write(response, to: connection)
            }
            close(connection)
        }
    }

    /// Sends all of `data`, or as much as the peer takes.
    private static func write(_ data: Data, to connection: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { break }
                offset += sent
            }
        }
    }

    /// The request: its head up to the blank line, then `Content-Length` bytes of body (after a `100 Continue` when
    /// the client expects one); nil when the connection ends before the head does.
    private static func readRequest(_ connection: Int32) -> Request? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        func receive() -> Bool {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return false }
            received += buffer[..<count]
            return true
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil, received.count < 65_536 {
            guard receive() else { return nil }
            headEnd = received.indices.dropLast(3).first { received[$0..<($0 + 4)].elementsEqual(separator) }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: received[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        if length > 0, headers["expect"]?.lowercased() == "100-continue" {
            write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: connection)
        }
        let bodyStart = headEnd + 4
        while received.count - bodyStart < length, receive() {}
        let body = received[bodyStart...].prefix(length)
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: Data(body))
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif
}

struct FakeServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
