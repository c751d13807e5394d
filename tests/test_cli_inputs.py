""":mod:`gargon_notation.cli.inputs`: standard output gathered and then written whole."""

from __future__ import annotations

import pytest

from gargon_notation.cli.inputs import output


def test_standard_output_gets_every_piece_as_written_past_a_block(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    """Pieces (control characters and lines of every length included) reach a pipe byte for
    byte, across the 1 MiB blocks the spool is copied in, and only once the block ends."""
    pieces = [f"{n}\x1b[2J{'é' * (n % 700)}\r\n" * 3 for n in range(2000)]
    with output(None) as write:
        for piece in pieces:
            write(piece)
        assert capfdbinary.readouterr().out == b""
    written = "".join(pieces).encode("utf-8")
    assert len(written) > 2 * (1 << 20)
    assert capfdbinary.readouterr().out == written
