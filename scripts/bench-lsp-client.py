#!/usr/bin/env python3
"""The client side of scripts/bench-lsp.sh: speaks raw LSP (Content-Length frames over pipes, standard library only)
to `TOLLGATE lsp` in PROJECT, opens POLICY (a path relative to PROJECT) and edits it, alternating between its text
and the text with a typo in its first `grants` list (an unknown tier, so every edit changes the findings).

usage: bench-lsp-client.py latency TOLLGATE PROJECT POLICY --samples N [--debounced]
       bench-lsp-client.py memory TOLLGATE PROJECT POLICY --edits N,N,...

latency: the time from sending each edit (a whole-text didChange) to the last publishDiagnostics of its app (the
policy and every template). By default a hover request follows each edit at once: the server computes due
diagnostics before answering a request, so this is the server's work without the debounce. With --debounced
nothing follows: the diagnostics come once the input has been quiet for the debounce, as when a person stops
typing. Prints `p50_ms=… p99_ms=… max_ms=… samples=… files=…`.

memory: the server's resident memory (VmRSS from /proc) after opening, then after each number of edits, every edit
followed by the hover request and its answer. Prints `edits=… rss_kib=…` lines, edits=0 first.

Every edit's diagnostics are checked: the typo's must hold an unknown-tier error, the original text's none.
"""

import argparse
import json
import os
import pathlib
import queue
import re
import subprocess
import sys
import threading
import time

ANSWER_TIMEOUT = 30


class Server:
    """`tollgate lsp` on pipes; a thread reads its frames into a queue with the time each arrived."""

    def __init__(self, tollgate, project):
        self.process = subprocess.Popen([tollgate, "lsp"], cwd=project, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put((time.perf_counter(), None))
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            body = stream.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return time.perf_counter()

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        return self.next_id, self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    def receive(self):
        arrived, message = self.messages.get(timeout=ANSWER_TIMEOUT)
        if message is None:
            sys.exit("bench-lsp-client: the server ended its output (exit status %s)" % self.process.wait())
        return arrived, message

    def until_answer(self, request_id):
        """The notifications before the answer to `request_id` (with their arrival times), and the answer."""
        notifications = []
        while True:
            arrived, message = self.receive()
            if message.get("id") == request_id and "method" not in message:
                if "error" in message:
                    sys.exit("bench-lsp-client: error answer: %s" % message["error"])
                return notifications, message
            if message.get("method"):
                notifications.append((arrived, message))

    def rss_kib(self):
        status = pathlib.Path("/proc/%d/status" % self.process.pid).read_text()
        return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1))

    def close(self):
        request_id, _ = self.request("shutdown", None)
        self.until_answer(request_id)
        self.notify("exit", None)
        status = self.process.wait(timeout=ANSWER_TIMEOUT)
        if status != 0:
            sys.exit("bench-lsp-client: the server exited with %d after shutdown and exit" % status)


class Session:
    def __init__(self, tollgate, project, policy):
        self.server = Server(os.path.abspath(tollgate), project)
        self.uri = pathlib.Path(project, policy).resolve().as_uri()
        self.texts = [pathlib.Path(project, policy).read_text(encoding="utf-8")]
        typo, count = re.subn(r"(grants: \[[\w.-]+)[\w.-](?=[,\]])", r"\1", self.texts[0], count=1)
        if count != 1:
            sys.exit("bench-lsp-client: no grants list to put a typo in, in %s" % policy)
        self.texts.append(typo)
        self.version = 1
        project_uri = pathlib.Path(project).resolve().as_uri()
        request_id, _ = self.server.request("initialize", {"processId": os.getpid(), "rootUri": project_uri,
                                                           "capabilities": {}})
        self.server.until_answer(request_id)
        self.server.notify("initialized", {})
        self.server.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "yaml", "version": self.version, "text": self.texts[0]}})
        published, _ = self.flush()
        # The files of the app: each edit publishes diagnostics for every one of them.
        self.files = len({message["params"]["uri"] for _, message in published})
        self.check(published, typo=False)

    def flush(self):
        """A hover request, answered once the due diagnostics are published: the diagnostics before it."""
        request_id, _ = self.server.request("textDocument/hover", {
            "textDocument": {"uri": self.uri}, "position": {"line": 0, "character": 0}})
        notifications, _ = self.server.until_answer(request_id)
        return [n for n in notifications if n[1]["method"] == "textDocument/publishDiagnostics"], request_id

    def edit(self, number):
        """Sends edit `number` (odd: the typo) and returns the time it was sent."""
        self.version += 1
        return self.server.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version},
            "contentChanges": [{"text": self.texts[number % 2]}]})

    def check(self, published, typo):
        mine = [message["params"] for _, message in published if message["params"]["uri"] == self.uri]
        if len(published) != self.files or len(mine) != 1:
            sys.exit("bench-lsp-client: expected diagnostics for %d files, one of them %s; got %s"
                     % (self.files, self.uri, [message["params"]["uri"] for _, message in published]))
        found = any(d.get("code") == "unknown-tier" for d in mine[0]["diagnostics"])
        if found != typo:
            sys.exit("bench-lsp-client: the %s text %s an unknown-tier error" % (
                "edited" if typo else "original", "has no" if typo else "has"))

    def flushed_latency(self, number):
        sent = self.edit(number)
        published, _ = self.flush()
        self.check(published, typo=number % 2 == 1)
        return published[-1][0] - sent

    def debounced_latency(self, number):
        sent = self.edit(number)
        published = []
        while len(published) < self.files:
            arrived, message = self.server.receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                published.append((arrived, message))
        self.check(published, typo=number % 2 == 1)
        return published[-1][0] - sent


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["latency", "memory"])
    parser.add_argument("tollgate")
    parser.add_argument("project")
    parser.add_argument("policy")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--debounced", action="store_true")
    parser.add_argument("--edits", default="1000,10000")
    arguments = parser.parse_args()
    session = Session(arguments.tollgate, arguments.project, arguments.policy)
    if arguments.mode == "latency":
        measure = session.debounced_latency if arguments.debounced else session.flushed_latency
        for number in range(1, 11):  # warm-up
            measure(number)
        times = [measure(11 + number) * 1000 for number in range(arguments.samples)]
        print("p50_ms=%.2f p99_ms=%.2f max_ms=%.2f samples=%d files=%d" % (
            percentile(times, 0.5), percentile(times, 0.99), max(times), len(times), session.files))
    else:
        print("edits=0 rss_kib=%d" % session.server.rss_kib())
        done = 0
        for target in sorted(int(n) for n in arguments.edits.split(",")):
            while done < target:
                done += 1
                session.edit(done)
                published, _ = session.flush()
                session.check(published, typo=done % 2 == 1)
            print("edits=%d rss_kib=%d" % (done, session.server.rss_kib()), flush=True)
    session.server.close()


if __name__ == "__main__":
    main()
