"""gargon's private cache folders (:mod:`gargon_notation.caches`), and what the reference
reader keeps there: Lark's analysis of the grammar, built once and read back by the next
processes, only from a private folder of the user."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import lark
import pytest

from gargon_notation.caches import cache_folder, made, private_folder
from gargon_notation.errors import NotationError
from gargon_notation.notation import parser

BAD = '[Players "A" "B" "C"]\n1. A ZZ9\n*\n'
"""A game the fast reader declines: the reference reader says what is wrong."""
NAME = f"gargon-lark{lark.__version__}-py{sys.version_info[0]}{sys.version_info[1]}.cache"
"""The file of Lark's analysis: one for each version of Lark and of Python."""


def analysis(base: Path) -> list[Path]:
    return sorted((base / "gargon-notation" / "grammar").glob("*.cache"))


def said(message: str = "") -> str:
    """What the reference reader says of :data:`BAD`, with a parser built anew."""
    with pytest.raises(NotationError) as error:
        parser._lark.cache_clear()
        try:
            parser.parse_with_grammar(BAD, source="bad.ggn")
        finally:
            parser._lark.cache_clear()
    return str(error.value)


def test_the_grammar_is_analysed_once_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lark's analysis of the grammar took some 0.2 s in every process that met a syntax
    error (more than the rest of a gargon validate of one game); issue #14 asks for Lark's
    cache where it is safe."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("GARGON_NO_CACHE", raising=False)
    first = said()
    assert first.startswith("bad.ggn:2:6: expected a card like R14, or 'pass', not 'ZZ9'")
    (kept,) = analysis(tmp_path)
    assert kept.name == NAME
    assert (kept.parent.stat().st_mode & 0o777, kept.parent.parent.stat().st_mode & 0o777) == (
        0o700,
        0o700,
    )

    def not_built(self: lark.Lark) -> None:
        raise AssertionError("the grammar was analysed again")

    monkeypatch.setattr(lark.Lark, "_build_parser", not_built)
    assert said() == first  # read back, the same parser


def test_a_cache_that_is_not_private_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lark reads its cache back with pickle: a file that another user could have written
    would run their code.  Lark's own default is such a file, in the shared temporary
    folder; a folder others may write to is not used either, nor made under a cache
    folder of another user."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("GARGON_NO_CACHE", raising=False)
    grammar = tmp_path / "gargon-notation" / "grammar"
    grammar.mkdir(parents=True)
    grammar.chmod(0o770)  # the group may write
    assert not private_folder(str(grammar)) and not made(str(grammar))
    planted = grammar / NAME
    planted.write_bytes(b"not Lark's\n")
    said()
    assert planted.read_bytes() == b"not Lark's\n"  # neither read nor written over
    monkeypatch.setenv("GARGON_NO_CACHE", "1")
    assert cache_folder("grammar", os.environ) is None and parser._analysis_file() is None


def test_a_damaged_analysis_is_made_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file cut short (a process killed while writing it) or of another grammar is not
    used: Lark checks the grammar's digest written in it, then builds and writes it again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("GARGON_NO_CACHE", raising=False)
    first = said()
    (kept,) = analysis(tmp_path)
    whole = kept.read_bytes()
    digest, rest = whole.split(b"\n", 1)
    for damaged in (whole[: len(whole) // 2], b"0" * len(digest) + b"\n" + rest):
        kept.write_bytes(damaged)
        assert said() == first
        assert kept.read_bytes().split(b"\n", 1)[0] == digest

    def not_built(self: lark.Lark) -> None:
        raise AssertionError("the grammar was analysed again")

    with monkeypatch.context() as patch:
        patch.setattr(lark.Lark, "_build_parser", not_built)
        assert said() == first  # the file made again is read back


def test_an_analysis_that_is_not_a_file_of_this_user_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lark opens its cache file as it finds it: through a symbolic link it read, and
    wrote, a file outside the private folder (a pickle there could be anyone's), and on a
    FIFO it waited for ever.  Now only a regular file of this user is used, or none is
    made: the parser is built, and the link, its target and the FIFO are left alone
    (found by the review of e121566)."""
    base = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(base))
    monkeypatch.delenv("GARGON_NO_CACHE", raising=False)
    first = said()
    (kept,) = analysis(base)
    kept.unlink()
    outside = tmp_path / "shared.cache"
    outside.write_bytes(b"not Lark's\n")
    kept.symlink_to(outside)
    assert said() == first
    assert outside.read_bytes() == b"not Lark's\n"  # neither read nor written over
    outside.unlink()  # a link leading nowhere: nothing made where it leads
    assert said() == first
    assert not outside.exists() and kept.is_symlink()
    kept.unlink()
    os.mkfifo(kept)
    assert said() == first  # not waited on
    assert analysis(base) == [kept] and not kept.is_file()
