import Foundation
import Testing
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tollgate serve` on a copy of the example policies, run from the executable built with the tests, that a
/// test can stop, edit and start again on the same port.
final class ServedExamples: @unchecked Sendable {
    /// The copy of the examples the service serves.
    let folder: URL
    /// The port of the first start; later starts reuse it.
    private(set) var port = 0
    private var process: Process?
    private let logFile: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-client-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = Fixtures.repositoryRoot()
        for name in ["Policies", "Templates", "Prices"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        logFile = folder.appendingPathComponent("serve.log")
    }

    deinit {
        if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The executable next to the test binary, or in a folder above it.
    static func executable() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for start in [testBinary.deletingLastPathComponent()] + Bundle.allBundles.map({ $0.bundleURL.deletingLastPathComponent() }) {
            var folder = start
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("tollgate")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                folder.deleteLastPathComponent()
            }
        }
        throw FakeServerError("no 'tollgate' executable beside \(CommandLine.arguments[0]); build it with the tests (swift build --build-tests)")
    }

    /// Starts the service with `options` (on a free port the first time, on the same port after) and waits
    /// until it listens.
    func start(_ options: [String] = []) async throws {
        try? FileManager.default.removeItem(at: logFile)
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw FakeServerError("cannot create \(logFile.path)")
        }
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = ["serve", "--port", "\(port)"] + options
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(60)
        // The log is read again after every wait, the last one too, so a test the scheduler left asleep past
        // the deadline still sees a line that came in time.
        while process.isRunning {
            if let listening = listeningURL(), let port = listening.port {
                self.port = port
                return
            }
            guard Date() < deadline else { break }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw FakeServerError("tollgate serve did not report 'listening'; log:\n\(log)")
    }

    /// Sends SIGTERM and waits for the process to end.
    func stop() async {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { try? await Task.sleep(nanoseconds: 20_000_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    private func listeningURL() -> URL? {
        for line in log.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == "listening", let url = object["url"] as? String else { continue }
            return URL(string: url)
        }
        return nil
    }

    /// Runs `tollgate` with `arguments` in the folder; throws with its output when it fails.
    func run(_ arguments: [String]) async throws {
        let result = try await ChildProcess.run(try Self.executable().path, arguments, in: folder, timeout: .seconds(120))
        guard result.succeeded else {
            throw FakeServerError("tollgate \(arguments.joined(separator: " ")) failed:\n\(result.stdout)\(result.stderr)")
        }
    }

    /// Replaces `old` with `new` in `Policies/<app>.yaml`.
    func edit(app: String, replacing old: String, with new: String) throws {
        let file = folder.appendingPathComponent("Policies/\(app).yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        guard text.contains(old) else { throw FakeServerError("'\(old)' is not in \(file.path)") }
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    /// `GET` or `POST` (with `body`) on the service: the status, the ETag and the body.
    func request(_ path: String, body: Data? = nil) async throws -> (status: Int, etag: String?, body: Data) {
        var request = URLRequest(url: url.appendingPathComponent(path))
        if let body {
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "ETag"), data)
    }
}
