#!/usr/bin/env python3
"""Drives `tollgate lsp` through an editor's session with pygls's language client (pygls and lsprotocol from
PyPI, in the venv scripts/python-venv.sh makes) and prints what the server answered as one JSON object.

usage: client-session.py TOLLGATE PROJECT

PROJECT is a copy of the example project (Policies/, Templates/): the session edits only open documents, never
the files. The server runs as `TOLLGATE lsp` in PROJECT, its standard error going to a file whose tail the summary
holds. Each step is recorded as it went: an answer, or the error that came instead ("error"); the summary says
nothing about what is right, the test that runs this script does. Positions in the summary are LSP's (0-based
lines, UTF-16 columns), and every range comes with the text it covers, cut from the document in UTF-16 code units
as LSP requires, so a server that counts otherwise shows up as the wrong text.

The session: initialize, initialized; open Policies/photocollage.yaml and wait for its diagnostics; a typo in a
product's grants (remove-ads -> remove-ad) and its diagnostics; completion in that grants list; the quick fix for
the typo, applied (or the typo undone by hand when there is none); hover on a tier id; definition from a reference
in the policy and from a template; then Templates/photocollage/ko.yaml opened and edited after an emoji and Korean
text (an unknown variable), its diagnostics, completion after '{', the quick fix applied (or the edit undone), hover
on the message; shutdown, exit.
"""

import asyncio
import json
import os
import pathlib
import sys
import tempfile

from lsprotocol import types
from pygls.lsp.client import LanguageClient

POLICY = "Policies/photocollage.yaml"
TEMPLATE = "Templates/photocollage/ko.yaml"
# Seconds any one answer may take; the session as a whole is bounded by the test's timeout.
ANSWER_TIMEOUT = 30


def utf16_offset(line, character):
    """The index into `line` (a str) of the UTF-16 column `character`; past the end is the end."""
    units = 0
    for index, letter in enumerate(line):
        if units >= character:
            return index
        units += 2 if ord(letter) > 0xFFFF else 1
    return len(line)


def utf16_column(line, index):
    """The UTF-16 column of `line[index]`."""
    return len(line[:index].encode("utf-16-le")) // 2


class Document:
    """An open document: its text as the client holds it, and its version."""

    def __init__(self, project, path):
        self.path = path
        self.uri = pathlib.Path(project, path).as_uri()
        self.text = pathlib.Path(project, path).read_text(encoding="utf-8")
        self.version = 1

    def lines(self):
        return self.text.split("\n")

    def offset(self, position):
        lines = self.lines()
        line = min(position.line, len(lines) - 1)
        return sum(len(text) + 1 for text in lines[:line]) + utf16_offset(lines[line], position.character)

    def cut(self, range_):
        """The text `range_` covers, read in UTF-16 code units."""
        return self.text[self.offset(range_.start):self.offset(range_.end)]

    def position(self, needle, occurrence=1, shift=0):
        """The position `shift` characters into the `occurrence`th `needle` (a str on one line)."""
        index = -1
        for _ in range(occurrence):
            index = self.text.index(needle, index + 1)
        index += shift
        line = self.text.count("\n", 0, index)
        start = self.text.rfind("\n", 0, index) + 1
        return types.Position(line=line, character=utf16_column(self.text[start:], index - start))

    def apply(self, range_, new_text):
        start, end = self.offset(range_.start), self.offset(range_.end)
        self.text = self.text[:start] + new_text + self.text[end:]
        self.version += 1


