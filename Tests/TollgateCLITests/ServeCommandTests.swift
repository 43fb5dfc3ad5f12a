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
