"""``gargon lsp`` over its standard streams, spoken to by a real LSP client (pygls's
``LanguageClient``, tests/lsp_client.py): what an editor sees."""

from __future__ import annotations

import functools
import io
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from in_process import CliRunner
from lsp_client import Session, framed, types, unframed

from gargon_notation import lsp
from gargon_notation.cli import app

SEEDED = '[Players "Ann" "Bob" "Cy"]\n[Seed "evening"]\n'


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    started = Session()
    yield started
    started.close()


def span(diagnostic: types.Diagnostic) -> tuple[int, int, int, int]:
    start, end = diagnostic.range.start, diagnostic.range.end
    return start.line, start.character, end.line, end.character


def test_the_server_says_what_it_offers(session: Session) -> None:
    capabilities = session.initialized.capabilities
    assert session.initialized.server_info is not None
    assert session.initialized.server_info.name == "gargon"
    assert capabilities.hover_provider and capabilities.document_formatting_provider
    assert capabilities.document_symbol_provider and capabilities.completion_provider
    assert capabilities.text_document_sync is not None


def test_a_rule_error_is_marked_and_cleared_when_fixed(session: Session) -> None:
    (found,) = session.open(SEEDED + "1. Bob Y11 Y1\n*\n")
    assert (span(found), found.code, found.source, found.severity) == (
        (2, 3, 2, 13),
        "not-your-turn",
        "gargon",
        types.DiagnosticSeverity.Error,
    )
    assert found.message == (
        "Bob may not act now: it is Ann's turn to play or pass; without a Start tag the first "
        'player of the Players tag, Ann, begins: write [Start "Bob"] if Bob began\n'
        "hand: R5 G10 Y1 V0 G15 B7 Y11 W4 R6 G12; piles: 36+36\nskipped this action"
    )
    assert session.change((2, 3), (2, 13), "Ann V13 V14") == []
    (syntax,) = session.change((2, 11), (2, 14), "R16")
    assert (span(syntax), syntax.code) == ((2, 11, 2, 14), "syntax")


def test_positions_are_counted_in_utf16_units(session: Session) -> None:
    uri = "file:///table/names.ggn"
    # A name beyond the Basic Multilingual Plane takes two UTF-16 units: R16 begins at unit
    # 16 of its line, though at character 15.
    text = '[Players "\U0001d49c" "Bob" "Cy"]\n1. "\U0001d49c" W1, Bob R16\n*\n'
    (found,) = session.open(text, uri)
    assert span(found) == (1, 16, 1, 19)


def test_a_change_that_cuts_a_character_in_two_keeps_the_editors_half(session: Session) -> None:
    """A change ending between the two UTF-16 units of an emoji (an editor in UTF-16 keeps
    the other half, a lone surrogate) took the whole emoji away, and said nothing: the
    server's line was then one unit shorter than the editor's, every later position on it
    one unit off.  Now the server keeps the half the editor keeps, marks it, and logs the
    line; with that half deleted too, its text is the editor's again."""
    uri = "file:///table/emoji.ggn"
    assert session.open(SEEDED + "{a \U0001f600 b} 1. Ann V13 V14\n*\n", uri) == []
    (half,) = session.change((2, 3), (2, 4), "", uri)  # the first unit of the emoji
    assert (span(half), half.code, half.severity) == (
        (2, 3, 2, 4),
        "syntax",
        types.DiagnosticSeverity.Error,
    )
    assert half.message == (
        "half of a character (U+DE00, a lone UTF-16 surrogate): an edit cut a character of "
        "two UTF-16 units (an emoji, say) in two; delete this half, or undo the edit"
    )
    warned = [
        logged.message for logged in session.logged if logged.type == types.MessageType.Warning
    ]
    assert warned == [
        f"gargon: {uri}: line 3: a change began or ended between the two UTF-16 units of "
        "U+1F600 (column 4), which cut it in two: the text holds half of it now, as the "
        "editor's does"
    ]
    assert session.change((2, 3), (2, 4), "", uri) == []  # the other half
    (moved,) = session.change((2, 10), (2, 13), "Bob", uri)  # '{a  b} 1. Bob V13 V14'
    assert (span(moved), moved.code) == ((2, 10, 2, 21), "not-your-turn")


