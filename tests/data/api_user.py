"""A user's script on the front door: CI checks it with ``mypy --strict --disallow-any-expr``
(no ``Any`` may leak from the library, the extras' ``gg.arrow`` and ``gg.dask`` included),
and tests/test_api.py runs it."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import gargon_notation as gg


class Cautious:
    """Passes when it can, plays its weakest play otherwise; fights in its strongest colour."""

    def choose(self, view: gg.SeatView) -> gg.Action:
        legal = view.legal_actions
        passes = [action for action in legal if isinstance(action, gg.Pass)]
        if passes:
            return max(passes, key=drawn)
        plays = [action for action in legal if isinstance(action, gg.Play)]
        if plays:
            return min(plays, key=strength)
        return legal[0]


def drawn(action: gg.Pass) -> int:
    return len(action.piles)


def strength(play: gg.Play) -> int:
    values: list[int] = [card.value for card in play.cards]
    return sum(values)


def winners(archive: Path) -> Counter[str]:
    """How many games each player won in an archive of .ggn files."""
    count: Counter[str] = Counter()
    for path in sorted(archive.glob("*.ggn")):
        for record in gg.load(path):
            if isinstance(record, gg.NotationError):
                print(f"{path}: {record.line}:{record.column}: {record.message}", file=sys.stderr)
                continue
            verdict: gg.Verdict = gg.validate(record)
            for problem in verdict.problems:
                print(problem.code, problem.line, str(problem), file=sys.stderr)
            count.update(verdict.winners)
    return count


def table_after_round_three(path: Path) -> gg.GameState:
    record = next(iter(gg.load(path, strict=True)))
    assert isinstance(record, gg.GameRecord)
    event: str | None = record.headers.get("Event")
    print(event, record.headers.values_of("Players"))
    result: gg.Replay = gg.replay(record)
    for step in result.steps:
        for happened in step.events:
            if isinstance(happened, gg.BattleResolved) and happened.winner is not None:
                won: tuple[gg.Card, ...] = happened.won
                print(happened.colour.value, happened.winner, [str(card) for card in won])
    return result.state_after_round(3)


def match(games: int) -> dict[str, int]:
    wins = {"cautious": 0, "greedy": 0}
    for k in range(games):
        bots: list[gg.Bot] = [
            Cautious() if seat % 2 else gg.GreedyBot(gg.Rng(f"m{k}/{seat}")) for seat in range(4)
        ]
        game = gg.simulate(4, f"m{k}", bots=bots).game
        for seat in game.score().winners:
            wins["cautious" if seat % 2 else "greedy"] += 1
        copy = game.copy()
        assert copy.is_over
    return wins


def archive_figures(archive: Path) -> list[str]:
    """Four-player games with a sweep, each player's wins, and copies, over an archive."""
    found: list[str] = []
    query: gg.Query = gg.Query.where(players=4, has="sweep", finished=True)
    for selection in gg.select_games(gg.read_archive([archive]), query):
        game: gg.ArchiveGame = selection.game
        if selection.kept and game.raw is not None:
            found.append(f"{game.where} {len(game.raw)} bytes")
    stats: gg.Stats = gg.archive_stats(gg.read_archive([archive]), by="player")
    found += [f"{row.key}: {row.figures.wins}" for row in stats.rows]

    def readings() -> list[tuple[str, gg.GameRecord]]:
        return [(game.where, game.record()) for game in gg.read_archive([archive])]

    copies: list[gg.Copy[str]] = gg.find_copies(readings)
    found += [f"{copy.location} {copy.kind.value} {copy.of}" for copy in copies]
    return found


def table_rows(archive: Path) -> dict[str, int]:
    """The rows of each table of an archive, from its Arrow record batches."""
    rows: dict[str, int] = {}
    for name, batch in gg.arrow.batches(gg.arrow.games_of([archive])):
        rows[name] = rows.get(name, 0) + batch.num_rows
    columns: list[str] = gg.arrow.schema_for("games").names
    rows["games' columns"] = len(columns)
    return rows


def cluster_winners(archive: Path) -> list[str]:
    """Where the games won by Bernd are, validated on Dask (its synchronous scheduler)."""
    games = gg.dask.read(str(archive), blocksize="4 KiB")
    parts: int = games.npartitions
    first: tuple[gg.dask.GameItem, ...] = games.take(1)
    verdicts = gg.dask.validate(games).filter(lambda v: v.winners == ("Bernd",))
    won: list[gg.Verdict] = verdicts.compute(scheduler="sync")
    return [f"{parts} parts, first {first[0].source}"] + [f"{v.source}:{v.game}" for v in won]


def main() -> None:
    root = Path(__file__).parent.parent.parent
    print(winners(root / "examples").most_common())
    state = table_after_round_three(root / "examples" / "full-game.ggn")
    print(state.round, [len(hand) for hand in state.hands])
    action = gg.parse_action("Bernd pass 1 1 2", state.names)
    print(gg.format_action(action, state.names), gg.parse_card("R14"))
    print(gg.dumps(gg.record_from_simulation(gg.simulate(3, "x")), format="json")[:40])
    print(match(3))
    print(archive_figures(root / "examples"))
    print(table_rows(root / "examples"))
    print(cluster_winners(root / "examples"))


if __name__ == "__main__":
    main()
