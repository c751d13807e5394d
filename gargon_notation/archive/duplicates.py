"""Games that are the same game, and games that are an unfinished copy of another.

Two records are the same game when they seat the same players with the same start player
and rules, are dealt the same cards (from a seed and shuffle, or written out in full: a seed
and its deal written out are the same deal; a deal written with hidden cards is only the same
as one written the same way), and write the same decisions in the same order: plays, passes
and the piles they draw from, the colours of the battles and the replacement draws.
Comments, annotations, the tags that do not change the game (event, date, site, result...),
their order and the values a seat noted on its draws do not count.  An unfinished record
(``*``) whose decisions begin another's is a *prefix*: an unfinished copy of that game.

Nothing is replayed: a record is read, not checked (an invalid record is compared like any
other).  Finding copies keeps one 16-byte digest and one location per game read, so memory
grows with the number of games, not with their text; it reads the games twice, or once when
none is unfinished (:func:`find_copies` takes a function that starts a new reading).

>>> import gargon_notation as gg
>>> text = (
...     '[Players "Ann" "Bob" "Cy"]\\n[Seed "s"]\\n1. Ann Y2 {a comment}, Bob pass 1\\n*\\n\\n'
...     '[Event "Again"]\\n[Players "Ann" "Bob" "Cy"]\\n[Seed "s"]\\n'
...     '1. Ann Y2!, Bob pass 1\\n*\\n\\n'
...     '[Players "Ann" "Bob" "Cy"]\\n[Seed "s"]\\n1. Ann Y2\\n*\\n'
... )
>>> games = lambda: enumerate(gg.loads(text, strict=True), start=1)
>>> for copy in find_copies(games):
...     print(copy)
game 2 is the same game as game 1
game 3 is an unfinished copy of game 1
"""

from __future__ import annotations

import enum
import hashlib
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import attrs

from gargon_notation.archive import deals
from gargon_notation.arguments import record_argument
from gargon_notation.cards import AnyCard
from gargon_notation.engine import Deal
from gargon_notation.header import Header, HeaderError, read_header
from gargon_notation.notation import GameRecord
from gargon_notation.notation.model import Battle, Pass, Play
from gargon_notation.notation.model import Deal as WrittenDeal

if TYPE_CHECKING:
    from gargon_notation.replay.walker import Outcome

__all__ = [
    "OCCASION_CHARACTERS",
    "OCCASION_TAGS",
    "Copy",
    "CopyKind",
    "Duplicates",
    "Identity",
    "Occasion",
    "Once",
    "View",
    "Viewed",
    "Views",
    "decisions_of",
    "find_copies",
    "identity",
    "occasion_of",
    "public_identity",
    "seeded_deal",
    "view_of",
]

L = TypeVar("L", bound=Hashable)

_DEAL_TAGS = (
    "Players",
    "Start",
    "Seed",
    "Shuffle",
    "Ruleset",
    "ZeroPair",
    "WonCardsFaceUp",
    "StartMustPlay",
    "Notation",
)
"""The tags that change the game, compared as written when they cannot be read."""


@attrs.frozen
class Identity:
    """What makes a record the game it is: ``table`` (the seats, rules and deal, as text)
    and its ``decisions`` in order, each as text."""

    table: str
    decisions: tuple[str, ...]

    def digests(self) -> Iterator[bytes]:
        """The digest of each beginning of the decisions: none, the first, the first two...
        up to all of them (the last is the game's own :attr:`digest`)."""
        running = hashlib.blake2b(self.table.encode("utf-8"), digest_size=16)
        yield running.digest()
        for decision in self.decisions:
            running.update(b"\n" + decision.encode("utf-8"))
            yield running.digest()

    @property
    def digest(self) -> bytes:
        """16 bytes that differ for different games (and are equal for the same game): the
        last of :meth:`digests`, hashed at once."""
        text = "\n".join((self.table, *self.decisions))
        return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def identity(
    record: GameRecord, decisions: Sequence[str] | None = None, *, seeded: Deal | None = None
) -> Identity:
    """A record's :class:`Identity` (``decisions``: its :func:`decisions_of`, when they are
    known already; ``seeded``: the deal of its ``Seed`` tag, when a replay has dealt it
    already, as :func:`seeded_deal` gives it: a seed is not dealt twice).

    >>> import gargon_notation as gg
    >>> text = '[Players "Ann" "Bob" "Cy"]\\n[Seed "x"]\\n1. Ann Y2!, Bob pass 1:R3 {R3}\\n*\\n'
    >>> identity(next(gg.loads(text, strict=True))).decisions
    ('Ann Y2', 'Bob pass 1')
    """
    try:
        header = read_header(record)
    except HeaderError:
        deal_tags = (tag for tag in record.tags if tag.name in _DEAL_TAGS)
        seats = "|".join(f"{tag.name}={tag.values}" for tag in deal_tags)
        deal = _written_deal(record, ())
    else:
        seats = f"{header.players}|{header.start}|{header.ruleset}"
        deal = _written_deal(record, header.players)
        if header.seed is not None:
            try:
                dealt = seeded or Deal.from_seed(
                    header.seed, len(header.players), header.shuffle, header.ruleset.hand_size
                )
            except ValueError:
                deal = f"seed {header.seed!r} {header.shuffle!r}"
            else:
                deal = _deal_text(dealt.hands, dealt.piles)
    if decisions is None:
        decisions = decisions_of(record)
    return Identity(f"{seats}\n{deal}", tuple(decisions))


