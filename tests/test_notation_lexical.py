"""The token patterns of lexical.py are the normative grammar's terminals, one by one.

The grammar (``grammar/gargon.lark``) is loaded by Lark as the grammar reader loads it; each
terminal's compiled pattern (``TerminalDef.pattern.to_regexp()``) must be the pattern that
:data:`~gargon_notation.notation.lexical.TERMINALS` gives it, and both must match alike on
an exhaustive set of short strings.  The fast reader builds its patterns from these strings;
its card and name checks are compared with the grammar's terminals too.
"""

from __future__ import annotations

import functools
import itertools
import re

import lark
import pytest
from lark.lexer import TerminalDef

from gargon_notation.notation import fast, lexical
from gargon_notation.notation.lexical import CARDS, COLOURS, TERMINALS
from gargon_notation.notation.model import KEYWORDS, is_bare_name
from gargon_notation.notation.parser import grammar_text


@functools.cache
def compiled() -> dict[str, TerminalDef]:
    """The grammar's terminals by name, the ignored one as ``%ignore``: the grammar is
    loaded when a test first needs it (not as the tests are collected: every worker
    collects every file)."""
    grammar = lark.Lark(grammar_text(), parser="lalr", lexer="contextual")
    return {"%ignore" if t.name in grammar.ignore_tokens else t.name: t for t in grammar.terminals}


# Short strings over the characters that matter to some terminal (and a few that do not):
# every string of up to three of them, and longer words and tokens.
ALPHABET = "Rrx?1025.:-'_a\"\\{} ;\n\r\t$!*([>,\u017f\u0131"
WORDS = [
    *("".join(chars) for size in range(4) for chars in itertools.product(ALPHABET, repeat=size)),
    *KEYWORDS,
    *(word.upper() for word in KEYWORDS),
    *(word + suffix for word in KEYWORDS for suffix in ("x", "-", "'", "_", "1", ".", " ", ":")),
    "pa\u017fs",
    "f\u0131ghts",
    "Adam",
    "J\u00fcrgen",
    "O'Neil",
    "Anna-Lena",
    "R14",
    "R15x",
    "R16",
    "X9",
    "12.",
    "123",
    '"Anna Lena"',
    '"a\\"b"',
    '"a\\b"',
    '"a',
    "{a\nb}",
    "; rest\nnext",
    "$12",
    "!?",
    "??!",
]


def as_lark(pattern: str) -> str:
    """``pattern`` as Lark compiles a ``/.../`` terminal: ``\\n``, ``\\r`` and ``\\t``
    become the characters themselves (``\\\\`` stays)."""
    return re.sub(
        r"\\([\\nrt])",
        lambda m: {"\\": "\\\\", "n": "\n", "r": "\r", "t": "\t"}[m.group(1)],
        pattern,
    )


def test_every_terminal_has_a_shared_pattern_and_no_more() -> None:
    assert set(compiled()) == set(TERMINALS)


@pytest.mark.parametrize("name", sorted(TERMINALS))
def test_the_grammar_compiles_the_shared_pattern(name: str) -> None:
    pattern = compiled()[name].pattern
    assert not pattern.flags
    assert pattern.to_regexp() == as_lark(TERMINALS[name])


@pytest.mark.parametrize("name", sorted(TERMINALS))
def test_the_grammar_and_the_shared_pattern_match_alike(name: str) -> None:
    grammar = re.compile(compiled()[name].pattern.to_regexp())
    shared = re.compile(TERMINALS[name])
    # each word's match as a span (None where there is none), the words in one pass each
    found = [match and match.span() for match in map(shared.match, WORDS)]
    expected = [match and match.span() for match in map(grammar.match, WORDS)]
    differing = (w for w, a, b in zip(WORDS, found, expected, strict=True) if a != b)
    assert found == expected, (name, next(differing))


def test_the_keywords_are_the_model_s() -> None:
    assert {word for word in KEYWORDS if lexical.keyword(word) in TERMINALS.values()} == KEYWORDS
    for word in KEYWORDS:
        assert re.match(lexical.NAME, word) is None
        assert re.match(lexical.NAME, word + "x") is not None


@functools.cache
def _terminal(name: str) -> re.Pattern[str]:
    return re.compile(compiled()[name].pattern.to_regexp())


def _fullmatch(name: str, word: str) -> bool:
    return _terminal(name).fullmatch(word) is not None


def test_the_card_table_holds_every_card_the_grammar_reads() -> None:
    cards = {word for word in WORDS if _fullmatch("CARD", word)}
    spellings = {
        letter + value
        for letter in "WBVYRGXwbvyrgx"
        for value in ["?", *map(str, range(20)), "00", "01"]
    }
    cards |= {word for word in spellings if _fullmatch("CARD", word)}
    assert cards == set(CARDS)
    assert {word for word in WORDS if _fullmatch("COLOUR", word)} <= set(COLOURS)
    assert all(_fullmatch("COLOUR", letter) for letter in COLOURS)


def test_the_fast_reader_s_patterns_read_the_grammar_s_tokens() -> None:
    card = re.compile(fast._CS)
    for word in [*WORDS, *CARDS]:
        assert (card.fullmatch(word) is not None) == _fullmatch("CARD", word), word
    token = fast.TOKEN
    for word in WORDS:
        found = token.fullmatch(word)
        kind = found.lastgroup if found else None
        for name, group in [
            ("ROUND", "round"),
            ("NAG", "nag"),
            ("STRING", "string"),
            ("COMMENT", "comment"),
        ]:
            if _fullmatch(name, word):
                assert kind == group, (word, name, kind)


def test_the_fast_reader_s_bare_names_are_the_grammar_s() -> None:
    words = [word for word in WORDS if re.fullmatch(lexical.NAME_SHAPE, word)]
    assert len(words) > 100
    for word in words:
        assert fast._bare(word) == _fullmatch("PLAYER", word), word


def test_is_bare_name_is_the_grammar_s_name() -> None:
    words = [word for word in WORDS if re.fullmatch(lexical.NAME_SHAPE, word)]
    assert [word for word in words if is_bare_name(word) != _fullmatch("PLAYER", word)] == []
