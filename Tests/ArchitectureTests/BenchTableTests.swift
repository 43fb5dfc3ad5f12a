import Foundation
import TestSupport
import Testing

/// `make bench` ends with one table of every goal its scripts judged, and `--check` fails on a miss: the table
/// of `scripts/bench.sh`, the rows `record_goal` and `fact` of `scripts/bench-lib.sh` write, and the rows a
/// script that fails or judges nothing gets, run on stand-in scripts that take no time.
@Suite struct BenchTableTests {
    static let root = Fixtures.repositoryRoot()

    /// A folder of its own for one test's scripts and goals file.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-table-\(UUID())")

        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        var goals: String { url.appendingPathComponent("goals.tsv").path }

        /// Writes an executable stand-in benchmark script named `name` whose body runs after bench-lib.sh is sourced.
        func script(_ name: String, _ body: String) throws -> String {
            let path = url.appendingPathComponent(name).path
            let text = """
                #!/usr/bin/env bash
                set -euo pipefail
                bench_name=\(name.replacingOccurrences(of: ".sh", with: ""))
                source scripts/bench-lib.sh
                \(body)

                """
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }
    }

    func bench(_ arguments: [String], scripts: [String] = [], goals: String) async throws -> ChildProcessResult {
        try await ChildProcess.run(
            "/bin/bash", ["scripts/bench.sh"] + arguments, in: Self.root,
            environment: ["BENCH_SCRIPTS": scripts.joined(separator: " "), "BENCH_GOALS": goals], timeout: .seconds(60))
    }

    @Test("record_goal and fact write one tab-separated row per goal, judged by the limit")
    func rows() async throws {
        let folder = try Folder()
        let script = try folder.script("bench-rows.sh", """
            record_goal "rate against nginx" "0.91×" "≥ 0.8×" ok
            record_goal "memory" "67 MiB" "≤ 44 MiB" no
            fact "CPU per request against nginx" "1.30×" "≤ 1.2×" "1.30 <= 1.2" >/dev/null
            fact "p99 against nginx" "1.10×" "≤ 1.5×" "1.10 <= 1.5" >/dev/null
            """)
        let run = try await bench([], scripts: [script], goals: folder.goals)
        #expect(run.status == 0, "without --check a miss does not fail: \(run.stderr)")
        let rows = try String(contentsOfFile: folder.goals, encoding: .utf8).split(separator: "\n")
        #expect(rows == [
            "bench-rows\trate against nginx\t0.91×\t≥ 0.8×\tok",
            "bench-rows\tmemory\t67 MiB\t≤ 44 MiB\tMISS",
            "bench-rows\tCPU per request against nginx\t1.30×\t≤ 1.2×\tMISS",
            "bench-rows\tp99 against nginx\t1.10×\t≤ 1.5×\tok",
        ])
        #expect(run.stdout.hasSuffix("""
            | script | goal                          | measured | limit    | met  |
            | ------ | ----------------------------- | -------: | -------- | ---- |
            | rows   | rate against nginx            |    0.91× | ≥ 0.8×   | ok   |
            | rows   | memory                        |   67 MiB | ≤ 44 MiB | MISS |
            | rows   | CPU per request against nginx |    1.30× | ≤ 1.2×   | MISS |
            | rows   | p99 against nginx             |    1.10× | ≤ 1.5×   | ok   |

            4 goals, 2 met, 2 missed

            """), "\(run.stdout)")
    }

    @Test("--check exits 1 on a miss and 0 when every goal is met")
    func check() async throws {
        let folder = try Folder()
        let met = try folder.script("bench-met.sh", #"record_goal "a" "1" "≤ 2" ok"#)
        let missed = try folder.script("bench-missed.sh", #"record_goal "b" "3" "≤ 2" MISS"#)
        let allMet = try await bench(["--check"], scripts: [met], goals: folder.goals)
        #expect(allMet.status == 0, "\(allMet.stdout)")
        #expect(allMet.stdout.contains("1 goals, 1 met, 0 missed"))
        let oneMissed = try await bench(["--check"], scripts: [met, missed], goals: folder.goals)
        #expect(oneMissed.status == 1, "\(oneMissed.stdout)")
        #expect(oneMissed.stdout.contains("2 goals, 1 met, 1 missed"))
    }

    @Test("a script that fails, or ends without judging a goal, is a MISS row of its own")
    func failedScripts() async throws {
        let folder = try Folder()
        let failing = try folder.script("bench-failing.sh", #"echo "measuring"; record_goal "first" "1" "≤ 2" ok; exit 3"#)
        let silent = try folder.script("bench-silent.sh", "true")
        let run = try await bench(["--check"], scripts: [failing, silent], goals: folder.goals)
        #expect(run.status == 1)
        let rows = try String(contentsOfFile: folder.goals, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        try #require(rows.count == 3, "\(rows)")
        #expect(rows[0] == ["bench-failing", "first", "1", "≤ 2", "ok"])
        #expect(rows[1][0] == "bench-failing" && rows[1][1].hasPrefix("the script ran to its end"))
        #expect(rows[1][2].hasPrefix("exit 3 after ") && rows[1][4] == "MISS")
        #expect(rows[2] == ["bench-silent", "the script judged its goals", "none recorded", "at least one", "MISS"])
        let log = try String(contentsOfFile: folder.url.appendingPathComponent("failing.log").path, encoding: .utf8)
        #expect(log == "measuring\n", "the script's output is kept beside the goals file")
    }

    @Test("--summary prints and judges an earlier run's goals without running anything")
    func summary() async throws {
        let folder = try Folder()
        try "bench-x\tgoal one\t0.5×\t≤ 1×\tok\nbench-y\tgoal two\t2×\t≤ 1×\tMISS\n"
            .write(toFile: folder.goals, atomically: true, encoding: .utf8)
        let printed = try await bench(["--summary", folder.goals], goals: "/nonexistent/goals.tsv")
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("| x      | goal one | ") && printed.stdout.contains("| y      | goal two | "))
        let judged = try await bench(["--summary", folder.goals, "--check"], goals: "/nonexistent/goals.tsv")
        #expect(judged.status == 1)
        let empty = folder.url.appendingPathComponent("empty.tsv").path
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        let none = try await bench(["--check", "--summary", empty], goals: "/nonexistent/goals.tsv")
        #expect(none.status == 1 && none.stdout.contains("no goals were recorded"))
        let absent = try await bench(["--summary", folder.url.appendingPathComponent("absent.tsv").path], goals: "x")
        #expect(absent.status == 1 && absent.stderr.contains("error: no goals file"))
    }
}