def seeded_deal(outcome: Outcome) -> Deal | None:
    """The deal of a replayed record's ``Seed`` tag, as the replay dealt it (None without a
    seed, or a deal): for :func:`identity`.

    >>> import gargon_notation as gg
    >>> text = '[Players "Ann" "Bob" "Cy"]\\n[Seed "x"]\\n1. Ann Y2!, Bob pass 1:R3 {R3}\\n*\\n'
    >>> record = next(gg.loads(text, strict=True))
    >>> from gargon_notation.replay.walker import walk
    >>> outcome = walk(record)
    >>> seeded_deal(outcome) == Deal.from_seed("x", 3)
    True
    >>> identity(record, seeded=seeded_deal(outcome)) == identity(record)
    True
    """
    header = outcome.header
    if header is None or header.seed is None:
        return None
    return outcome.deal  # the seed's own deal (see replay.setup.build_deal)


def public_identity(
    record: GameRecord, header: Header, decisions: Sequence[str] | None = None
) -> Identity:
    """A record's :class:`Identity` as the table saw the game (``header`` is the record's):
    its seats, start player and rules, and its decisions, whatever it knows of the deal.  The
    records of every seat of one game, and a table record of it, have the same."""
    seats = f"{header.players}|{header.start}|{header.ruleset}"
    if decisions is None:
        decisions = decisions_of(record)
    return Identity(seats, tuple(decisions))


def decisions_of(record: GameRecord) -> tuple[str, ...]:
    """The decisions of ``record`` as its identities write them: each play, pass and battle's
    choice, in order, without the cards the table did not see."""
    decisions: list[str] = []
    for written in record.rounds:
        for action in written.actions:
            if isinstance(action, Play):
                decisions.append(f"{action.player} {' '.join(map(str, action.cards))}")
            elif isinstance(action, Pass):
                piles = " ".join(str(draw.pile) for draw in action.draws)
                decisions.append(f"{action.player} pass {piles}".rstrip())
        for battle in written.battles:
            decisions.extend(_battle_decisions(battle))
    return tuple(decisions)


def _deal_text(hands: Sequence[Sequence[AnyCard]], piles: Sequence[Sequence[AnyCard]]) -> str:
    rows = [" ".join(map(str, cards)) for cards in (*hands, *piles)]
    return "\n".join(rows)


def _written_deal(record: GameRecord, players: Sequence[str]) -> str:
    """The deal lines in seat order, as the seeded deal is written (so that a seed and the
    same deal written out in full are the same deal)."""
    hands: dict[str, Sequence[AnyCard]] = {}
    piles: dict[int, Sequence[AnyCard]] = {}
    for item in record.setup:
        if isinstance(item, WrittenDeal):
            hands[item.player] = item.cards
        else:
            piles[item.number] = item.cards
    names = [*players, *sorted(set(hands) - set(players))]
    if not hands and not piles:
        return ""
    return _deal_text(
        [hands.get(name, ()) for name in names], [piles.get(number, ()) for number in (1, 2)]
    )


def _battle_decisions(battle: Battle) -> Iterator[str]:
    yield f"fight {battle.colour.letter}"
    for draw in battle.draws:
        yield f"{draw.player} draws {'forgot' if draw.pile is None else draw.pile}"


