"""The table's picture (``gargon_notation.web.svg``, ``gargon svg``, ``_repr_svg_``): a
well-formed standalone SVG that shows exactly the table it is given, and for a seat nothing
that seat could not see.

``GARGON_FUZZ=heavy`` checks 30 simulated games (every step, every seat) for hidden values
instead of one.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from conftest import sized_deal
from typer.testing import CliRunner, Result

import gargon_notation as gg
from gargon_notation.cards import Card, hand_order
from gargon_notation.cli import app
from gargon_notation.engine.wording import count_of
from gargon_notation.web.layout import CARD_W, MIN_STEP, PAD, PANEL_W
from gargon_notation.web.palette import PALETTE, SEAT_INKS, UNKNOWN_LOOK
from gargon_notation.web.svg import FONT, table_svg

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
DATA = Path(__file__).resolve().parent / "data" / "cli"
NS = "{http://www.w3.org/2000/svg}"
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
SEAT_GAMES = [(3 + k % 3, f"svg.{k}") for k in range(30)] if HEAVY else [(5, "s4")]
"""The simulated games whose every step every seat's picture is checked for hidden values."""
CARD_TOKEN = re.compile(r"(?<![\w#])[WBVYRG](?:1[0-5]|[0-9])(?!\d)")


def full_game() -> gg.Replay:
    return gg.replay(next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True)))


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def player(root: ET.Element, seat: int) -> ET.Element:
    found = root.findall(f"{NS}g[@class='player'][@data-seat='{seat}']")
    assert len(found) == 1
    return found[0]


def part(panel: ET.Element, name: str) -> ET.Element:
    found = panel.find(f"{NS}g[@class='{name}']")
    assert found is not None
    return found


def card_groups(element: ET.Element) -> list[ET.Element]:
    return [g for g in element.iter(f"{NS}g") if g.get("class") in ("card", "card back")]


def shown(element: ET.Element) -> list[str]:
    """The cards drawn inside ``element``, as written (R14, R?, X?), in drawing order."""
    return [g.get("data-card", "") for g in card_groups(element)]


def texts(element: ET.Element) -> list[str]:
    return [text.text or "" for text in element.iter(f"{NS}text")]


def label(panel: ET.Element, start: str) -> str:
    """The one text of ``panel`` that begins with ``start``."""
    found = [text for text in texts(panel) if text.startswith(start)]
    assert len(found) == 1
    return found[0]


def written(card: str) -> list[str]:
    """What a card drawn from ``card`` must say: value, letter and symbol, symbol; a back only
    its letter and symbol (a card of unknown colour: a question mark)."""
    parsed = gg.parse_card(card)
    if parsed.colour is None:
        return [UNKNOWN_LOOK.symbol]
    mark = parsed.colour.letter + PALETTE[parsed.colour].symbol
    if isinstance(parsed, Card):
        return [str(parsed.value), mark, PALETTE[parsed.colour].symbol]
    return [mark]


def values_in(picture: str) -> set[str]:
    """Every known card the picture's text names anywhere (attributes, titles, words), after
    checking that every bare number it writes is the value on a card face that says so."""
    faces = re.findall(r'<g class="card" data-card="([^"]+)"[^>]*>\s*<rect[^>]*/>\s*'
                       r"<text[^>]*>(\d+)</text>", picture)  # fmt: skip
    assert all(card[1:] == value for card, value in faces)
    assert len(faces) == len(re.findall(r">\d+</text>", picture))
    return set(CARD_TOKEN.findall(picture))


def known(view: gg.SeatView) -> set[str]:
    """The known cards a seat's view holds anywhere."""
    places = [*view.hands, *view.front, *(p for p in view.played if p), *view.won, view.discard]
    return {str(card) for cards in places for card in cards if isinstance(card, Card)}


def states(result: gg.Replay) -> Iterator[tuple[int, gg.Game]]:
    """The game after each step of a replay, from the deal on (the same game, pushed on)."""
    game = result.fresh_game()
    yield 0, game
    for number, step in enumerate(result.steps, start=1):
        game.push(step.action)
        yield number, game


# -- the document ------------------------------------------------------------------------


