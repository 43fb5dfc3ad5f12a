import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate serve`'s failures to start, through the command line's run function.
@Suite struct ServeCommandTests {
    static func serve(_ options: [String]) -> CommandResult {
        Tollgate.run(["serve"] + options, context: CommandContext(currentDirectory: Fixtures.repositoryRoot().path))
    }

    @Test func aPortInUseIsAClearErrorWithExitTwo() throws {
        let listener = try Listener()
        let result = Self.serve(["--port", "\(listener.port)"])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: cannot listen on 127.0.0.1:\(listener.port): the address is in use\n"
            + "  help: stop the other server, or pick another port with --port\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func anAddressOfAnotherMachineIsAClearError() {
        let result = Self.serve(["--port", "0", "--host", "203.0.113.77"])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: cannot listen on 203.0.113.77:0: the address does not belong to this machine\n"
            + "  help: pick one of its addresses with --host, or 0.0.0.0 for all of them\n"
            + "see 'tollgate serve --help'\n")
    }

    @Test func anUnknownHostIsAUsageError() {
        let result = Self.serve(["--port", "0", "--host", "no-such-host.invalid"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix(
            "error: --host 'no-such-host.invalid' is neither an IP address nor a host name this machine can resolve\n"))
    }

    @Test func aServiceAccountKeyThatDoesNotReadIsAClearError() throws {
        let missing = Self.serve(["--port", "0", "--play-service-account", "nowhere/key.json"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.hasPrefix("error: "), "\(missing.stderr)")
        #expect(missing.stderr.contains("nowhere/key.json"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.json")
        try Data(#"{"type": "service_account", "client_email": "a@example.iam.gserviceaccount.com"}"#.utf8).write(to: key)
        let incomplete = Self.serve(["--port", "0", "--play-service-account", key.path])
        #expect(incomplete.exitCode == 2)
        #expect(incomplete.stderr.contains("\(key.path): "), "\(incomplete.stderr)")
        #expect(incomplete.stderr.contains("private_key"), "the message names the member that is missing")
        #expect(incomplete.stderr.contains("help: give the JSON key file Google issued for the service account"))
        let variable = Tollgate.run(["serve", "--port", "0"], context: CommandContext(
            currentDirectory: Fixtures.repositoryRoot().path,
            environment: ["TOLLGATE_PLAY_SERVICE_ACCOUNT": #"{"type": "service_account"}"#]))
        #expect(variable.exitCode == 2)
        #expect(variable.stderr.hasPrefix("error: TOLLGATE_PLAY_SERVICE_ACCOUNT: "),
                "the variable may hold the key itself: \(variable.stderr)")
    }

    @Test func thePushAccountNeedsTheAudienceAndURLsMustBeHTTP() {
        let account = Self.serve(["--port", "0", "--play-push-account", "push@example.iam.gserviceaccount.com"])
        #expect(account.exitCode == 2)
        #expect(account.stderr.hasPrefix("error: --play-push-account needs --play-push-audience\n"))
        let url = Self.serve(["--port", "0", "--google-api-url", "ftp://example.com"])
        #expect(url.exitCode == 2)
        #expect(url.stderr.hasPrefix("error: invalid value 'ftp://example.com' for '--google-api-url <url>'\n"))
    }

    /// A SQLite path that holds no store is a mistake to fix, not a database to wait for.
    @Test(arguments: ["nowhere/store.sqlite", "Policies"])
    func serveStopsOnASQLiteStoreThatCannotBeOpened(store: String) {
        let result = Tollgate.run(["serve", "--store", store, "--port", "0"],
                                  context: CommandContext(currentDirectory: Fixtures.repositoryRoot().path))
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains(store == "Policies" ? "is a directory" : "no store at"))
    }
}