class CopyKind(enum.Enum):
    """How a game copies another."""

    SAME = "same"
    """The same game (perhaps with other comments, annotations or tags)."""
    PREFIX = "prefix"
    """An unfinished record whose decisions begin the other game's."""
    VIEW = "view"
    """Another record of the same game that knows less of its deal (one seat's record, say),
    or as much and read after it: see :class:`Views`."""


OCCASION_TAGS = ("Event", "Site", "Date", "Round", "Table")
"""The tags that say where and when a game was played: copies of a game may differ in them."""

Occasion = tuple["str | None", ...]
"""A game's values of :data:`OCCASION_TAGS`, in that order (None: no such tag); ``()``: not
known."""

OCCASION_CHARACTERS = 80
"""The most characters of an occasion's value kept: a longer value is kept (and shown) cut,
ending in an ellipsis, so that a game read costs the same memory whatever its tags (a value
may be 100,000 characters long, 2,000,000 from JSON), and a copy's warning stays a line."""


def occasion_of(record: GameRecord) -> Occasion:
    """The values of a record's :data:`OCCASION_TAGS` (each value kept once, however many
    games hold it: a season's games share their Event and Round; one longer than
    :data:`OCCASION_CHARACTERS` cut to them).

    >>> from gargon_notation.notation import parse_game
    >>> occasion_of(parse_game('[Round "2"]\\n[Players "Ann" "Bob" "Cy"]\\n*\\n'))
    (None, None, None, '2', None)
    """
    values: list[str | None] = []
    for name in OCCASION_TAGS:
        tag = record.tag(name)
        if tag is None or not tag.values:
            values.append(None)
            continue
        value = tag.value
        if len(value) > OCCASION_CHARACTERS:
            value = value[: OCCASION_CHARACTERS - 1] + "\u2026"
        values.append(sys.intern(value))
    return tuple(values)


@attrs.frozen
class Copy(Generic[L]):
    """The game at ``location`` copies the game at ``of`` (the first of them read).

    ``occasions`` are, for the same game read again where it was told where and when each
    was played (``gargon standings``, ``ratings`` and ``stats``), the tags of
    :data:`OCCASION_TAGS` in which they differ: ``(name, this game's value, the value of the
    game at of)``, None for a tag a game does not have."""

    location: L
    kind: CopyKind
    of: L
    occasions: tuple[tuple[str, str | None, str | None], ...] = attrs.field(
        default=(), kw_only=True
    )

    def __str__(self) -> str:
        how = {
            CopyKind.SAME: "the same game as",
            CopyKind.PREFIX: "an unfinished copy of",
            CopyKind.VIEW: "a view of the same game as",
        }[self.kind]
        return f"game {self.location} is {how} game {self.of}"


class Duplicates(Generic[L]):
    """Finds copies over readings of the same games, in the same order.

    Show every game to :meth:`see` (its :attr:`Identity.digest`), then, when
    :attr:`prefixes` says a game may be an unfinished copy, every game to :meth:`cover` (its
    :meth:`Identity.digests`), then ask :meth:`copy_of` for each (with the digest it was
    seen with, so that the last reading need not read the records again); a location names
    one game (a file and a game number, say).  Only digests are given, so that the
    identities can be made elsewhere (in worker processes, say).
    """

    def __init__(self) -> None:
        self._first: dict[bytes, tuple[L, bool]] = {}  # digest: first location, unfinished
        self._covered: dict[bytes, tuple[L, int]] = {}  # digest: longer game, its length
        self.prefixes = False
        """Whether a game seen (the first of its copies) is unfinished, and may then be an
        unfinished copy of another: else :meth:`cover` finds nothing and can be skipped."""

    def see(self, location: L, digest: bytes, finished: bool) -> None:
        """First reading: remember the game by the :attr:`Identity.digest` of its record."""
        if digest not in self._first:
            self._first[digest] = (location, not finished)
            self.prefixes = self.prefixes or not finished

    def cover(self, location: L, digests: Sequence[bytes]) -> None:
        """Second reading: the unfinished games this game continues (``digests`` are the
        :meth:`Identity.digests` of its record)."""
        length = len(digests) - 1
        for digest in digests[:-1]:
            first = self._first.get(digest)
            if first is None or not first[1]:
                continue
            covered = self._covered.get(digest)
            if covered is None or covered[1] < length:
                self._covered[digest] = (location, length)

    def copy_of(self, location: L, digest: bytes, finished: bool) -> Copy[L] | None:
        """Last reading: what this game copies, or None for a game to keep."""
        first = self._first.get(digest)
        if first is not None and first[0] != location:
            return Copy(location, CopyKind.SAME, first[0])
        covered = self._covered.get(digest)
        if covered is not None and not finished:
            return Copy(location, CopyKind.PREFIX, covered[0])
        return None