def test_a_standalone_accessible_svg() -> None:
    result = full_game()
    picture = table_svg(result.state_after(27), step=27)
    root = parse(picture)
    assert picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 948 ')
    assert picture.endswith("</svg>\n")
    width, height = map(int, root.get("viewBox", "").split()[2:])
    assert (root.get("width"), root.get("height")) == (str(width), str(height))
    assert root.get("font-family") == FONT and root.get("role") == "img"
    assert [child.tag for child in root][:2] == [f"{NS}title", f"{NS}desc"]
    assert root[0].text == "Gargon, round 4, step 27: everything the record knows"
    description = root[1].text or ""
    assert description.startswith("Gargon, round 4, step 27, everything the record knows: ")
    assert "Collette: 2 cards in hand (V0 Y1); in front: not played yet; won 8 cards; " in (
        description
    )
    assert "Pile 1: 20 cards; pile 2: 20 cards; discard: 4 cards." in description
    assert not re.search(r"href|url\(|@import|<image|<script|<style|<foreignObject", picture)
    assert all(element.tag.startswith(NS) for element in root.iter())
    assert 10_000 < len(picture.encode("utf-8")) < 60_000


def test_names_and_every_text_are_escaped() -> None:
    # a name holding a control character is refused at the table; U+FFFE is none, but
    # no XML either
    names = ('<Ann & "Bo">', "Cy\ufffe", "Dé]]>")
    game = gg.Game.new(gg.Deal.from_seed("escape", players=3), names=names)
    root = parse(table_svg(game.snapshot()))
    cleaned = ['<Ann & "Bo">', "Cy\ufffd", "Dé]]>"]
    for seat, name in enumerate(cleaned):
        panel = player(root, seat)
        assert panel.get("data-player") == name
        assert texts(panel)[0] == name
    assert '<Ann & "Bo"> to play or pass' in (root[0].text or "") + (root[1].text or "")


def test_the_same_table_gives_the_same_bytes() -> None:
    first, second = full_game(), full_game()
    for step in (0, 27, 73):
        assert table_svg(first.state_after(step), step=step) == table_svg(
            second.state_after(step), step=step
        )
        assert table_svg(first.state_after(step), 2) == table_svg(second.state_after(step), 2)


# -- what it shows -----------------------------------------------------------------------


def test_each_panel_shows_that_players_cards_where_expected() -> None:
    state = full_game().state_after_round(3)
    root = parse(table_svg(state, step=27))
    totals = state.score().totals
    for seat, name in enumerate(state.names):
        panel = player(root, seat)
        assert panel.get("data-player") == name
        name_text = panel.find(f"{NS}text[@class='name']")
        assert name_text is not None and name_text.text == name
        assert name_text.get("fill") == SEAT_INKS[seat]
        hand = part(panel, "hand")
        assert shown(hand) == [str(card) for card in hand_order(state.hands[seat])]
        assert shown(part(panel, "front")) == []
        chips = part(panel, "won").findall(f"{NS}g[@class='won-colour']")
        won = [card.split() for card in (chip.get("data-cards", "") for chip in chips)]
        assert sorted(c for cards in won for c in cards) == sorted(map(str, state.won[seat]))
        assert all(len({card[0] for card in cards}) == 1 for cards in won)  # one colour a chip
        for chip, cards in zip(chips, won, strict=True):
            look = PALETTE[gg.Colour.from_letter(cards[0][0])]
            count = f"\N{MULTIPLICATION SIGN}{len(cards)}"
            assert texts(chip)[0] == f"{cards[0][0]}{look.symbol} {count}"
        points = panel.find(f"{NS}text[@class='points']")
        assert points is not None and points.text == f"{totals[seat]} pts"
    collette = player(root, 2)
    assert shown(part(collette, "hand")) == ["V0", "Y1"]
    assert [texts(card) for card in card_groups(part(collette, "hand"))] == [
        ["0", "V✦", "✦"],
        ["1", "Y●", "●"],
    ]


def test_every_card_says_what_it_is_not_by_colour_alone() -> None:
    """Known cards, backs of a known colour (a record taken at the table) and cards of
    unknown colour (a record without its deal) each say what they are in letters."""
    table = next(gg.load(ROOT / "examples" / "table-record.ggn", strict=True))
    rulebook = next(gg.load(ROOT / "examples" / "rulebook-round.ggn", strict=True))
    cards = [
        card
        for record in (table, rulebook)
        for card in card_groups(parse(table_svg(gg.replay(record).state_after(7))))
    ]
    drawn = {card.get("data-card", "") for card in cards}
    assert {"R?", "X?", "R14", "W14"} <= drawn
    for card in cards:
        assert texts(card) == written(card.get("data-card", ""))
        is_back = card.get("class") == "card back"
        assert is_back == card.get("data-card", "").endswith("?")


