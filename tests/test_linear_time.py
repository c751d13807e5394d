"""Every input under the reading limits is read in linear time (docs/notation.md, 11.3).

Each hostile shape is read at 10 KB and at 100 KB, through the splitter, the fast reader, the
grammar and the error message, as ``gargon validate`` reads a file; the larger must cost about
ten times the smaller (a quadratic reader costs a hundred times).  The best of three runs is
compared, so a busy machine does not make the test fail.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable

import pytest

from gargon_notation.errors import NotationError
from gargon_notation.notation.parser import parse_with_grammar
from gargon_notation.validation import iter_chunks, validate_chunk

HEAD = '[Players "A" "B" "C"]\n'
SHAPES: dict[str, Callable[[int], str]] = {
    "digits then a letter": lambda n: HEAD + "1. A " + "1" * n + "x *\n",
    "escaped quotes in a tag": lambda n: '[Event "' + '\\"' * (n // 2) + "\n" + HEAD + "*\n",
    "quote-backslash in movetext": lambda n: HEAD + "1. A " + '"\\' * (n // 2) + "\n*\n",
    "open braces": lambda n: HEAD + "1. A Y2 " + "{" * n + "\n*\n",
    "open brackets": lambda n: "[" * n + "\n*\n",
    "spaces then a letter": lambda n: HEAD + "1. A" + " " * n + "x\n*\n",
    "commas": lambda n: HEAD + "1. A Y2" + "," * n + "\n*\n",
    "open parentheses": lambda n: HEAD + "1. A Y2\n fights Y " + "(" * n + "\n*\n",
    "cards then a word": lambda n: HEAD + "1. A " + "Y2 " * (n // 3) + "x\n*\n",
    "draws then a word": lambda n: HEAD + "1. A pass " + "1 " * (n // 2) + "x\n*\n",
    "a long name": lambda n: HEAD + "1. " + "A" * n + " Y2\n*\n",
    "pile digits and colons": lambda n: HEAD + "1. A pass " + "1:" * (n // 2) + "\n*\n",
    "quoted values": lambda n: "[Players " + '"a" ' * (n // 4) + "x\n*\n",
    "numeric annotations": lambda n: HEAD + "1. A Y2 " + "$1 " * (n // 3) + "x\n*\n",
    "glyphs": lambda n: HEAD + "1. A Y2" + "!" * n + "\n*\n",
    "a comment before the cards": lambda n: HEAD + "1. A " + "Y2 " * (n // 3) + "{c} Y3\n*\n",
}


def _cost(text: str) -> float:
    data = text.encode("utf-8")
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for number, chunk in enumerate(iter_chunks(io.BytesIO(data), "x.ggn"), start=1):
            validate_chunk(chunk, "x.ggn", number)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("shape", list(SHAPES))
def test_reading_time_grows_linearly(shape: str) -> None:
    make = SHAPES[shape]
    small, large = _cost(make(10_000)), _cost(make(100_000))
    assert large < 30 * max(small, 0.001), f"{shape}: {small:.4f} s -> {large:.4f} s"


def test_a_games_place_in_its_file_costs_nothing() -> None:
    """Each game the grammar reads is read alone, wherever it starts: a file of many games
    that the fast reader declines is read in linear time, not padded to each game's line."""
    text = HEAD + "1. A R99\n*\n"

    def cost(first_line: int) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            with pytest.raises(NotationError) as caught:
                parse_with_grammar(text, "x.ggn", first_line)
            best = min(best, time.perf_counter() - start)
        assert (caught.value.line, caught.value.column) == (first_line + 1, 6)
        assert caught.value.excerpt == "1. A R99"
        return best

    near, far = cost(1), cost(2_000_000)
    assert far < 10 * max(near, 0.001), f"{near:.4f} s at line 1, {far:.4f} s at line 2,000,000"


@pytest.mark.slow
def test_a_json_documents_fields_are_read_in_linear_time() -> None:
    """A document with many fields of its own beside its games (a club's script's), on one
    line: each field's place was counted from the document's start, so 50,000 fields took
    13 s where 25,000 took 3 s (1.5 million, a 32 MB file, over 12 minutes); each field is
    now placed from the one before."""
    from pathlib import Path

    import gargon_notation as gg
    from gargon_notation import jsonstream

    example = Path(__file__).resolve().parents[1] / "examples" / "full-game.ggn"
    game = gg.dumps([next(gg.load(example, strict=True))], "json")
    opening = game.index("{") + 1

    def cost(count: int) -> float:
        fields = "".join(f'"k{number}": [{number}], ' for number in range(count))
        data = (game[:opening] + fields + game[opening:]).encode("utf-8")
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            pieces = list(jsonstream.iter_document_pieces(io.BytesIO(data), "x.json"))
            best = min(best, time.perf_counter() - start)
        assert len(pieces) == 1
        return best

    small, large = cost(2_000), cost(20_000)
    assert large < 30 * max(small, 0.001), f"{small:.4f} s -> {large:.4f} s"