class Once(Generic[L]):
    """Counts each game once over one reading (``gargon standings``, ``ratings`` and
    ``stats``): shown each game's :attr:`Identity.digest` in turn, it tells the same game
    read again, and where it was read first.  It keeps a game's digest, its location and
    the values of its :data:`OCCASION_TAGS` (each value once, however many games share it:
    about 200 bytes a game in all).  An unfinished copy is not the same game: it is left to
    what counts unfinished games.
    """

    def __init__(self) -> None:
        self._first: dict[bytes, tuple[L, Occasion]] = {}

    def copy_of(self, location: L, digest: bytes, occasion: Occasion = ()) -> Copy[L] | None:
        """The game at ``location`` as a copy of the same game read before, or None for a
        game not read before (remembered at ``location``, with its ``occasion``, the values
        of its :data:`OCCASION_TAGS`: a copy then says those in which the two differ).

        >>> once: Once[str] = Once()
        >>> once.copy_of("a:1", b"x", (None, None, None, "1", None)) is None
        True
        >>> once.copy_of("a:9", b"x", (None, None, None, "2", None)).occasions
        (('Round', '2', '1'),)
        """
        first = self._first.get(digest)
        if first is None:
            self._first[digest] = (location, occasion)
            return None
        of, first_occasion = first
        return Copy(location, CopyKind.SAME, of, occasions=_differing(occasion, first_occasion))


def _differing(mine: Occasion, theirs: Occasion) -> tuple[tuple[str, str | None, str | None], ...]:
    """The tags of :data:`OCCASION_TAGS` in which two games' occasions differ, with both
    values (none when either is not known)."""
    if not mine or not theirs:
        return ()
    pairs = zip(OCCASION_TAGS, mine, theirs, strict=True)
    return tuple((name, one, other) for name, one, other in pairs if one != other)


@attrs.frozen
class View:
    """A record's game as the table saw it, and what the record knows of its deal: ``digest``
    (16 bytes of its :func:`public_identity`), its ``deal``
    (:func:`~gargon_notation.archive.deals.knowledge`) and whether its deal is ``written``
    whole (dealt from a ``Seed`` or written out in full, not only learnt from the draws);
    its ``occasion`` (:func:`occasion_of`), which does not make it another game's."""

    digest: bytes
    deal: bytes = attrs.field(repr=False)
    written: bool = False
    occasion: Occasion = attrs.field(default=(), eq=False, repr=False)

    @property
    def knows(self) -> tuple[int, bool]:
        """How much the record knows of the deal: the cards it knows in full, then whether its
        deal is written whole (a ``Seed`` over a merge that learnt every card from the draws)."""
        return deals.known(self.deal), self.written

    @property
    def whole(self) -> bool:
        """Whether no record of the game can know more of the deal than this one."""
        return self.written


def view_of(
    record: GameRecord, header: Header, deal: Deal, decisions: Sequence[str] | None = None
) -> View:
    """The :class:`View` of ``record``, given its ``header`` and ``deal`` (as a walk sets the
    table with them) and, when known already, its :func:`decisions_of`."""
    knowledge = deals.knowledge(record, deal)
    digest = public_identity(record, header, decisions).digest
    return View(digest, knowledge, deal.fully_known, occasion_of(record))