def test_the_table_piles_and_discard() -> None:
    state = full_game().state_after_round(3)
    root = parse(table_svg(state, step=27))
    table = root.find(f"{NS}g[@class='table']")
    assert table is not None
    assert texts(table)[:3] == [
        "Round 4, step 27",
        "▶ Dagmar to play or pass",
        "everything the record knows",
    ]
    piles = {pile.get("data-pile"): pile for pile in table.iter(f"{NS}g") if pile.get("data-pile")}
    assert {name: pile.get("data-count") for name, pile in piles.items()} == {
        "pile 1": "20",
        "pile 2": "20",
        "discard": "4",
    }
    for number in (1, 2):
        top = [str(card)[0] + "?" for card in state.piles[number - 1][:5]]
        assert shown(piles[f"pile {number}"]) == top[::-1]  # drawn bottom first, top last
    assert shown(piles["discard"]) == ["V10"]


def test_whose_turn_is_written_beside_a_symbol_and_the_winner_at_the_end() -> None:
    result = full_game()
    root = parse(table_svg(result.state_after(27)))
    marks = {seat: texts(player(root, seat))[2] for seat in range(4)}
    assert marks == {0: "", 1: "", 2: "", 3: "▶ to play or pass   ⚑ started the round"}
    frames = [player(root, seat).find(f"{NS}rect") for seat in range(4)]
    assert [frame.get("stroke-width") for frame in frames if frame is not None] == [
        "1.5",
        "1.5",
        "1.5",
        "4",
    ]
    end = parse(table_svg(result.state_after(len(result.steps))))
    assert "♛ winner" in texts(player(end, 0))[2]  # Adam, 36 points
    assert not any("♛" in text for seat in (1, 2, 3) for text in texts(player(end, seat)))
    assert "■ the game is over" in texts(end)


def test_cards_in_front_face_down_then_face_up() -> None:
    result = full_game()
    state = result.state_after(1)  # Adam has played, face down
    referee = parse(table_svg(state))
    assert shown(part(player(referee, 0), "front")) == [str(c) for c in state.front[0]]
    assert label(player(referee, 0), "In front").startswith("In front, face down · ")
    bernd = parse(table_svg(state, 1))
    assert {card[1] for card in shown(part(player(bernd, 0), "front"))} == {"?"}
    battle = next(k for k in range(len(result.steps)) if _battle(result.state_after(k)))
    seen = parse(table_svg(result.state_after(battle), 1))
    fronts = [shown(part(player(seen, seat), "front")) for seat in range(4)]
    assert any(fronts) and all(not card.endswith("?") for front in fronts for card in front)


def _battle(state: gg.GameState) -> bool:
    return state.to_act is not None and state.to_act.kind is gg.DecisionKind.CHOOSE


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_four_and_five_players_sit_around_the_table(players: int) -> None:
    state = gg.simulate(players, f"around.{players}").game.snapshot()
    root = parse(table_svg(state))
    width, height = map(float, (root.get("viewBox") or "").split()[2:])
    boxes = []
    for group in root.findall(f"{NS}g"):
        match = re.fullmatch(r"translate\((\d+) (\d+)\)", group.get("transform", ""))
        frame = group.find(f"{NS}rect")
        assert match is not None and frame is not None
        x, y = map(int, match.groups())
        w, h = int(frame.get("width", "0")), int(frame.get("height", "0"))
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height
        boxes.append((x, y, x + w, y + h))
    assert len(boxes) == players + 1  # the table and a panel a player
    for k, (a, b, c, d) in enumerate(boxes):
        for e, f, g, h in boxes[k + 1 :]:
            assert c <= e or g <= a or d <= f or h <= b  # no two overlap
    assert [player(root, seat).get("data-player") for seat in range(players)] == list(state.names)