@pytest.mark.parametrize("separator", ["\f", "\v", "\x1c", "\x85", "\u2028", "\u2029"])
def test_a_change_after_a_character_python_ends_lines_at_is_where_the_editor_made_it(
    session: Session, separator: str
) -> None:
    """A form feed (or U+2028...) in a comment ends no line for the editor or the protocol,
    but pygls's lines (str.splitlines) ended one there: the change below was applied a line
    too high, after 'deal Adam: Y2', and the server said a syntax error the text did not
    hold."""
    uri = f"file:///table/separator-{ord(separator)}.ggn"
    text = SEEDED + f"{{the first{separator}evening}}\n1. Ann V13 V14\n*\n"
    assert session.open(text, uri) == []
    (found,) = session.change((3, 3), (3, 6), "Bob", uri)
    assert (span(found), found.code) == ((3, 3, 3, 14), "not-your-turn")
    assert session.change((3, 3), (3, 6), "Ann", uri) == []


@pytest.mark.parametrize(
    ("text", "start", "end", "typed"),
    [
        # One past the line's text: pygls put the comment after the line's end, on the
        # next line, before the end marker.
        (SEEDED + "1. Ann V13 V14\n*\n", (2, 15), (2, 15), " ; note"),
        # Far past the last line's text: pygls left its last character, the '}'.
        (SEEDED + "1. Ann V13 V14\n* {x}", (3, 2), (3, 99), ""),
        # One past a line ended by a lone CR: pygls took in the CR, joining two lines.
        (SEEDED + "1. Ann V13 V14\r*\n", (2, 14), (2, 15), " ; note"),
    ],
)
def test_a_column_past_a_lines_text_is_its_end(
    session: Session, text: str, start: tuple[int, int], end: tuple[int, int], typed: str
) -> None:
    """The protocol: 'If the character value is greater than the line length it defaults
    back to the line length.'  Each change makes a valid game."""
    uri = f"file:///table/past-{start[1]}-{end[1]}-{len(text)}.ggn"
    session.open(text, uri)
    assert session.change(start, end, typed, uri) == []


def test_a_long_line_and_a_later_byte_order_mark_are_read_as_validate_reads_them(
    session: Session,
) -> None:
    """Two files joined with ``cat`` (the second begins with a byte-order mark, after the
    first's blank line), then a line over the limit: what ``gargon validate`` says of that
    file, where it says it."""
    uri = "file:///table/joined.ggn"
    text = SEEDED + "1. Ann V13 V14\n*\n\n\ufeff" + SEEDED + "1. Bob Y11 Y1\n*\n"
    text += ";" + "x" * 100_001 + "\n"
    turn, limit = session.open(text, uri)
    assert (span(turn), turn.code) == ((7, 3, 7, 13), "not-your-turn")
    assert (span(limit), limit.code, limit.message) == (
        (9, 0, 9, 100_002),
        "syntax",
        "line 10 is 100003 bytes long, over the limit of 100000; its game is skipped",
    )


def test_a_document_closed_is_not_read_from_the_disk(session: Session, tmp_path: Path) -> None:
    """A request the editor sent just before closing a document: pygls's workspace read the
    file from the disk for it (a check under way went on to check the whole file and kept
    it), and the answers were those of the file saved.  Now they are null."""
    saved = tmp_path / "closed.ggn"
    saved.write_text(SEEDED + "1. Ann V13 V14, Bob pass 1 2\n*\n", encoding="utf-8")
    uri = saved.as_uri()
    session.open(saved.read_text(encoding="utf-8"), uri)
    session.client.text_document_did_close(
        types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri))
    )
    document = types.TextDocumentIdentifier(uri)
    at = types.Position(2, 20)
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    asked = [
        (types.TEXT_DOCUMENT_HOVER, types.HoverParams(document, at)),
        (types.TEXT_DOCUMENT_COMPLETION, types.CompletionParams(document, at)),
        (types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams(document)),
        (types.TEXT_DOCUMENT_FORMATTING, types.DocumentFormattingParams(document, options)),
    ]
    assert [session.call(method, params) for method, params in asked] == [None] * 4
    assert [list(p.diagnostics) for p in session.published if p.uri == uri][-1] == []


