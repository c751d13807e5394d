"""Slips of the fingers: a name typed with one letter left out, doubled or two letters
swapped (:func:`one_slip`), and the pairs of names of a list that are likely one name typed
two ways (:func:`near_pairs`), for warnings that say so before two players (or two events)
are counted apart.

>>> one_slip("Adma", "Adam"), one_slip("Hanna", "Hana"), one_slip("Adams", "Adam")
(True, True, False)
>>> near_pairs(["Adam", "Bernd", "Adma", "bernd", "Collette"])
[('Adam', 'Adma'), ('Bernd', 'bernd')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = ["near_pairs", "one_apart", "one_changed", "one_slip"]


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
