"""The language server's documents (gargon_notation/lsp/document.py, lines.py,
splitting.py): an edit cuts again only the games around it and checks only the games it
touched, with what a whole new reading finds; a checked game keeps its diagnostics and
outline, not its record and replay."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from conftest import HEAVY
from lsp_client import types  # imported when first used: not by collecting the tests

import gargon_notation as gg
from gargon_notation.lsp import splitting
from gargon_notation.lsp.document import KEPT, Document
from gargon_notation.lsp.features import complete, hover
from gargon_notation.lsp.lines import Dirty, replace, split_lines
from gargon_notation.records import with_comments

PIECES = [*'*\n\r[]{};" ,()\t\ufeff\x00\u00e9', "\r\n", "1. ", "end", "pass", "R2", "\n*\n"]
PIECES.append('\n[Event "q"]\n')


@pytest.fixture(scope="module")
def twenty() -> str:
    """Twenty simulated games in one document."""
    records = [gg.record_from_simulation(gg.simulate(4, f"lsp.{k}")) for k in range(1, 21)]
    return gg.dumps(records)


def position(lines: tuple[str, ...], index: int) -> tuple[int, int]:
    """The line and column of the character at ``index`` of the lines' text."""
    for number, line in enumerate(lines):
        if index < len(line) or (index == len(line) and not line.endswith(("\n", "\r"))):
            return number, index
        index -= len(line)
    return len(lines), index


def seen(document: Document) -> object:
    """What the features are given: places, diagnostics, outline, formatting."""
    places = [(game.number, game.first_line, game.lines) for game in document.games]
    return places, document.diagnostics(), document.symbols(), document.formatted()


def test_a_change_is_applied_as_to_the_text(twenty: str) -> None:
    rng = random.Random(5)
    text = twenty.replace("\n", "\r\n", 40)
    lines = split_lines(text)
    for _ in range(300):
        start = rng.randrange(len(text) + 1)
        end = min(len(text), start + rng.choice([0, 0, 1, 3, 80]))
        new = rng.choice(PIECES)
        lines, first, old_end, new_end = replace(
            lines, position(lines, start), position(lines, end), new
        )
        text = text[:start] + new + text[end:]
        assert lines == split_lines(text)
        assert old_end - first <= end - start + 3 and new_end >= first


@pytest.mark.slow
def test_edits_find_what_a_whole_reading_finds(twenty: str) -> None:
    """Random edits (line ends, comments opened, games joined and cut, byte-order marks, a
    NUL), one to three at a time: the games, diagnostics, outline and formatting are those of
    the whole text read afresh."""
    rng = random.Random(11)
    for _ in range(6):
        lines = split_lines(twenty)
        document = Document()
        document.take(lines, None)
        for _ in range(8):
            dirty: Dirty | None = None
            for _ in range(rng.randint(1, 3)):
                text = "".join(lines)
                start = rng.randrange(len(text) + 1)
                end = min(len(text), start + rng.choice([0, 0, 2, 40, 300]))
                lines, first, old_end, new_end = replace(
                    lines, position(lines, start), position(lines, end), rng.choice(PIECES)
                )
                dirty = (dirty or Dirty(first, first, 0)).then(first, old_end, new_end)
            document.take(lines, dirty)
            fresh = Document()
            fresh.update("".join(lines))
            assert seen(document) == seen(fresh)