def test_a_big_hand_wraps_inside_its_panel() -> None:
    deal = sized_deal(["", "", "", "", ""], hand_size=20)  # and one card in each pile
    game = gg.Game.new(deal, 0, gg.Ruleset(hand_size=20))
    root = parse(table_svg(game.snapshot()))
    panel = player(root, 0)
    hand = card_groups(part(panel, "hand"))
    assert len(hand) == 20
    places = []
    for card in hand:
        match = re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\)", card.get("transform", ""))
        assert match is not None
        places.append((float(match.group(1)), float(match.group(2))))
    rows = sorted({y for _, y in places})
    assert len(rows) == 2
    for row in rows:
        xs = sorted(x for x, y in places if y == row)
        assert xs[0] == PAD and xs[-1] + CARD_W <= PANEL_W - PAD
        assert min(b - a for a, b in itertools.pairwise(xs)) >= MIN_STEP
    front = [text for text in panel.iter(f"{NS}text") if (text.text or "").startswith("In front")]
    assert float(front[0].get("y", "0")) > rows[-1] + 44  # below the second row of cards


# -- what a seat saw ---------------------------------------------------------------------


def test_a_seat_sees_its_hand_and_the_others_backs() -> None:
    state = full_game().state_after_round(3)
    root = parse(table_svg(state, 1, step=27))
    assert root[0].text == "Gargon, round 4, step 27: as Bernd saw it"
    assert shown(part(player(root, 1), "hand")) == [str(c) for c in hand_order(state.hands[1])]
    assert shown(part(player(root, 2), "hand")) == ["V?", "Y?"]
    assert "◉ this view" in texts(player(root, 1))[2]
    points = [player(root, seat).find(f"{NS}text[@class='points']") for seat in range(4)]
    own = f"{state.score().totals[1]} pts"
    assert [p.text for p in points if p is not None] == ["? pts", own, "? pts", "? pts"]
    assert "Others' points hidden: won cards lie face down." in texts(root)
    bottom = player(root, 1).get("transform")
    assert bottom == player(parse(table_svg(state)), 0).get("transform")  # Bernd at the bottom


def test_a_seat_is_told_the_final_totals() -> None:
    result = full_game()
    game = result.fresh_game()
    for step in result.steps:
        game.push(step.action)
    for picture in (table_svg(game.view(3)), table_svg(game.snapshot(), 3)):
        root = parse(picture)
        points = [player(root, seat).find(f"{NS}text[@class='points']") for seat in range(4)]
        assert [p.text for p in points if p is not None] == ["36 pts", "27 pts", "22 pts", "22 pts"]
        assert "♛ winner" in texts(player(root, 0))[2]
    before = parse(table_svg(result.state_after(len(result.steps) - 1), 3))
    assert "? pts" in texts(player(before, 0))


@pytest.mark.slow
def test_a_seat_counts_its_own_points_at_every_step() -> None:
    """Its own won cards it knows, and the others' count in its points only by how many of
    each colour they won, which their backs show: its running total is the table's, as the
    viewer's seat view shows it (every seat's points were hidden, its own included); the
    others' stay hidden until the game ends."""
    result = full_game()
    last = len(result.steps)
    for step in range(last + 1):
        state = result.state_after(step)
        totals = state.score().totals
        for seat in range(4):
            root = parse(table_svg(state, seat, step=step))
            points = [player(root, n).find(f"{NS}text[@class='points']") for n in range(4)]
            expected = [
                f"{total} pts" if n == seat or step == last or not state.won[n] else "? pts"
                for n, total in enumerate(totals)
            ]
            assert [p.text for p in points if p is not None] == expected, (step, seat)
            assert f"won {count_of(len(state.won[seat]), 'card')}; " + (
                count_of(totals[seat], "point")
            ) in (root[1].text or "")


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), SEAT_GAMES, ids=[s for _, s in SEAT_GAMES])
def test_a_seat_picture_shows_no_value_hidden_from_that_seat(players: int, seed: str) -> None:
    """Every step, every seat: the known cards the picture names anywhere are among those
    the seat's view holds, drawn from the whole state with ``seat`` and from the view; the
    referee's picture at the same moments does name hidden values (the check can fail)."""
    result = gg.replay(gg.record_from_simulation(gg.simulate(players, seed)))
    assert result.valid
    caught = False
    for number, game in states(result):
        state = game.snapshot()
        everything = set() if caught else values_in(table_svg(state, step=number))
        for seat in range(players):
            view = game.view(seat)
            allowed = known(view)
            assert values_in(table_svg(state, seat, step=number)) <= allowed
            if number % 10 == 0:
                assert values_in(table_svg(view, step=number)) <= allowed
            caught = caught or not everything <= allowed
    assert caught


