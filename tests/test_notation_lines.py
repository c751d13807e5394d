"""Reading a stream of bytes line by line in bounded memory, and decoding the lines
(``gargon_notation.notation.lines``).  The limits on a line's length are tested in
test_limits.py, the encodings in test_encoding.py."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gargon_notation.errors import NotationError
from gargon_notation.notation import lines

ROOT = Path(__file__).resolve().parents[1]
CLUB = (ROOT / "examples" / "club-night.ggn").read_text(encoding="utf-8")
RULEBOOK = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")


@pytest.mark.parametrize("block", [7, 64, 1 << 16])
@pytest.mark.parametrize(
    "data",
    [
        CLUB.encode("utf-8") * 3,
        RULEBOOK.replace("\n", "\r\n").encode("utf-8") + RULEBOOK.replace("\n", "\r").encode(),
        b'\xef\xbb\xbf[Event "a"]\n\xef\xbb\xbf*\n[Event "b\xff"]\r\n*\n' * 5,
        '[Event "f\u00e9te\x0c\u2028\x85"]\n*\n{\u00e9}\n'.encode("utf-8") * 7,
        '[Event "\x0b\x1c\x1d\x1e\u2029"]\r\n*\n'.encode("utf-8") * 7,
        b"x" * 150 + b"\n" + b'[Event "a"]\n*\n' * 9 + b"\x00" * 40,
    ],
    ids=[
        "club",
        "crlf-and-cr",
        "bom-and-bad-bytes",
        "other-line-ends",
        "more-line-ends",
        "long-and-nul",
    ],
)
def test_lines_read_block_by_block_are_the_lines_read_one_by_one(
    data: bytes, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stream's lines after the first of each block are split and decoded together when
    they can be; what comes out is what decoding them one by one gives, errors included."""
    monkeypatch.setattr(lines, "_BLOCK", block)
    whole = list(lines.decode_lines(io.BytesIO(data), "f.ggn", start_line=3, offset=10))
    raw = list(lines.bounded_lines(io.BytesIO(data)))
    assert b"".join(raw) == data
    one_by_one = list(lines.decode_lines(raw, "f.ggn", start_line=3, offset=10))

    def seen(items: list[tuple[str, NotationError | None]]) -> list[tuple[str, object]]:
        return [(text, None if e is None else (str(e), e.line, e.column)) for text, e in items]

    assert seen(whole) == seen(one_by_one)