def test_hover_shows_the_table_after_the_action(session: Session) -> None:
    session.open(SEEDED + "1. Ann V13 V14, Bob pass 1 2\n*\n", "file:///table/hover.ggn")
    params = types.HoverParams(
        types.TextDocumentIdentifier("file:///table/hover.ggn"), types.Position(2, 20)
    )
    found = session.call(types.TEXT_DOCUMENT_HOVER, params)
    assert isinstance(found, types.Hover) and isinstance(found.contents, types.MarkupContent)
    assert found.contents.kind == types.MarkupKind.Markdown
    assert found.range == types.Range(types.Position(2, 16), types.Position(2, 28))
    assert found.contents.value.splitlines()[:6] == [
        "After `Bob pass 1 2` (step 2):",
        "",
        "**Round 1**: Cy to play or pass",
        "",
        "| player | hand | in front | won | points |",
        "|---|---|---|---|--:|",
    ]


def test_completion_lists_names_cards_and_legal_actions(session: Session) -> None:
    uri = "file:///table/complete.ggn"
    session.open(SEEDED + "1. Ann V13 V14, Bob Y11 \n*\n", uri)
    params = types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(2, 24))
    found = session.call(types.TEXT_DOCUMENT_COMPLETION, params)
    assert isinstance(found, types.CompletionList)
    cards = [item for item in found.items if item.kind == types.CompletionItemKind.Value]
    assert [item.label for item in cards] == [
        "W4", "B7", "V0", "Y1", "R6", "R5", "G15", "G12", "G10",
    ]  # fmt: skip
    actions = [item for item in found.items if item.kind == types.CompletionItemKind.Event]
    assert [item.label for item in actions][:5] == [
        "Bob Y11 Y1", "Bob R6 R5", "Bob G15 G12", "Bob G15 G10", "Bob G12 G10",
    ]  # fmt: skip
    edit = actions[0].text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.range == types.Range(types.Position(2, 16), types.Position(2, 24))
    assert edit.new_text == "Bob Y11 Y1"


def test_completion_after_the_end_marker_offers_no_edit(session: Session) -> None:
    """Completion after ``*`` offered the last action's completions, each replacing the
    range from ``Cy`` (line 1) to the cursor: accepting one deleted ``Cy Y3``, the line
    break and the ``*``."""
    uri = "file:///table/ended.ggn"
    session.open('[Players "Ann" "Bob" "Cy"]\n1. Ann Y2, Bob pass 1, Cy Y3\n*\n', uri)
    for line, character in ((3, 0), (2, 1)):
        params = types.CompletionParams(
            types.TextDocumentIdentifier(uri), types.Position(line, character)
        )
        found = session.call(types.TEXT_DOCUMENT_COMPLETION, params)
        assert isinstance(found, types.CompletionList) and list(found.items) == []


def test_formatting_gives_the_canonical_text_or_refuses(session: Session) -> None:
    uri = "file:///table/format.ggn"
    session.open('[Players "Ann"   "Bob" "Cy"]\n\n1. Ann y2 ,Bob pass 1\n*\n', uri)
    params = types.DocumentFormattingParams(
        types.TextDocumentIdentifier(uri), types.FormattingOptions(4, True)
    )
    edits = session.call(types.TEXT_DOCUMENT_FORMATTING, params)
    assert [(e.range.start.line, e.range.end.line, e.new_text) for e in edits] == [
        (0, 4, '[Players "Ann" "Bob" "Cy"]\n1. Ann Y2, Bob pass 1\n*\n')
    ]
    session.change((2, 7), (2, 7), "R16 ", uri)
    assert session.call(types.TEXT_DOCUMENT_FORMATTING, params) is None
    assert session.shown[-1].message == (
        "gargon: not formatted: line 3, column 8: 'R16' is not a card (a colour W B V Y R G "
        "and a value 0-15 like R14, or a colour or X and '?' like R? or X?)"
    )