def test_a_view_of_another_seat_or_no_seat_is_refused() -> None:
    game = gg.Game.new(gg.Deal.from_seed("gargon", players=3))
    with pytest.raises(ValueError, match="this view is seat 0's, not seat 1's"):
        table_svg(game.view(0), 1)
    with pytest.raises(ValueError, match="no seat 3"):
        table_svg(game.snapshot(), 3)


# -- every example, notebooks and the front door ----------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_every_example_at_every_round_end(path: Path) -> None:
    for record in gg.load(path, strict=True):
        result = gg.replay(record)
        for step in sorted(set(result.round_ends.values())):
            state = result.state_after(step)
            root = parse(table_svg(state, step=step))
            for seat in range(state.players):
                hand = shown(part(player(root, seat), "hand"))
                assert hand == [str(card) for card in hand_order(state.hands[seat])]
            assert (root[0].text or "").startswith(f"Gargon, round {state.round}, step {step}")


def test_states_and_views_draw_themselves_in_notebooks() -> None:
    game = gg.Game.new(gg.Deal.from_seed("notebook", players=4))
    game.push(game.legal_actions()[0])
    assert game.snapshot()._repr_svg_() == table_svg(game.snapshot())
    assert game.view(2)._repr_svg_() == table_svg(game.view(2)) == table_svg(game.snapshot(), 2)
    assert gg.table_svg is table_svg


# -- gargon svg --------------------------------------------------------------------------


