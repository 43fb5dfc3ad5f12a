package import Foundation
package import JSON
import Synchronization
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fake Google for tests, `scripts/fake-google.py` on a loopback port: the JWKS of the service account's key (the
/// key `TestPlay.pushToken` signs with), a token endpoint that verifies grants with google-auth, and the Android
/// Publisher purchase calls, driven through its `/_control/` API. It needs the Python venv (tag tests `.python`).
package final class FakeGoogle: Sendable {
    /// One call the fake's Android Publisher API received.
    package struct Call: Hashable, Sendable {
        package var method: String
        package var path: String
        package var packageName: String
        package var productID: String?
        package var token: String?
        /// "get", "acknowledge", "consume", or "unknown" for a path the API does not have.
        package var kind: String
        /// The status the fake answered; 0 while the call is in flight (it has not answered yet).
        package var status: Int
    }

    /// The fake's API root: `{api}` of the Android Publisher paths.
    package let baseURL: URL
    /// The token endpoint, the `token_uri` of `serviceAccountFile()`.
    package let tokenURI: URL
    /// The JWKS, as `https://www.googleapis.com/oauth2/v3/certs` serves Google's keys.
    package let certsURL: URL
    private let process: Mutex<Process?>
    /// The write end of the fake's stdin: the fake exits when it closes.
    private let lifeline: FileHandle
    private let folder: URL

    private init(port: Int, process: Process, lifeline: FileHandle, folder: URL) {
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        tokenURI = baseURL.appendingPathComponent("token")
        certsURL = baseURL.appendingPathComponent("oauth2/v3/certs")
        self.process = Mutex(process)
        self.lifeline = lifeline
        self.folder = folder
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts the fake, serving the JWKS under `kid` with `Cache-Control: public, max-age=<maxAge>`, and waits
    /// until it listens.
    package static func start(kid: String = TestPlay.keyID, maxAge: Int = 3600) async throws -> FakeGoogle {
        let root = Fixtures.repositoryRoot()
        let python = try await PythonPeers.python(root: root)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-fake-google-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              FileManager.default.createFile(atPath: errors.path, contents: nil) else {
            throw ChildProcess.Failure(description: "cannot create files in \(folder.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            root.appendingPathComponent("scripts/fake-google.py").path,
            "--service-account", Fixtures.path("google/service-account.json"),
            "--certificate", Fixtures.path("google/service-account-certificate.pem"),
            "--kid", kid, "--max-age", String(maxAge),
        ]
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        do {
            try process.run()
        } catch {
            throw ChildProcess.Failure(description: "cannot run fake-google.py: \(error)")
        }
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(60) {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, text.contains("\n") {
                guard let port = (try? JSONValue(reading: Array(line.utf8)))?[member: "port"]?.integer else {
                    process.terminate()
                    throw ChildProcess.Failure(description: "fake-google.py printed \(line)")
                }
                return FakeGoogle(port: port, process: process, lifeline: stdin.fileHandleForWriting, folder: folder)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning { process.terminate() }
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        throw ChildProcess.Failure(description: "fake-google.py did not start: \(stderr.suffix(3000))")
    }

    /// A copy of the fixture `service-account.json` whose `token_uri` is the fake's token endpoint.
    package func serviceAccountFile() throws -> URL {
        let fixture = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("google/service-account.json")))
        guard case .object(var members) = try JSONValue(reading: Array(fixture)) else {
            throw ChildProcess.Failure(description: "the fixture service-account.json is not an object")
        }
        members["token_uri"] = .string(tokenURI.absoluteString)
        let file = folder.appendingPathComponent("service-account-\(UUID()).json")
        try Data(JSONValue.object(members).jsonBytes).write(to: file)
        return file
    }

    /// Serves `json` (a SubscriptionPurchaseV2) for `token`.
    package func setSubscription(token: String, json: String) async throws {
        try await control("POST", "subscription", ["token": .string(token), "json": .string(json)])
    }

    /// Serves `json` (a ProductPurchase) for `token` of `productID`.
    package func setProduct(token: String, productID: String, json: String) async throws {
        try await control("POST", "product", ["token": .string(token), "productId": .string(productID),
                                              "json": .string(json)])
    }

    /// The next `times` API calls for `token` (of `kind` only, "get", "acknowledge" or "consume", when given)
    /// answer `status`, in Google's error shape with `message` (a sentence of the fake's when nil).
    package func fail(token: String, status: Int, times: Int, message: String? = nil, kind: String? = nil)
        async throws
    {
        var request: [String: JSONValue] = ["token": .string(token), "status": .number(Double(status)),
                                            "times": .number(Double(times))]
        if let message { request["message"] = .string(message) }
        if let kind { request["kind"] = .string(kind) }
        try await control("POST", "fail", request)
    }

    /// The next `times` API calls for `token` (of `kind` only, "get", "acknowledge" or "consume", when given)
    /// answer `seconds` late: each is in `calls()` at once, with status 0, and takes effect only after the wait,
    /// even when its caller has gone.
    package func delay(token: String, seconds: Double, times: Int, kind: String? = nil) async throws {
        var request: [String: JSONValue] = ["token": .string(token), "seconds": .number(seconds),
                                            "times": .number(Double(times))]
        if let kind { request["kind"] = .string(kind) }
        try await control("POST", "delay", request)
    }

    /// What the fake holds now for `token`: the SubscriptionPurchaseV2, or the ProductPurchase of `productID`
    /// when given, as the calls so far left it; nil when it holds none.
    package func purchase(token: String, productID: String? = nil) async throws -> JSONValue? {
        var request: [String: JSONValue] = ["token": .string(token)]
        if let productID { request["productId"] = .string(productID) }
        let purchase = try await control("POST", "purchase", request)[member: "purchase"]
        if case .null? = purchase { return nil }
        return purchase
    }

    /// The next `times` grants answer `status` before looking at the assertion.
    package func failGrants(status: Int, times: Int) async throws {
        try await control("POST", "fail-grants", ["status": .number(Double(status)), "times": .number(Double(times))])
    }

    /// Every API call so far, in order.
    package func calls() async throws -> [Call] {
        let answer = try await control("GET", "calls", nil)
        return (answer[member: "calls"]?.elements ?? []).map { call in
            Call(method: call[member: "method"]?.string ?? "", path: call[member: "path"]?.string ?? "",
                 packageName: call[member: "packageName"]?.string ?? "",
                 productID: call[member: "productId"]?.string, token: call[member: "token"]?.string,
                 kind: call[member: "kind"]?.string ?? "", status: call[member: "status"]?.integer ?? 0)
        }
    }

    /// The grants posted to the token endpoint so far, refused ones too.
    package func grants() async throws -> Int {
        try await control("GET", "grants", nil)[member: "grants"]?.integer ?? -1
    }

    /// Ends the fake (closing its stdin, then terminating it).
    package func stop() {
        try? lifeline.close()
        process.withLock { process in
            if let running = process, running.isRunning { running.terminate() }
            process = nil
        }
    }

    /// One control request; its answer, read.
    @discardableResult
    private func control(_ method: String, _ name: String, _ body: [String: JSONValue]?) async throws -> JSONValue {
        var request = URLRequest(url: baseURL.appendingPathComponent("_control/" + name))
        request.httpMethod = method
        request.timeoutInterval = 30
        if let body {
            request.httpBody = Data(JSONValue.object(body).jsonBytes)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw ChildProcess.Failure(description: "the fake's /_control/\(name) answered "
                + "\((response as? HTTPURLResponse)?.statusCode ?? 0): \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONValue(reading: Array(data))
    }
}