def test_symbols_outline_games_and_rounds(session: Session) -> None:
    uri = "file:///table/outline.ggn"
    rounds = "1. Ann V13 V14, Bob Y11 Y1\n    fights V\n2. Bob pass 1\n*\n"
    text = '[Event "One"]\n' + SEEDED + rounds
    session.open(text + "\n" + SEEDED + "*\n", uri)
    params = types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))
    found = session.call(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, params)
    assert [(s.name, s.detail, s.range.start.line, s.range.end.line) for s in found] == [
        ("Game 1: One", "Ann, Bob, Cy", 0, 6),
        ("Game 2", "Ann, Bob, Cy", 8, 10),  # after the blank line 7
    ]
    assert [(c.name, c.kind, c.range.start.line) for c in found[0].children] == [
        ("Round 1", types.SymbolKind.Event, 3),
        ("Round 2", types.SymbolKind.Event, 5),
    ]


def test_a_failure_is_a_line_in_the_log_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """A handler that fails (here its document cannot be read) answers null, with one line
    in the editor's log (in process: a document not open is no failure, but null)."""
    from gargon_notation.lsp import server

    made = server.create_server()
    logged: list[types.LogMessageParams] = []
    monkeypatch.setattr(made, "window_log_message", logged.append)

    def unreadable(uri: str) -> None:
        raise FileNotFoundError(2, "No such file or directory", "/nowhere/missing.ggn")

    monkeypatch.setattr(made, "document", unreadable)
    params = types.HoverParams(
        types.TextDocumentIdentifier("file:///nowhere/missing.ggn"), types.Position(0, 0)
    )
    assert made.protocol.fm.features[types.TEXT_DOCUMENT_HOVER](params) is None
    (line,) = logged
    assert line.type == types.MessageType.Error
    assert line.message == (
        "gargon: on_hover failed: FileNotFoundError: [Errno 2] No such file or directory: "
        "'/nowhere/missing.ggn'"
    )


@pytest.mark.slow
def test_a_malformed_message_is_one_line_and_the_server_goes_on() -> None:
    """A body that is not JSON printed pygls's traceback on standard error; a request whose
    params do not fit printed two, and was never answered.  Each is now one line on standard
    error and one in the editor's log; the request is answered with an error, and the
    server goes on serving until the editor ends it."""
    initialize = {"processId": None, "rootUri": None, "capabilities": {}}
    sent = [
        b"Content-Length: 5\r\n\r\n{bad}",
        framed({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize}),
        framed({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        framed({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"x": 1}}),
        framed({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}),
        framed({"jsonrpc": "2.0", "method": "exit"}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "gargon_notation", "lsp"],
        input=b"".join(sent),
        capture_output=True,
        timeout=60,
        check=False,
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
    )
    assert done.returncode == 0
    said = [
        "a message from the editor is not JSON (Expecting property name enclosed in double "
        "quotes: line 1 column 2 (char 1)); it is ignored",
        "a message from the editor does not fit the protocol (required field missing @ "
        "params.text_document; required field missing @ params.position); it is ignored",
    ]
    assert done.stderr.decode().splitlines() == [f"gargon lsp: {line}" for line in said]
    messages = unframed(done.stdout)
    answers = {message["id"]: message for message in messages if "id" in message}
    assert answers[1]["result"]["serverInfo"]["name"] == "gargon"
    assert answers[2]["error"]["code"] == -32602  # invalid params
    assert answers[3]["result"] is None
    logged = [m["params"] for m in messages if m.get("method") == "window/logMessage"]
    assert logged == [{"type": 1, "message": f"gargon: {line}"} for line in said]


def lsp_run(sent: list[bytes]) -> subprocess.CompletedProcess[bytes]:
    """``gargon lsp`` given these messages on its standard input, to its end."""
    return subprocess.run(
        [sys.executable, "-m", "gargon_notation", "lsp"],
        input=b"".join(sent),
        capture_output=True,
        timeout=60,
        check=False,
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
    )


INITIALIZE = framed(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"processId": None, "rootUri": None, "capabilities": {}},
    }
)
OPEN = {
    "textDocument": {
        "uri": "file:///table/game.ggn",
        "languageId": "ggn",
        "version": 1,
        "text": "*",
    }
}
HOVER = {"textDocument": {"uri": "file:///table/game.ggn"}, "position": {"line": 0, "character": 0}}