@attrs.define(eq=False)
class Viewed(Generic[L]):
    """One game as the records read of it so far saw it: their ``deal`` together, the record
    ``counted`` (the one that ``knows`` the most of the deal, see :attr:`View.knows`, the
    first read of equals), and whether that is ``final``: its deal is written whole, or the
    reading is over (:meth:`Views.close`), so that no later record is counted in its place;
    the ``occasion`` of the record counted."""

    deal: bytes
    counted: L
    knows: tuple[int, bool]
    final: bool
    occasion: Occasion = ()

    def take(self, location: L, view: View) -> bool:
        """Add the record at ``location`` when it can be a view of this game (a deal that
        fits both: its tags, ``Round`` or ``Date`` say, do not count); whether it could."""
        deal = deals.join(self.deal, view.deal)
        if deal is None:
            return False
        self.deal = deal
        if view.knows > self.knows and not self.final:
            self.counted, self.knows, self.final = location, view.knows, view.whole
            self.occasion = view.occasion
        return True


class Views(Generic[L]):
    """Tells the records of one game over one reading (``gargon standings``, ``ratings`` and
    ``stats``): records of the same :func:`public_identity` (the same seats, start player,
    rules and decisions, as the table saw them) whose deals fit one deal (a card known in both
    is the same card) are views of one game, whatever their tags (a ``Round`` or ``Date``
    written otherwise is a slip, as it is for copies, see :func:`identity`): one seat's
    record, the merge of several, a table record.  The game is counted once, from the record
    that knows the most of its deal (a table record over a merge over one seat's), the first
    read of equals.  Each record must be shown at a location of its own (two records at one
    location are one record).

    It keeps, a game, a 16-byte digest, a byte a card of its deal and where its counted
    record is.  Show each record with :meth:`add`; a game's record counted
    is known for good once :attr:`Viewed.final` (no record can know more), else only once
    every record is read (:meth:`close`).

    >>> import gargon_notation as gg
    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.replay import walk
    >>> from gargon_notation.seats import seat_record
    >>> table = gg.record_from_simulation(simulate(3, "views"))
    >>> views: Views[str] = Views()
    >>> for where, record in [("ann", seat_record(table, 0)), ("table", table)]:
    ...     outcome = walk(record)
    ...     game = views.add(where, view_of(record, outcome.header, outcome.deal))
    ...     print(where, game.counted, game.final, Views.copy_of(where, game))
    ann ann False None
    table table True None
    >>> print(Views.copy_of("ann", game))
    game ann is a view of the same game as game table
    """

    def __init__(self) -> None:
        self._games: dict[bytes, list[Viewed[L]]] = {}

    def add(self, location: L, view: View) -> Viewed[L]:
        """The game of the record at ``location``, with this record added."""
        games = self._games.setdefault(view.digest, [])
        for game in games:
            if game.take(location, view):
                return game
        game = Viewed(view.deal, location, view.knows, view.whole, view.occasion)
        games.append(game)
        return game

    def close(self) -> None:
        """Every record is read: each game's record counted is final."""
        for games in self._games.values():
            for game in games:
                game.final = True

    @staticmethod
    def copy_of(location: L, game: Viewed[L], occasion: Occasion = ()) -> Copy[L] | None:
        """The record at ``location`` of ``game`` as a view of the record counted, or None
        for the record counted (as far as the records read so far tell); given the record's
        ``occasion`` (its :attr:`View.occasion`), the view says the tags in which it differs
        from the record counted (:attr:`Copy.occasions`)."""
        if game.counted == location:
            return None
        differing = _differing(occasion, game.occasion)
        return Copy(location, CopyKind.VIEW, game.counted, occasions=differing)


def find_copies(games: Callable[[], Iterable[tuple[L, GameRecord]]]) -> list[Copy[L]]:
    """Every game that copies another, in reading order; ``games()`` starts a new reading of
    ``(location, record)`` pairs, the same each time (it is called twice, or once when no
    game is unfinished).

    Raises :class:`~gargon_notation.errors.ArgumentError` for the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read in place
    of a record (as lenient :func:`~gargon_notation.files.load` gives it: leave those out),
    :class:`TypeError` for anything else that is not a record.
    """
    duplicates: Duplicates[L] = Duplicates()
    seen = []
    for location, record in games():
        if type(record) is not GameRecord:
            record = record_argument(record, "find_copies", f"the record of {location}")
        finished = record.termination.finished
        digest = identity(record).digest
        duplicates.see(location, digest, finished)
        seen.append((location, digest, finished))
    if duplicates.prefixes:
        for location, record in games():
            duplicates.cover(location, tuple(identity(record).digests()))
    found = []
    for location, digest, finished in seen:
        copy = duplicates.copy_of(location, digest, finished)
        if copy is not None:
            found.append(copy)
    return found
