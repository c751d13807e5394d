"""Slips of the fingers: a name typed with one letter left out, doubled or two letters
swapped (:func:`one_slip`), and the pairs of names of a list that are likely one name typed
two ways (:func:`near_pairs`), for warnings that say so before two players (or two events)
are counted apart; and the players a name not at the table most likely means
(:func:`likely_names`), for the messages that ask ``did you mean Bob?`` (:func:`meant_hint`).

>>> one_slip("Adma", "Adam"), one_slip("Hanna", "Hana"), one_slip("Adams", "Adam")
(True, True, False)
>>> near_pairs(["Adam", "Bernd", "Adma", "bernd", "Collette"])
[('Adam', 'Adma'), ('Bernd', 'bernd')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

__all__ = ["likely_names", "meant_hint", "near_pairs", "one_apart", "one_changed", "one_slip"]


def one_slip(typed: str, meant: str) -> bool:
    """Whether ``typed`` is ``meant`` with one letter left out (not its first), one letter
    doubled, or two neighbours swapped (not the first two).

    >>> [one_slip(typed, "Start") for typed in ("Strat", "Stat", "Startt", "Sart", "Tsart")]
    [True, True, True, True, False]
    """
    start = 0
    while start < min(len(typed), len(meant)) and typed[start] == meant[start]:
        start += 1
    if start == 0:
        return False
    a, b = typed[start:], meant[start:]
    if len(a) + 1 == len(b):
        return a == b[1:]  # left out
    if len(a) == len(b) + 1:
        return a[1:] == b and a[0] == typed[start - 1]  # doubled
    return len(a) == len(b) >= 2 and a[:2] == b[1::-1] and a[2:] == b[2:]  # swapped


def one_apart(typed: str, meant: str) -> bool:
    """Whether ``typed`` is ``meant`` with one slip anywhere, its first letters included: one
    letter typed wrong, left out or added, or two neighbours swapped (a name not at the table
    is likely the player it is one slip from, as short as ``Bob`` or ``Cy`` is).

    >>> [one_apart(typed, "Bob") for typed in ("Bbo", "oBb", "Rob", "Bo", "Bobb", "Bob", "Obb")]
    [True, True, True, True, True, False, False]
    """
    if typed == meant or abs(len(typed) - len(meant)) > 1:
        return False
    start = 0
    while start < min(len(typed), len(meant)) and typed[start] == meant[start]:
        start += 1
    a, b = typed[start:], meant[start:]
    if len(a) < len(b):
        return a == b[1:]  # left out
    if len(a) > len(b):
        return a[1:] == b  # added
    return a[1:] == b[1:] or (a[:2] == b[1::-1] and a[2:] == b[2:])  # changed, swapped


def likely_names(name: str, players: Sequence[str]) -> tuple[list[str], str]:
    """The players ``name`` most likely means, all as near to it as each other (none: no
    player is near), and what to say of names when it differs from them by spaces or case:
    those the same but for spaces at either end, then but for case, then one slip apart
    (:func:`one_apart`), then alike by :mod:`difflib`.

    >>> likely_names("bob", ["Ann", "Bob"]), likely_names("Jen", ["Jan", "Jon", "Cy"])
    ((['Bob'], 'names are case-sensitive'), (['Jan', 'Jon'], ''))
    """
    bare = name.strip()
    spaced = [player for player in players if player.strip() == bare]
    if spaced:
        return spaced, "names are compared with their spaces"
    folded = bare.casefold()
    same = [player for player in players if player.strip().casefold() == folded]
    if same:
        spaces = bare != name or any(player.strip() != player for player in same)
        return same, "names are case-sensitive" + (
            " and compared with their spaces" if spaces else ""
        )
    near = [player for player in players if one_apart(name, player)]
    near = near or [p for p in players if one_apart(folded, p.strip().casefold())]
    if near:
        return near, ""
    import difflib  # only for a mistake: not at start-up

    alike: dict[str, float] = {}
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name)
    for player in dict.fromkeys(players):
        matcher.set_seq1(player)
        if matcher.real_quick_ratio() >= _ALIKE and matcher.quick_ratio() >= _ALIKE:
            ratio = matcher.ratio()
            if ratio >= _ALIKE:
                alike[player] = ratio
    best = max(alike.values(), default=0.0)
    return [player for player, ratio in alike.items() if ratio == best], ""


_ALIKE = 0.75
"""How alike (:class:`difflib.SequenceMatcher`'s ratio) a name must be to a player's to be
taken for it, when it is not one slip from one."""


def meant_hint(name: str, players: Sequence[str], shown: Callable[[str], str] = str) -> str:
    """What a message for ``name``, not one of the ``players``, adds: ``; did you mean Bob?``
    with the players it most likely means (:func:`likely_names`, each ``shown`` as the
    message writes names), and why when it is case or spaces; empty when none is near.

    >>> meant_hint("bob", ["Ann", "Bob"])
    '; did you mean Bob? (names are case-sensitive)'
    >>> meant_hint("Jen", ["Jan", "Jon"]), meant_hint("Eve", ["Ann"])
    ('; did you mean Jan or Jon?', '')
    """
    close, why = likely_names(name, players)
    if not close:
        return ""
    names = [shown(player) for player in close]
    either = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
    return f"; did you mean {either}?" + (f" ({why})" if why else "")


def one_changed(typed: str, meant: str) -> bool:
    """Whether ``typed`` is ``meant`` with one letter typed wrong (a letter for a letter), not
    its first: a slip that makes other words as often (``Data`` for ``Date``), for a tag a
    record must have.

    >>> [one_changed(typed, "players") for typed in ("pleyers", "slayers", "player2")]
    [True, False, False]
    """
    if len(typed) != len(meant) or typed[:1] != meant[:1]:
        return False
    changed = [(a, b) for a, b in zip(typed, meant, strict=True) if a != b]
    return len(changed) == 1 and changed[0][0].isalpha() and changed[0][1].isalpha()


def near_pairs(names: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs of different ``names`` that are likely one name typed two ways: the same
    but for case or for spaces at either end, or one slip of the fingers apart
    (:func:`one_slip`; not a letter more at the end: ``Ann`` and ``Anne`` are two names as often
    as not), each pair in the order its names first come, pairs in the order of
    their second name.  Linear in the names' total length (times a name's length), not
    quadratic in their number: each name is looked up by the names it could be a slip of.

    >>> near_pairs(["Cup", "Cup ", "cup", "Open"])
    [('Cup', 'Cup '), ('Cup', 'cup'), ('Cup ', 'cup')]
    >>> near_pairs(["Ann", "Anne", "Anna", "Adam", "Adams", "Colette", "Collette", "Brnd"])
    [('Colette', 'Collette')]
    """
    first: dict[str, int] = {}
    for name in names:
        first.setdefault(name, len(first))
    by_key: dict[str, list[str]] = {}
    for name in first:
        by_key.setdefault(name.strip().casefold(), []).append(name)
    pairs: set[tuple[str, str]] = set()
    for same in by_key.values():
        pairs.update((a, b) for a in same for b in same if first[a] < first[b])
    for name in first:
        for other in _slips_of(name):
            if other in first and other != name and _name_slip(name, other):
                pairs.add((name, other) if first[name] < first[other] else (other, name))
    return sorted(pairs, key=lambda pair: (first[pair[1]], first[pair[0]]))


def _name_slip(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` are one slip apart (:func:`one_slip`, either way), but
    not a letter more at the end, which makes another name as often as not (``Ann`` and
    ``Anne``, ``Adam`` and ``Adams``), unless it doubles the last (``Hana``, ``Hanaa``)."""
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if len(long) == len(short) + 1 and long.startswith(short) and long[-1] != short[-1:]:
        return False
    return one_slip(a, b) or one_slip(b, a)


def _slips_of(name: str) -> Iterator[str]:
    """The names ``name`` could be one slip away from, or that could be one slip from it:
    with a letter left out, or two neighbours swapped (a doubled letter of the other is its
    letter left out, seen from the other side)."""
    for at in range(1, len(name)):
        yield name[:at] + name[at + 1 :]
        if at + 1 < len(name):
            yield name[:at] + name[at + 1] + name[at] + name[at + 2 :]