def gargon(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def test_svg_prints_the_picture_of_the_moment_asked() -> None:
    result = full_game()
    path = ROOT / "examples" / "full-game.ggn"
    printed = gargon("svg", path, "--round", "3")
    assert printed.exit_code == 0, printed.output
    assert printed.stdout == table_svg(result.state_after(27), step=27)
    by_step = gargon("svg", path, "--step", "12", "--seat", "Bernd")
    assert by_step.stdout == table_svg(result.state_after(12), 1, step=12)
    end = gargon("svg", path)
    assert end.stdout == table_svg(result.state_after(73), step=73)
    assert "■ the game is over" in end.stdout


def test_svg_writes_a_file(tmp_path: Path) -> None:
    target = tmp_path / "round-3.svg"
    target.write_text("old")
    printed = gargon("svg", ROOT / "examples" / "full-game.ggn", "-r", "3", "-o", target)
    assert printed.exit_code == 0 and printed.stdout == ""
    assert target.read_text(encoding="utf-8") == table_svg(full_game().state_after(27), step=27)
    assert [path.name for path in tmp_path.iterdir()] == ["round-3.svg"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--step", "74"], "gargon: --step 74: the game has steps 0-73"),
        (["--step", "-1"], "gargon: --step -1: the game has steps 0-73"),
        (["--round", "10"], "gargon: --round 10: the game has rounds 1-9"),
        (["--round", "1", "--step", "2"], "gargon: give --round or --step, not both"),
        (["--game", "2"], "gargon: --game 2: the file holds one game"),
        (
            ["--seat", "Bernhard"],
            "gargon: --seat Bernhard: Bernhard is not at this table (players: Adam, Bernd, "
            "Collette, Dagmar); did you mean Bernd?",
        ),
        (
            ["--seat", "bernd"],
            "gargon: --seat bernd: bernd is not at this table (players: Adam, Bernd, "
            "Collette, Dagmar); did you mean Bernd? (names are case-sensitive)",
        ),
        (
            ["-o", "no/such/directory/x.svg"],
            "gargon: no/such/directory/x.svg: no such folder no/such/directory: make it first, or "
            "write the result elsewhere with -o",
        ),
    ],
    ids=["step", "negative-step", "round", "both", "game", "seat", "seat-case", "output"],
)
def test_svg_refuses_bad_input_in_one_line(
    arguments: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    printed = gargon("svg", "examples/full-game.ggn", *arguments)
    assert printed.exit_code == 2
    assert printed.stdout == ""
    assert printed.stderr.startswith(message) and printed.stderr.count("\n") == 1
    assert printed.exception is None or isinstance(printed.exception, SystemExit)


def test_svg_of_a_missing_file() -> None:
    printed = gargon("svg", "no-such-file.ggn")
    assert (printed.exit_code, printed.stdout) == (2, "")
    assert printed.stderr == "gargon: no-such-file.ggn: no such file or directory\n"


def test_svg_of_an_invalid_record_draws_the_table_at_its_first_problem() -> None:
    record = next(gg.load(DATA / "round2.ggn"))
    assert isinstance(record, gg.GameRecord)
    result = gg.replay(record, game_number=1)
    broken = result.first_problem_at
    assert broken is not None
    for arguments in (["--round", "3"], [], ["--step", "50"]):
        printed = gargon("svg", DATA / "round2.ggn", *arguments)
        assert printed.exit_code == 1
        assert printed.stdout == table_svg(result.state_after(broken), step=broken)
        assert printed.stderr.startswith(
            "Invalid record (the picture is the table when the first problem was found); "
            "2 problems:\n"
        )
    earlier = gargon("svg", DATA / "round2.ggn", "--round", "1")
    assert earlier.exit_code == 1
    first = result.round_ends[1]
    assert first < broken
    assert earlier.stdout == table_svg(result.state_after(first), step=first)
    assert "a later point of the game holds problems" in earlier.stderr


# -- gargon svg of several games -----------------------------------------------------------

CLUB = ROOT / "examples" / "club-night.ggn"
FULL = ROOT / "examples" / "full-game.ggn"
RULEBOOK = ROOT / "examples" / "rulebook-round.ggn"


def replayed(path: Path, number: int = 1) -> gg.Replay:
    records = list(gg.load(path, strict=True))
    return gg.replay(records[number - 1], game_number=number)


def test_svg_of_several_games_writes_a_picture_of_each_into_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    printed = gargon("svg", CLUB, RULEBOOK, "--round", "1", "-o", "pictures")
    assert (printed.exit_code, printed.stderr) == (0, "")
    games = [(CLUB, 1), (CLUB, 2), (CLUB, 3), (RULEBOOK, 1)]
    lines = []
    for path, number in games:
        result = replayed(path, number)
        step = result.round_ends[1]
        name = f"{path.stem}-000{number}.svg"
        picture = (tmp_path / "pictures" / name).read_text(encoding="utf-8")
        assert picture == table_svg(result.state_after(step), step=step), name
        lines.append(f"pictures/{name}: {path} game {number}, step {step}")
    assert printed.stdout.splitlines() == lines
    assert len(list((tmp_path / "pictures").iterdir())) == 4


def test_svg_of_several_games_needs_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    alone = gargon("svg", "examples/club-night.ggn")
    assert (alone.exit_code, alone.stdout, alone.stderr) == (
        2,
        "",
        "gargon: examples/club-night.ggn holds several games: give -o DIR to write a picture "
        "of each, or --game N for one\n",
    )
    to_file = gargon("svg", "examples/club-night.ggn", "-o", tmp_path / "x.svg")
    assert (to_file.exit_code, to_file.stderr) == (
        2,
        f"gargon: -o {tmp_path / 'x.svg'}: examples/club-night.ggn holds several games: give "
        "a directory for a picture of each, or --game N for one\n",
    )
    two = gargon("svg", "examples/full-game.ggn", "examples/rulebook-round.ggn")
    assert (two.exit_code, two.stderr) == (
        2,
        "gargon: the 2 inputs hold several games: give -o DIR to write a picture of each\n",
    )
    picked = gargon("svg", "examples/full-game.ggn", "examples/rulebook-round.ggn", "-g", "1")
    assert picked.exit_code == 2
    assert picked.stderr.startswith("gargon: --game 1 picks a game of one file, but 2 were given")
    assert list(tmp_path.iterdir()) == []
    second = gargon("svg", "examples/club-night.ggn", "--game", "2")
    end = replayed(CLUB, 2)
    assert second.exit_code == 0
    assert second.stdout == table_svg(end.state_after(len(end.steps)), step=len(end.steps))


def test_svg_into_an_existing_directory_names_even_one_picture(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    printed = CliRunner().invoke(
        app, ["svg", "-", "--step", "12", "-o", str(tmp_path / "d")], input=FULL.read_text()
    )
    assert printed.exit_code == 0
    assert printed.stdout == f"{tmp_path / 'd' / 'stdin-0001.svg'}: <stdin> game 1, step 12\n"
    picture = (tmp_path / "d" / "stdin-0001.svg").read_text(encoding="utf-8")
    assert picture == table_svg(full_game().state_after(12), step=12)


def test_svg_of_several_games_reports_what_it_cannot_draw_and_draws_the_rest(
    tmp_path: Path,
) -> None:
    printed = gargon("svg", RULEBOOK, CLUB, "--game", "2", "--round", "3", "-o", tmp_path / "a")
    assert printed.exit_code == 2  # --game picks a game of one input
    printed = gargon("svg", CLUB, RULEBOOK, "--round", "2", "-o", tmp_path / "a")
    assert printed.exit_code == 2
    assert printed.stderr == f"gargon: {RULEBOOK} game 1: --round 2: the game has one round\n"
    assert len(list((tmp_path / "a").iterdir())) == 3
    unreadable = gargon("svg", DATA / "syntax.ggn", RULEBOOK, "-o", tmp_path / "c")
    assert unreadable.exit_code == 1
    assert unreadable.stderr.startswith(f"{DATA / 'syntax.ggn'}:3:25: expected a card like R14")
    assert [path.name for path in (tmp_path / "c").iterdir()] == ["rulebook-round-0001.svg"]


def test_svg_seat_of_several_games_draws_the_games_the_seat_played(tmp_path: Path) -> None:
    """The games Dagmar did not play are left out, named in one line, and the exit code is 0
    (it was 2, each such game reported as an error); a seat at no table is refused with the
    name it most likely means over every game."""
    seat = gargon("svg", RULEBOOK, CLUB, "--seat", "Dagmar", "-o", tmp_path / "b")
    assert seat.exit_code == 0
    assert seat.stderr == (
        f"note: --seat Dagmar: {CLUB} game 1 left out: Dagmar is not at its table\n"
    )
    assert sorted(path.name for path in (tmp_path / "b").iterdir()) == [
        "club-night-0002.svg",
        "club-night-0003.svg",
        "rulebook-round-0001.svg",
    ]
    emil = gargon("svg", CLUB, "--seat", "Emil")  # one game of his: no directory needed
    assert emil.exit_code == 0 and emil.stdout.startswith("<svg ")
    end = len(replayed(CLUB, 3).steps)
    assert emil.stdout == table_svg(replayed(CLUB, 3).state_after(end), 4, step=end)
    assert emil.stderr == (
        f"note: --seat Emil: {CLUB} games 1, 2 left out: Emil is not at their tables\n"
    )
    wrong = gargon("svg", RULEBOOK, CLUB, "--seat", "Emi", "-o", tmp_path / "c")
    assert (wrong.exit_code, wrong.stdout) == (2, "")
    assert wrong.stderr == (
        "gargon: --seat Emi: Emi is not at any table (players: Adam, Bernd, Collette, Dagmar, "
        "Emil); did you mean Emil?\n"
    )
    assert not (tmp_path / "c").exists()
    one = gargon("svg", CLUB, "--game", "1", "--seat", "Dagmar")
    assert (one.exit_code, one.stdout) == (2, "")
    assert one.stderr == (
        "gargon: --seat Dagmar: Dagmar is not at this table (players: Adam, Bernd, Collette)\n"
    )


def test_svg_refuses_two_inputs_that_would_write_the_same_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for folder, example in (("a", FULL), ("b", RULEBOOK)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.ggn").write_bytes(example.read_bytes())
    printed = gargon("svg", "a", "b", "-o", "out")
    assert (printed.exit_code, printed.stdout, printed.stderr) == (
        2,
        "",
        "gargon: -o out: a/x.ggn and b/x.ggn would both write x-NNNN.svg: draw them in "
        "separate runs, into separate directories\n",
    )
    assert not (tmp_path / "out").exists()


# -- the documentation's pictures --------------------------------------------------------


def test_the_documentation_pictures_are_up_to_date() -> None:
    """docs/images holds what tools/pictures.py draws now, which is what ``gargon svg``
    writes; the docs show them."""
    spec = importlib.util.spec_from_file_location("pictures", ROOT / "tools" / "pictures.py")
    assert spec is not None and spec.loader is not None
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    drawn = pictures.pictures()
    assert sorted(path.name for path in drawn) == sorted(pictures.PICTURES)
    for path, text in drawn.items():
        assert path.read_text(encoding="utf-8") == text, f"run tools/pictures.py: {path.name}"
    printed = gargon("svg", ROOT / "examples" / "full-game.ggn", "--round", "3", "--seat", "Bernd")
    assert printed.stdout == drawn[ROOT / "docs" / "images" / "full-game-round-3-bernd.svg"]
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in pictures.PICTURES:
        assert f"(images/{name})" in docs
    assert "(docs/images/full-game-round-3.svg)" in readme