def test_the_lifecycle_is_the_protocols(capsys: pytest.CaptureFixture[str]) -> None:
    """A request before initialize was handled with no workspace (answered null), and one
    after shutdown was never answered (the editor waited for it): now the errors the
    protocol names answer them, and a notification before initialize is dropped.  (The
    server in the test's process, as ``gargon lsp`` serves: the session's tests and
    lsp_run's speak to the process.)"""
    from gargon_notation.lsp import server

    sent = [
        framed({"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": HOVER}),
        framed({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": OPEN}),
        INITIALIZE,
        framed({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        framed({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
        framed({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": HOVER}),
        framed({"jsonrpc": "2.0", "method": "exit"}),
    ]
    written = io.BytesIO()
    written.close = lambda: None  # type: ignore[method-assign]
    code = server.serve(stdin=io.BytesIO(b"".join(sent)), stdout=written)
    assert (code, capsys.readouterr().err) == (0, "")
    messages = unframed(written.getvalue())
    answers = {message["id"]: message for message in messages if "id" in message}
    assert answers[0]["error"] == {
        "code": -32002,
        "message": "textDocument/hover before initialize",
    }
    assert answers[1]["result"]["serverInfo"]["name"] == "gargon"
    assert answers[2]["result"] is None
    assert answers[3]["error"] == {
        "code": -32600,
        "message": "the server is shut down: textDocument/hover is refused",
    }
    assert [m for m in messages if "id" not in m] == []


@pytest.mark.slow
def test_what_the_protocol_lets_a_server_pass_over_is_not_logged() -> None:
    """didSave, didChangeConfiguration (not handled) and a $/cancelRequest of a request
    already answered, which editors send all the time, each put a warning on standard error
    (found by an editor user's trial)."""
    saved = {"textDocument": {"uri": "file:///table/game.ggn"}}
    done = lsp_run(
        [
            INITIALIZE,
            framed({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
            framed({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": OPEN}),
            framed({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": saved}),
            framed(
                {
                    "jsonrpc": "2.0",
                    "method": "workspace/didChangeConfiguration",
                    "params": {"settings": {}},
                }
            ),
            framed({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1}}),
            framed({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
            framed({"jsonrpc": "2.0", "method": "exit"}),
        ]
    )
    assert (done.returncode, done.stderr) == (0, b"")


@pytest.mark.slow
def test_exit_without_shutdown_ends_with_code_1() -> None:
    """pygls's own loop caught the sys.exit(1) of an exit that no shutdown came before, and
    the server ended with 0; closing standard input (an editor gone) still ends it with 0."""
    exited = lsp_run([INITIALIZE, framed({"jsonrpc": "2.0", "method": "exit"})])
    assert (exited.returncode, exited.stderr) == (1, b"")
    assert lsp_run([INITIALIZE]).returncode == 0


def test_the_documents_are_freed_when_the_server_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analyses were left to the collector at the interpreter's end, which took half a
    minute for a 5 MB file while the editor waited for the process to end."""
    from gargon_notation.lsp import server

    made: list[server.GargonServer] = []
    create = server.create_server

    def kept() -> server.GargonServer:
        made.append(create())
        return made[-1]

    monkeypatch.setattr(server, "create_server", kept)
    sent = [
        INITIALIZE,
        framed({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": OPEN}),
        framed({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
        framed({"jsonrpc": "2.0", "method": "exit"}),
    ]
    written = io.BytesIO()
    written.close = lambda: None  # type: ignore[method-assign]
    assert server.serve(stdin=io.BytesIO(b"".join(sent)), stdout=written) == 0
    assert "textDocument/publishDiagnostics" in written.getvalue().decode()
    (ended,) = made
    assert ended.documents == {}


def test_without_pygls_the_verb_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lsp, "available", lambda: False)
    result = CliRunner().invoke(app, ["lsp"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "gargon: the language server needs pygls, which is not installed: "
        "pip install 'gargon-notation[lsp]'"
    )


def test_a_burst_of_changes_is_checked_once_from_its_last_text(session: Session) -> None:
    """Each keystroke was checked and published in turn, so that a hover after ten quick
    ones waited for ten checks of the text; now the changes of a burst are checked once."""
    uri = "file:///club/burst.ggn"
    session.open(SEEDED + "1. Ann V13 V14\n*\n", uri)
    for column, letter in enumerate("{a note}"):
        version = session.versions[uri] = session.versions[uri] + 1
        change = types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(2, 3 + column), types.Position(2, 3 + column)),
            text=letter,
        )
        document = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
        session.client.text_document_did_change(
            types.DidChangeTextDocumentParams(document, [change])
        )
    params = types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(2, 13))
    hovered = session.call(types.TEXT_DOCUMENT_HOVER, params)
    assert hovered is not None and hovered.range is not None  # the action after the note
    assert (hovered.range.start.character, hovered.range.end.character) == (11, 22)
    assert "After `Ann V13 V14` (step 1)" in hovered.contents.value
    assert session.diagnostics(uri, 9) == []
    published = [params.version for params in session.published if params.uri == uri]
    assert published == [1, 9]


def test_one_uri_spelt_two_ways_is_one_document() -> None:
    """pygls keys its documents by the uri unquoted, the server kept its analyses by the uri
    as sent: file:///club/a%20b.ggn and file:///club/a b.ggn were two analyses of one text,
    each taking the other's record of the lines changed (found by the LSP review)."""
    from pygls.workspace import Workspace

    from gargon_notation.lsp import server

    made = server.create_server()
    made.protocol._workspace = server.LspWorkspace.taking_over(Workspace(None))
    quoted, plain = "file:///club/a%20b.ggn", "file:///club/a b.ggn"
    text = SEEDED + "1. Ann V13 V14\n*\n"
    made.workspace.put_text_document(types.TextDocumentItem(quoted, "ggn", 1, text))
    assert made.document(quoted) is made.document(plain) is not None
    assert list(made.documents) == [plain]


@pytest.mark.slow
def test_the_problems_found_so_far_are_published_inside_a_progress() -> None:
    """The problems of a big file found so far were published as the whole list is, and an
    editor could not tell them apart.  Now, for an editor that shows progress, the server
    makes a token, begins a progress, publishes the problems found so far only inside it
    (each with a report of the games checked), and ends it just after the whole list."""
    # Enough games for the check to outlast the token's making and a publication after it
    # (the first is at one second, the next a second later) on a fast quiet machine: 3,000
    # were checked in under two seconds by .ci/run, and the progress had no report.
    games = 8_000
    checking = Session(progress=True)
    try:
        uri = "file:///club/many.ggn"
        checking.open('[Players "Ann" "Bob" "Cy"]\n1. Bob Y2\n*\n' * games, uri)
        deadline = time.monotonic() + 180
        while not checking.progressed or checking.progressed[-1][1].value["kind"] != "end":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        published = [len(params.diagnostics) for params in checking.published]
        progressed = [(before, params.value) for before, params in checking.progressed]
        assert checking.created == ["gargon-check-1"]
        assert {params.token for _, params in checking.progressed} == {"gargon-check-1"}
        kinds = [value["kind"] for _, value in progressed]
        assert kinds[0] == "begin" and kinds[-1] == "end" and set(kinds[1:-1]) == {"report"}
        begun, ended = progressed[0][0], progressed[-1][0]
        assert begun == 0 and ended == len(published)  # nothing published outside it
        assert ended - begun >= 2  # some found so far, and the whole list
        assert all(count < games for count in published[:-1]) and published[-1] == games
        reports = progressed[1:-1]  # each just before a publication of those found so far
        assert [before for before, _ in reports] == list(range(len(published) - 1))
        for _, value in reports:
            assert value["message"].endswith(f" of {games} games"), value
        assert progressed[0][1]["title"] == "Checking many.ggn"
    finally:
        checking.close()