class Session:
    def __init__(self, tollgate, project):
        self.tollgate = tollgate
        self.project = project
        self.client = LanguageClient("tollgate-test-client", "1")
        self.documents = {}
        self.published = []  # every publishDiagnostics, in order
        self.messages = []  # window/logMessage and window/showMessage texts, in order
        self.arrived = asyncio.Condition()
        self.summary = {"steps": {}}
        self.incremental = False
        self.stderr = tempfile.NamedTemporaryFile(prefix="tollgate-lsp-", suffix=".log", delete=False)

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        async def diagnostics(params):
            async with self.arrived:
                self.published.append(params)
                self.arrived.notify_all()

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def log_message(params):
            self.messages.append(params.message)

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def show_message(params):
            self.messages.append(params.message)

    def relative(self, uri):
        for document in self.documents.values():
            if document.uri == uri:
                return document.path
        path = uri[len("file://"):] if uri.startswith("file://") else uri
        return os.path.relpath(path, self.project)

    def document_for(self, uri):
        return next((d for d in self.documents.values() if d.uri == uri), None)

    def range_summary(self, uri, range_):
        document = self.document_for(uri)
        text = None
        if document is not None:
            text = document.cut(range_)
        elif uri.startswith("file://"):
            on_disk = Document(self.project, self.relative(uri))
            text = on_disk.cut(range_)
        return {"line": range_.start.line, "character": range_.start.character, "endLine": range_.end.line,
                "endCharacter": range_.end.character, "text": text}

    def diagnostic_summary(self, uri, diagnostic):
        return dict(self.range_summary(uri, diagnostic.range), code=diagnostic.code,
                    severity=int(diagnostic.severity) if diagnostic.severity is not None else None,
                    source=diagnostic.source, message=diagnostic.message)

    async def step(self, name, action):
        """Runs `action` and records what it returned, or the error."""
        try:
            result = await asyncio.wait_for(action(), ANSWER_TIMEOUT)
        except Exception as error:  # the step's failure is recorded; the session goes on
            result = {"error": "%s: %s" % (type(error).__name__, error)}
        self.summary["steps"][name] = result
        return result

    async def diagnostics_after(self, document, seen, wanted):
        """The first diagnostics for `document` published after the first `seen` notifications for which
        `wanted(list of diagnostic summaries)` holds; the last ones published when none does in time."""
        last = None
        try:
            async with asyncio.timeout(ANSWER_TIMEOUT):
                async with self.arrived:
                    while True:
                        for params in self.published[seen:]:
                            if params.uri != document.uri:
                                continue
                            last = {"version": params.version,
                                    "diagnostics": [self.diagnostic_summary(params.uri, d) for d in params.diagnostics]}
                            if wanted(last["diagnostics"]):
                                return last
                        seen = len(self.published)
                        await self.arrived.wait()
        except TimeoutError:
            return dict(last or {"diagnostics": None}, timedOut=True)

    def open(self, path):
        document = Document(self.project, path)
        self.documents[path] = document
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=document.uri, language_id="yaml", version=document.version,
                                                 text=document.text)))
        return document

    def change(self, document, range_, new_text):
        """Sends one edit, as a range when the server syncs incrementally, else as the whole new text."""
        document.apply(range_, new_text)
        if self.incremental:
            change = types.TextDocumentContentChangePartial(range=range_, text=new_text)
        else:
            change = types.TextDocumentContentChangeWholeDocument(text=document.text)
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=document.uri, version=document.version),
            content_changes=[change]))

    def replace(self, document, needle, new_text, occurrence=1):
        start = document.position(needle, occurrence)
        end = document.position(needle, occurrence, len(needle))
        self.change(document, types.Range(start=start, end=end), new_text)

    async def hover(self, document, position):
        hover = await self.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri), position=position))
        if hover is None:
            return {"contents": None}
        contents = hover.contents
        if isinstance(contents, types.MarkupContent):
            text = contents.value
        elif isinstance(contents, list):
            text = "\n".join(c if isinstance(c, str) else c.value for c in contents)
        else:
            text = contents if isinstance(contents, str) else contents.value
        result = {"contents": text}
        if hover.range is not None:
            result["range"] = self.range_summary(document.uri, hover.range)
        return result

    async def completion(self, document, position):
        answer = await self.client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri), position=position))
        items = answer.items if isinstance(answer, types.CompletionList) else (answer or [])
        return {"labels": [item.label for item in items],
                "kinds": sorted({int(item.kind) for item in items if item.kind is not None})}

    async def definition(self, document, position):
        answer = await self.client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri), position=position))
        if answer is None:
            return {"locations": []}
        answers = answer if isinstance(answer, list) else [answer]
        locations = []
        for location in answers:
            uri = getattr(location, "uri", None) or location.target_uri
            range_ = getattr(location, "range", None) or location.target_selection_range
            locations.append(dict(self.range_summary(uri, range_), file=self.relative(uri)))
        return {"locations": locations}

    async def quick_fix(self, document, diagnostics, code):
        """Asks for the code actions at the first diagnostic with `code`, records them, and applies the first
        quick fix's edits to the document (sending them as edits)."""
        published = next((d for d in diagnostics or [] if d.code == code), None)
        if published is None:
            return {"error": "no '%s' diagnostic to fix" % code}
        answer = await self.client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri), range=published.range,
            context=types.CodeActionContext(diagnostics=[published])))
        actions, fix = [], None
        for action in answer or []:
            if isinstance(action, types.Command):
                actions.append({"title": action.title, "command": action.command})
                continue
            edits = edits_of(action)
            actions.append({"title": action.title, "kind": action.kind, "isPreferred": action.is_preferred,
                            "diagnostics": [d.code for d in action.diagnostics or []],
                            "edits": [dict(self.range_summary(uri, edit.range), file=self.relative(uri),
                                           newText=edit.new_text) for uri, edit in edits]})
            if fix is None and action.kind == types.CodeActionKind.QuickFix and edits:
                fix = (action.title, edits)
        result = {"actions": actions}
        if fix is not None:
            # Applied from the last edit back, so earlier ranges stay where they were.
            for uri, edit in sorted(fix[1], key=lambda e: (e[1].range.start.line, e[1].range.start.character),
                                    reverse=True):
                target = self.document_for(uri)
                if target is not None:
                    self.change(target, edit.range, edit.new_text)
            result["applied"] = fix[0]
        return result

    async def fix(self, name, document, code, typo, fixed):
        """Step `quickFix<name>` applies the quick fix for `code`; step `fixed<name>` then waits for its finding to
        go and says whether the text became `fixed`. Without a fix, `typo` is corrected by hand so the session
        goes on."""
        steps = self.summary["steps"]
        seen = len(self.published)
        await self.step("quickFix" + name, lambda: self.quick_fix(document, self.latest(document), code))
        if "applied" in steps["quickFix" + name]:
            await self.step("fixed" + name, lambda: self.diagnostics_after(
                document, seen, lambda found: all(d["code"] != code for d in found)))
            steps["fixed" + name]["text"] = fixed in document.text
        else:
            self.replace(document, typo, fixed)

    def latest(self, document):
        """The diagnostics last published for `document`, as lsprotocol objects."""
        for params in reversed(self.published):
            if params.uri == document.uri:
                return params.diagnostics
        return None

    async def run(self):
        project_uri = pathlib.Path(self.project).as_uri()
        await self.client.start_io("/bin/sh", "-c", 'exec "$0" lsp 2>>"$1"', self.tollgate, self.stderr.name,
                                   cwd=self.project)

        async def initialize():
            result = await self.client.initialize_async(types.InitializeParams(
                process_id=os.getpid(), root_uri=project_uri,
                workspace_folders=[types.WorkspaceFolder(uri=project_uri, name="project")],
                capabilities=types.ClientCapabilities(
                    general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
                    text_document=types.TextDocumentClientCapabilities(
                        synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
                        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown,
                                                                            types.MarkupKind.PlainText]),
                        completion=types.CompletionClientCapabilities(),
                        definition=types.DefinitionClientCapabilities(),
                        code_action=types.CodeActionClientCapabilities(
                            code_action_literal_support=types.ClientCodeActionLiteralOptions(
                                code_action_kind=types.ClientCodeActionKindOptions(
                                    value_set=[types.CodeActionKind.QuickFix]))),
                        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                            related_information=True, version_support=True)))))
            capabilities = result.capabilities
            sync = capabilities.text_document_sync
            kind = sync.change if isinstance(sync, types.TextDocumentSyncOptions) else sync
            self.incremental = kind == types.TextDocumentSyncKind.Incremental
            return {"serverInfo": result.server_info.name if result.server_info else None,
                    "positionEncoding": capabilities.position_encoding,
                    "textDocumentSync": int(kind) if kind is not None else None,
                    "openClose": sync.open_close if isinstance(sync, types.TextDocumentSyncOptions) else None,
                    "hover": bool(capabilities.hover_provider),
                    "completion": capabilities.completion_provider is not None,
                    "completionTriggers": (capabilities.completion_provider.trigger_characters or [])
                    if capabilities.completion_provider else [],
                    "definition": bool(capabilities.definition_provider),
                    "codeAction": bool(capabilities.code_action_provider)}

        initialized = await self.step("initialize", initialize)
        if "error" in initialized:
            return
        self.client.initialized(types.InitializedParams())

        policy = self.open(POLICY)
        await self.step("openPolicy", lambda: self.diagnostics_after(policy, 0, lambda found: True))

        seen = len(self.published)
        self.replace(policy, "grants: [remove-ads]", "grants: [remove-ad]")
        await self.step("typo", lambda: self.diagnostics_after(
            policy, seen, lambda found: any(d["code"] == "unknown-tier" for d in found)))
        await self.step("completionInGrants", lambda: self.completion(
            policy, policy.position("grants: [remove-ad]", shift=len("grants: [remove-ad"))))
        await self.fix("Policy", policy, "unknown-tier", "grants: [remove-ad]", "grants: [remove-ads]")

        await self.step("hoverTier", lambda: self.hover(
            policy, policy.position("grants: [premium]", shift=len("grants: [pre"))))
        await self.step("definitionInPolicy", lambda: self.definition(
            policy, policy.position("includes: [remove-ads]", shift=len("includes: [rem"))))

        template = self.open(TEMPLATE)
        await self.step("openTemplate", lambda: self.diagnostics_after(template, 0, lambda found: True))
        await self.step("definitionFromTemplate", lambda: self.definition(
            template, template.position("  premium: ", shift=len("  prem"))))
        seen = len(self.published)
        self.replace(template, '"{savings_percent} 할인"', '"🎉 {savings_percent} 할인 {savngs_percent}"')
        await self.step("templateTypo", lambda: self.diagnostics_after(
            template, seen, lambda found: any(d["code"] == "template-unknown-variable" for d in found)))
        await self.step("completionAfterBrace", lambda: self.completion(
            template, template.position("할인 {savngs_percent}", shift=len("할인 {"))))
        await self.fix("Template", template, "template-unknown-variable",
                       '"🎉 {savings_percent} 할인 {savngs_percent}"', '"🎉 {savings_percent} 할인 {savings_percent}"')
        await self.step("hoverMessage", lambda: self.hover(
            template, template.position("🎉 {savings_percent} 할인 {savings_percent}", shift=len("🎉 {sav"))))

        async def shutdown():
            await self.client.shutdown_async(None)
            return {"answered": True}

        await self.step("shutdown", shutdown)
        self.client.exit(None)

    async def finish(self):
        """Waits for the server to end (killing it after the answer timeout) and records how it ended."""
        server = self.client._server
        if server is not None:
            try:
                await asyncio.wait_for(server.wait(), ANSWER_TIMEOUT)
            except TimeoutError:
                server.kill()
                await server.wait()
                self.summary["killed"] = True
            self.summary["exitStatus"] = server.returncode
        try:
            await asyncio.wait_for(self.client.stop(), ANSWER_TIMEOUT)
        except TimeoutError:
            self.summary["clientStuck"] = True
        self.summary["published"] = len(self.published)
        self.summary["messages"] = self.messages
        self.summary["stderr"] = pathlib.Path(self.stderr.name).read_text(encoding="utf-8", errors="replace")[-3000:]
        os.unlink(self.stderr.name)


def edits_of(action):
    """The (uri, TextEdit) pairs of a code action's workspace edit, in `changes` or `documentChanges`."""
    if action.edit is None:
        return []
    edits = [(uri, edit) for uri, changes in (action.edit.changes or {}).items() for edit in changes]
    for change in action.edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit):
            edits += [(change.text_document.uri, edit) for edit in change.edits]
    return edits


async def main(tollgate, project):
    session = Session(tollgate, project)
    try:
        await session.run()
    except Exception as error:  # recorded for the test, with what the server said
        session.summary["failure"] = "%s: %s" % (type(error).__name__, error)
    await session.finish()
    json.dump(session.summary, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    asyncio.run(main(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])))