def test_an_edit_cuts_again_only_the_games_around_it(
    twenty: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = Document()
    lines = split_lines(twenty)
    document.take(lines, None)
    assert document.diagnostics() == []
    made: list[int] = []
    resplit = splitting.resplit

    def counted(*args: object) -> object:
        found = resplit(*args)  # type: ignore[arg-type]
        made.append(len(found[1]))  # type: ignore[index]
        return found

    monkeypatch.setattr("gargon_notation.lsp.document.resplit", counted)
    line = document.games[9].first_line + 6  # in game 10's rounds
    after = [game.first_line for game in document.games[10:]]
    lines, first, old_end, new_end = replace(lines, (line, 0), (line, 0), "{a note}\n")
    document.take(lines, Dirty(first, first, 0).then(first, old_end, new_end))
    assert made == [2]  # games 9 and 10; 11 to 20 moved down a line
    assert [game.first_line for game in document.games[10:]] == [start + 1 for start in after]
    assert (document.diagnostics(), document.analysed) == ([], 21)


def test_a_checked_game_keeps_no_record(twenty: str) -> None:
    """932 MB for a 5 MB file: each game's record and replay were kept.  They are read
    again for a hover or a completion, and the last few kept."""
    document = Document()
    document.update(twenty)
    assert document.diagnostics() == []
    assert all(not hasattr(game.checked, "record") for game in document.games)
    for game in document.games:
        assert document.analysis(game).result is not None
    assert len(document._kept) == KEPT
    assert document.analysis(document.games[-1]) is document.analysis(document.games[-1])


# -- an editor's changes, as the server gets them --------------------------------------

_LINE_END = re.compile(r"\r\n|\r|\n")
EDITS = 40 if HEAVY else 1
"""How many sequences of bursts of changes the differential test makes (ten bursts each, the
whole text read afresh after each: one by default, seconds here)."""


def client_position(text: str, index: int, past: int = 0) -> types.Position:
    """The editor's position (UTF-16 units) of the character at ``index`` of ``text``;
    ``past`` units past its line's text when it is the end of its line (the protocol reads
    such a column as the line's end)."""
    before = _LINE_END.split(text[:index])
    line = before[-1]
    at_end = _LINE_END.match(text, index) is not None or index == len(text)
    units = len(line.encode("utf-16-le")) // 2
    return types.Position(len(before) - 1, units + (past if at_end else 0))


def editors_change(rng: random.Random, text: str, games: list[str]) -> tuple[int, int, str]:
    """A change an editor may send, as ``(start, end, new text)`` in ``text``'s characters:
    a few characters typed or deleted anywhere, a game deleted, pasted, joined to the next
    (its end marker and the next game's tags deleted) or cut in two, a comment opened or
    closed, the line ends of a game changed, a character beyond the BMP typed."""
    document = Document()
    document.update(text)
    if not document.games or rng.random() < 0.3:
        start = rng.randrange(len(text) + 1)
        end = min(len(text), start + rng.choice([0, 0, 1, 2, 5, 40, 300]))
        return start, end, rng.choice([*PIECES, "{", "}", "\U0001d49c", "    {c}\n", " ; n\n"])
    offsets = [0]
    for line in document.raw_lines:
        offsets.append(offsets[-1] + len(line))
    game = rng.choice(document.games)
    first, last = offsets[game.first_line], offsets[game.first_line + game.lines]
    inside = rng.randrange(first, last + 1)
    kind = rng.randrange(7)
    if kind == 0:
        return first, last, ""
    if kind == 1:
        return first, first, rng.choice(games)
    if kind == 2:
        marker = max(text.rfind("*", first, last), text.rfind("end ", first, last))
        rounds = text.find("\n1. ", last)
        return max(marker, first), rounds + 1 if rounds >= 0 else len(text), ""
    if kind == 3:
        return inside, inside, '\n*\n\n[Players "Ann" "Bob" "Cy"]\n'
    if kind == 4:
        return inside, inside, rng.choice(["{", "{ open", "}", ";"])
    if kind == 5:
        ends = rng.choice(["\r\n", "\r", "\n"])
        return inside, last, _LINE_END.sub(ends, text[inside:last])
    return inside, inside, rng.choice(["\U0001d49c", "\U0001f600x", "\u00e9"])


def test_an_editors_changes_find_what_a_whole_reading_finds() -> None:
    """Bursts of changes as an editor sends them (several a message, positions in UTF-16
    units, a column now and then past its line's text, a whole new text among them), each
    applied to the server's lines and documents (LspLines, Document.take): the text, games,
    diagnostics, outline, formatting, hovers and completions are those of the final text read
    afresh.  ``GARGON_FUZZ=heavy`` makes more of them."""
    from gargon_notation.lsp.workspace import LspLines  # it imports lsprotocol.types

    records = [
        with_comments(gg.record_from_simulation(gg.simulate(3, f"edits.{k}")), f"edits.{k}")
        for k in range(1, 7)
    ]
    base = gg.dumps(records)
    games = ["\n" + game + "\n" for game in base.split("\n\n")[:3]]
    for seed in range(EDITS):
        rng = random.Random(seed)
        text = base
        lines = LspLines("file:///t.ggn", text, version=1)
        document = Document()
        document.take(lines.lines, lines.take_dirty())
        for _ in range(10):
            for _ in range(rng.randint(1, 6)):
                if rng.random() < 0.05:
                    text = text.replace("\n", "\r\n") if rng.random() < 0.5 else text
                    lines.apply_change(types.TextDocumentContentChangeWholeDocument(text))
                    continue
                start, end, new = editors_change(rng, text, games)
                while 0 < start < len(text) and text[start - 1 : start + 1] == "\r\n":
                    start += 1
                end = max(start, end)
                while 0 < end < len(text) and text[end - 1 : end + 1] == "\r\n":
                    end += 1
                past = rng.choice([0, 0, 0, 1, 50])
                span = types.Range(client_position(text, start), client_position(text, end, past))
                lines.apply_change(types.TextDocumentContentChangePartial(range=span, text=new))
                text = text[:start] + new + text[end:]
                assert lines.source == text
            document.take(lines.lines, lines.take_dirty())
            if rng.random() < 0.5:
                document.check(0.001)  # a check under way when the next burst comes
            fresh = Document()
            fresh.update(text)
            places = [(rng.randrange(len(fresh.lines)), rng.randrange(30)) for _ in range(3)]
            places = [(line, min(column, len(fresh.lines[line]))) for line, column in places]
            asked = [(hover(d, p), complete(d, p)) for d in (document, fresh) for p in places]
            assert seen(document) == seen(fresh)
            assert document.raw == fresh.raw
            assert asked[:3] == asked[3:]


def test_a_check_that_fails_leaves_the_other_games_published(
    twenty: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gargon_notation.lsp import document as module

    games = twenty.split("\n\n[")[:3]
    text = "\n\n[".join(games) + "\n"
    clean = Document()
    clean.update(text)
    assert clean.check(60)
    real = module.analyse_game
    second_text = games[1]

    def failing(game: str, source: str = "<document>") -> object:
        if second_text.split("\n", 1)[1] in game:
            raise KeyError("a fault")
        return real(game, source)

    monkeypatch.setattr(module, "analyse_game", failing)
    document = Document()
    document.update(text)
    assert document.check(60)
    second = document.games[1]
    message = (
        "gargon could not check this game: KeyError: 'a fault' (a fault in gargon, not in "
        "the record: please report it with this game's text)"
    )
    found = [(d.span.start, d.code, d.message) for d in document.diagnostics()]
    assert found == [(((second.first_line + 1), 0), "internal", message)]
    assert [symbol.detail for symbol in document.symbols()][1] == message
    assert len(document.symbols()) == len(clean.symbols()) == 3


def test_formatting_holds_one_record_at_a_time(
    twenty: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gargon_notation.lsp import document as module
    from gargon_notation.notation import writer

    document = Document()
    document.update(twenty)
    expected = document.formatted()
    read_written = [0, 0]
    most = 0
    real_parse, real_write = module.parse_game, writer.write_game

    def parse(text: str, source: str = "<string>") -> gg.GameRecord:
        read_written[0] += 1
        return real_parse(text, source=source)

    def write(record: gg.GameRecord) -> str:
        nonlocal most
        most = max(most, read_written[0] - read_written[1])
        read_written[1] += 1
        return real_write(record)

    monkeypatch.setattr(module, "parse_game", parse)
    monkeypatch.setattr(writer, "write_game", write)
    assert document.formatted() == expected
    assert read_written == [20, 20]
    assert most == 1


def test_a_plain_text_is_cut_as_its_bytes_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole text with no byte-order mark, NUL, lone surrogate, line over the limit or
    HTML page is given to the splitter as it is, not encoded and decoded again: the games
    are those of its bytes read as a file's, and the other texts still go through the
    bytes."""
    game = (Path(__file__).parent.parent / "examples" / "club-night.ggn").read_text("utf-8")
    zoe = game.replace("Adam", "Zo\u00eb").replace("{", "{\U0001f3b2 \x0c \u2028 ")
    texts = {
        "plain": game,
        "not ASCII, form feeds and U+2028 in comments": zoe,
        "CRLF": zoe.replace("\n", "\r\n"),
        "lone CR": zoe.replace("\n", "\r"),
        "a long line within the limit": game + "; " + "\u674e" * 30_000 + "\n",
        "a long line over it": game + "; " + "\U0001f3b2" * 30_000 + "\n",
        "a byte-order mark": game + "\ufeff" + game,
        "a NUL": game.replace("Bernd", "Be\x00rnd", 1),
        "a lone surrogate": game.replace("Bernd", "Be\udcffrnd", 1),
        "an HTML page": "  <!DOCTYPE html>\n" + game,
        "nothing": "",
    }
    plain = {name for name, text in texts.items() if splitting._plain(split_lines(text))}
    assert plain == {
        "plain",
        "not ASCII, form feeds and U+2028 in comments",
        "CRLF",
        "lone CR",
        "a long line within the limit",
        "nothing",
    }

    def cut(text: str) -> list[tuple[object, ...]]:
        return [
            (c.text, c.first_line, c.lines, c.closed, c.error and c.error.message)
            for c in splitting.split(split_lines(text), 0, "game.ggn")
        ]

    fast = {name: cut(text) for name, text in texts.items()}
    monkeypatch.setattr(splitting, "_plain", lambda lines: False)
    assert fast == {name: cut(text) for name, text in texts.items()}
    assert [len(fast[name]) for name in ("plain", "CRLF", "a long line over it")] == [3, 3, 4]
