"""The viewer page in a real browser (issue #11): headless Chromium driven by selenium.

Every game of ``examples/`` and a few simulated games (200 of 3, 4 and 5 players with
``GARGON_FUZZ=heavy``) are stepped through from the first step to the last by the page's own
"next" button, as everyone and as one seat; at each step the cards the page shows in every
zone, the piles, the running score and whose turn it is must be what the library says
(``Replay.state_after`` and ``GameState.seen_by``, never the viewer's data), the final score
table must be ``gargon score --json``'s, and the browser must log no error.  As a seat (and on
a page made for one seat) the page may at no step show a value that seat had not seen by
then, and its hidden cards must offer, on hover, exactly the values
``GameState.possible(seat)`` gives.

The browser is Debian's ``chromium`` with its ``chromium-driver`` (or the paths in
``GARGON_CHROMIUM`` and ``GARGON_CHROMEDRIVER``), both given to selenium explicitly, so that
nothing is ever downloaded; without them the module is skipped.  One browser per test
worker.  The pages of ``standings``, ``ratings`` and ``stats --html`` are opened here too, to
check that they fit a phone's width.

The last part of the module reads the pages as assistive technology is given them:
Chromium's accessibility tree, what the live regions say while a key is held down, the
tables' row headers, and the report charts at twice the browser's text size
(``Page.setFontSizes``: the browser's own setting, not the page's style).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from in_process import gargon
from tournament import SPRING_CUP
from viewer_expect import allowed_values, expected_table, values_in

import gargon_notation as gg
from gargon_notation.web.palette import PALETTE

CHROMIUM = Path(os.environ.get("GARGON_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("GARGON_CHROMEDRIVER", "/usr/bin/chromedriver"))
if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
    pytest.skip(
        f"headless Chromium is not installed ({CHROMIUM}, {CHROMEDRIVER}): "
        "apt-get install chromium chromium-driver",
        allow_module_level=True,
    )
if importlib.util.find_spec("selenium") is None:
    pytest.skip("selenium is not installed", allow_module_level=True)


class _Imported:
    """``module.name``, imported when first used: selenium takes most of a second to import,
    which collecting the tests (every worker collects every module) need not wait for."""

    def __init__(self, module: str, name: str | None = None) -> None:
        self._where = (module, name)

    @functools.cached_property
    def _target(self) -> Any:
        module, name = self._where
        imported = importlib.import_module(module)
        return imported if name is None else getattr(imported, name)

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_"):  # what pytest asks of anything it collects
            raise AttributeError(attribute)
        return getattr(self._target, attribute)

    def __call__(self, *arguments: Any, **options: Any) -> Any:
        return self._target(*arguments, **options)


webdriver: Any = _Imported("selenium.webdriver")
Options: Any = _Imported("selenium.webdriver.chrome.options", "Options")
Service: Any = _Imported("selenium.webdriver.chrome.service", "Service")
By: Any = _Imported("selenium.webdriver.common.by", "By")
Keys: Any = _Imported("selenium.webdriver.common.keys", "Keys")
WebDriverWait: Any = _Imported("selenium.webdriver.support.ui", "WebDriverWait")

os.environ.setdefault("SE_OFFLINE", "true")  # selenium-manager, should it ever run: no network

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
SIMULATED = [(3 + k % 3, f"viewer.{k}") for k in range(200 if HEAVY else 1)]
"""(players, seed) of the simulated games: 200 with GARGON_FUZZ=heavy (the test is slow)."""
# Seconds to wait for the viewer to follow a click or a new address.  It answers in
# milliseconds; under the heavy profile's load on two cores, Chromium's events have been
# seen to take longer than 5 s, so the waits are generous and a real failure still fails.
PATIENCE = 30
POLL = 0.1
"""Seconds between two looks at what a wait waits for (selenium's own 0.5 s would add up to
half a second to each wait that does not find its page ready at once; 0.01 s, a hundred
calls a second through the driver, is more than a loaded machine should be asked)."""
DEFAULT_EXAMPLE = ("rulebook-round.ggn", 1)  # the shortest walk: one round
"""The example stepped through by default; the others are ``slow`` (the heavy profile)."""

EXAMPLE_GAMES = [
    (path, number)
    for path in EXAMPLES
    for number, _ in enumerate(gg.load(path, strict=True), start=1)
]

COLLECT = """
const view = arguments[0];
const select = document.getElementById('view');
if (view !== null && select.value !== view) {
  select.value = view;
  select.dispatchEvent(new Event('change'));
}
document.getElementById('first').click();
const cards = (root, zone) => Array.from(root.querySelectorAll(`[data-zone="${zone}"] .card`))
  .map((card) => card.dataset.card);
const snaps = [];
for (;;) {
  const where = document.getElementById('where');
  const snap = {step: Number(where.dataset.step), round: Number(where.dataset.round),
                acting: null, seats: {}, titles: {}, textOk: true};
  for (const seat of document.querySelectorAll('#table .seat')) {
    const points = seat.querySelector('[data-zone="points"]');
    snap.seats[seat.dataset.seat] = {hand: cards(seat, 'hand'), front: cards(seat, 'front'),
      won: cards(seat, 'won'), points: Number(points.dataset.points)};
    if (seat.classList.contains('acting')) snap.acting = Number(seat.dataset.seat);
  }
  for (const zone of ['pile1', 'pile2', 'discard']) snap[zone] = cards(document, zone);
  for (const card of document.querySelectorAll('#table .card')) {
    const text = card.dataset.card;
    if (!card.classList.contains('mini') && !card.textContent.endsWith(text)) snap.textOk = false;
    if (text.endsWith('?') && !(text in snap.titles)) snap.titles[text] = card.title;
  }
  snap.text = document.getElementById('game').textContent;
  snap.cards = Array.from(document.querySelectorAll('[data-card]'), (card) => card.dataset.card);
  snaps.push(snap);
  const next = document.getElementById('next');
  if (next.disabled) break;
  next.click();
}
const score = Array.from(document.querySelectorAll('#score-table tbody tr')).map((row) => ({
  seat: Number(row.dataset.seat),
  total: Number(row.querySelector('[data-total]').dataset.total),
  cells: Array.from(row.querySelectorAll('td[data-colour]')).map((cell) =>
    cell.children.length ? Array.from(cell.children).map((part) => part.textContent)
                         : [cell.textContent]),
}));
return {snaps, score, title: document.getElementById('score').querySelector('h2').textContent};
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = Options()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,1000",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_script_timeout(120)
    yield driver
    driver.quit()


def goto(driver: Any, address: str) -> None:
    """Load ``address`` as a new document: the browser leaves a blank page first.  The page
    it shows, at another fragment or none, would only change its hash (or keep the
    document); and from another page, a wait for the new one to be ready could be answered
    by the old one (the heavy profile once timed out in .ci/run on the index of a page
    opened straight after another)."""
    driver.get("about:blank")
    driver.get(address)


def open_page(driver: Any, page: Path, fragment: str = "") -> None:
    """Load ``page`` (a file) at ``#fragment`` and wait until the viewer has drawn it (as a
    new document: the page the browser shows, opened at another fragment, would only change
    the hash, which the viewer follows on an event that may come after the wait)."""
    goto(driver, page.as_uri() + (f"#{fragment}" if fragment else ""))
    WebDriverWait(driver, PATIENCE, POLL).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready === '1'")
    )


def errors(driver: Any) -> list[dict[str, Any]]:
    """The browser's log entries of level SEVERE since the last call (console errors,
    uncaught exceptions, failed loads)."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.fixture(scope="module")
def simulated_scores(tmp_path_factory: pytest.TempPathFactory) -> dict[int, list[int]]:
    """``gargon score --json`` of the simulated games, written in one file."""
    path = tmp_path_factory.mktemp("simulated") / "games.ggn"
    records = [gg.record_from_simulation(gg.simulate(n, seed)) for n, seed in SIMULATED]
    gg.dump(records, path)
    return _cli_scores(path)


@functools.cache
def _cli_scores(path: Path) -> dict[int, list[int]]:
    done = gargon("score", "--json", str(path))
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    return {
        game["game"]: [player["total"] for player in game["players"]] for game in report["games"]
    }


def _normal(snap: dict[str, Any]) -> dict[str, object]:
    return {
        "round": snap["round"],
        "acting": snap["acting"],
        "seats": {
            seat: {
                "hand": sorted(zones["hand"]),
                "front": sorted(zones["front"]),
                "won": sorted(zones["won"]),
                "points": zones["points"],
            }
            for seat, zones in snap["seats"].items()
        },
        "pile1": snap["pile1"],
        "pile2": snap["pile2"],
        "discard": sorted(snap["discard"]),
    }


def _cell(part: gg.ColourScore, won: list[int]) -> list[str]:
    """A colour's cell of the score table, as ``gargon score`` writes it: the points, the
    values won in the order won, the amulets (times the 0s' multiplier) and the bonus."""
    if part.cards == 0:
        return ["-"]
    amulets = str(part.amulets)
    if part.multiplier != 1:
        amulets = f"{part.amulets}x{part.multiplier}={part.amulets * part.multiplier}"
    values = " ".join(map(str, won))
    return [str(part.points), values, amulets, f"+{part.bonus}" if part.bonus else ""]


def _won(state: gg.GameState, seat: int) -> list[list[int]]:
    """The values ``seat`` had won by ``state``, colour by colour, in the order won."""
    columns: list[list[int]] = [[] for _ in gg.Colour]
    for card in state.won[seat]:
        assert isinstance(card, gg.Card)
        columns[card.colour.index].append(card.value)
    return columns


def check_game(
    driver: Any, page: Path, record: gg.GameRecord, totals: list[int], seats: list[int | None]
) -> None:
    """Step through ``page`` (a page of ``record`` alone) as each of ``seats`` (None:
    everyone) and check every step, the final score and the browser's log."""
    result = gg.replay(record)
    open_page(driver, page)
    for seat in seats:
        seen = driver.execute_script(COLLECT, "all" if seat is None else str(seat))
        _check_steps(seen["snaps"], result, seat)
        assert result.score is not None
        assert [row["total"] for row in seen["score"]] == totals
        assert [row["total"] for row in seen["score"]] == list(result.score.totals)
        assert result.game is not None
        final = result.game.snapshot()
        for row, player in zip(seen["score"], result.score.players, strict=True):
            won = _won(final, player.seat)
            assert row["cells"] == [_cell(*cell) for cell in zip(player.colours, won, strict=True)]
        assert seen["title"] == ("Score" if result.finished else "Unfinished game; score so far")
    assert errors(driver) == []


def _check_steps(snaps: list[dict[str, Any]], result: gg.Replay, seat: int | None) -> None:
    assert [snap["step"] for snap in snaps] == list(range(len(result.steps) + 1))
    allowed = allowed_values(result, seat) if seat is not None else None
    for snap in snaps:
        step = snap["step"]
        state = result.state_after(step)
        assert _normal(snap) == expected_table(state, seat), f"step {step}"
        assert snap["textOk"], f"step {step}: a card's text is not its value"
        if seat is None:
            continue
        assert allowed is not None
        leaked = (values_in(snap["text"]) | values_in(" ".join(snap["cards"]))) - allowed[step]
        assert not leaked, f"step {step}: {sorted(leaked)} shown to seat {seat}"
        possible = state.possible(seat)
        for back, title in snap["titles"].items():
            hidden = gg.HiddenCard.parse(back)
            if any(shown == hidden for shown in possible.backs.values()):
                assert f"it can still be {possible.values_text(hidden)} (" in title, (step, title)


@pytest.mark.parametrize(
    ("path", "number"),
    [
        pytest.param(
            path,
            number,
            id=f"{path.name}#{number}",
            marks=() if (path.name, number) == DEFAULT_EXAMPLE else pytest.mark.slow,
        )
        for path, number in EXAMPLE_GAMES
    ],
)
def test_an_example_game_step_by_step(
    browser: Any, tmp_path: Path, path: Path, number: int
) -> None:
    record = list(gg.load(path, strict=True))[number - 1]
    assert isinstance(record, gg.GameRecord)
    page = tmp_path / "game.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    seat = number % len(record.headers.values_of("Players"))
    check_game(browser, page, record, _cli_scores(path)[number], [None, seat])


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), SIMULATED, ids=[seed for _, seed in SIMULATED])
def test_a_simulated_game_step_by_step(
    browser: Any,
    tmp_path: Path,
    simulated_scores: dict[int, list[int]],
    players: int,
    seed: str,
) -> None:
    record = gg.record_from_simulation(gg.simulate(players, seed))
    totals = simulated_scores[SIMULATED.index((players, seed)) + 1]
    page = tmp_path / "game.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    check_game(browser, page, record, totals, [None, len(seed) % players])


@pytest.mark.slow
def test_a_page_for_one_seat_steps_as_that_seat(browser: Any, tmp_path: Path) -> None:
    """A page made with ``seat`` holds that view alone: the page opens in it, and shows at
    every step what the seat knew (no more: the step checks look for values it had not
    seen)."""
    record = next(gg.load(ROOT / "examples" / "table-record.ggn", strict=True))
    page = tmp_path / "emil.html"
    page.write_text(gg.html_page(record, seat="Emil"), encoding="utf-8")
    totals = _cli_scores(ROOT / "examples" / "table-record.ggn")[1]
    check_game(browser, page, record, totals, [4])
    select = browser.find_element(By.ID, "view")
    assert select.get_property("disabled")
    assert [o.get_attribute("value") for o in select.find_elements(By.TAG_NAME, "option")] == ["4"]


def _where(driver: Any) -> dict[str, str]:
    return dict(driver.find_element(By.ID, "where").get_property("dataset"))


@pytest.mark.slow
def test_keyboard_the_round_menu_and_a_link_to_a_step(browser: Any, tmp_path: Path) -> None:
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    result = gg.replay(record)
    page = tmp_path / "full.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    open_page(browser, page, "step=37")
    assert _where(browser)["step"] == "37"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert _where(browser)["step"] == "38"
    WebDriverWait(browser, PATIENCE, POLL).until(
        lambda d: d.execute_script("return location.hash") == "#step=38"
    )
    body.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert _where(browser)["step"] == "36"
    body.send_keys(Keys.END)
    assert _where(browser)["step"] == str(len(result.steps))
    body.send_keys(Keys.HOME)
    assert _where(browser)["step"] == "0"
    body.send_keys(Keys.PAGE_DOWN)
    second = next(k for k in range(len(result.steps) + 1) if result.state_after(k).round == 2)
    assert _where(browser)["step"] == str(second)
    browser.execute_script(
        "const s = document.getElementById('round'); s.value = '3';"
        "s.dispatchEvent(new Event('change'));"
    )
    third = next(k for k in range(len(result.steps) + 1) if result.state_after(k).round == 3)
    assert _where(browser)["step"] == str(third)
    assert _where(browser)["round"] == "3"
    browser.execute_script("location.hash = '#step=5&view=1'")
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _where(d)["step"] == "5")
    assert _where(browser)["view"] == "1"
    assert browser.find_element(By.ID, "view").get_property("value") == "1"
    slider = browser.find_element(By.ID, "slider")
    browser.execute_script(
        "arguments[0].value = 12; arguments[0].dispatchEvent(new Event('input'));", slider
    )
    assert _where(browser)["step"] == "12"
    assert errors(browser) == []


@pytest.mark.slow
def test_a_file_of_several_games_has_an_index(browser: Any, tmp_path: Path) -> None:
    records = list(gg.load(ROOT / "examples" / "club-night.ggn", strict=True))
    page = tmp_path / "club.html"
    page.write_text(gg.html_page(records), encoding="utf-8")
    open_page(browser, page)
    rows = browser.find_elements(By.CSS_SELECTOR, "#index-body tr")
    assert len(rows) == len(records)
    assert "won by Bernd" in rows[0].text and "Adam, Bernd" in rows[0].text
    rows[1].find_element(By.TAG_NAME, "a").click()
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _where(d).get("game") == "2")
    WebDriverWait(browser, PATIENCE, POLL).until(
        lambda d: d.execute_script("return location.hash") == "#game=2&step=0"
    )
    open_page(browser, page, "game=3&step=4&view=2")
    shown = _where(browser)
    assert (shown["game"], shown["step"], shown["view"]) == ("3", "4", "2")
    browser.find_element(By.ID, "to-index").click()
    WebDriverWait(browser, PATIENCE, POLL).until(
        lambda d: d.find_element(By.ID, "index").is_displayed()
    )
    assert errors(browser) == []


def test_the_games_of_several_files_are_named_by_their_file(browser: Any, tmp_path: Path) -> None:
    from gargon_notation.web.page import games_page

    rulebook = ROOT / "examples" / "rulebook-round.ggn"
    (tmp_path / "copy.ggn").write_bytes(rulebook.read_bytes())
    records = [next(gg.load(path, strict=True)) for path in (rulebook, tmp_path / "copy.ggn")]
    page = tmp_path / "two.html"
    page.write_text(games_page([(1, record) for record in records], sources=True), "utf-8")
    open_page(browser, page)
    rows = browser.find_elements(By.CSS_SELECTOR, "#index-body tr")
    assert [row.find_element(By.TAG_NAME, "a").text for row in rows] == [
        f"{rulebook} game 1",
        f"{tmp_path / 'copy.ggn'} game 1",
    ]
    rows[1].find_element(By.TAG_NAME, "a").click()
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _where(d).get("game") == "2")
    title = browser.find_element(By.ID, "title").text
    assert title == f"{tmp_path / 'copy.ggn'} game 1: Rulebook example round"
    assert errors(browser) == []


def test_an_invalid_record_shows_its_problem_at_its_step(browser: Any, tmp_path: Path) -> None:
    path = ROOT / "tests" / "data" / "cli" / "broken.ggn"
    record = next(gg.load(path, strict=True))
    result = gg.replay(record)
    assert result.first_problem_at is not None
    page = tmp_path / "broken.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    open_page(browser, page, f"step={result.first_problem_at}")
    problem = browser.find_element(By.CSS_SELECTOR, "[data-zone=problem]")
    first = result.problems[0]
    assert problem.get_attribute("data-code") == first.code
    assert f"line {first.line}:{first.column}" in problem.text
    assert first.message in problem.text
    assert browser.find_element(By.ID, "banner").is_displayed()
    open_page(browser, page, "step=0")
    assert not browser.find_element(By.ID, "banner").is_displayed()
    assert errors(browser) == []


def test_an_unreadable_game_shows_its_error(browser: Any, tmp_path: Path) -> None:
    text = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")
    items = list(gg.loads(text + "\n" + '[Players "A" "B" "C"]\n1. A R16\n*\n', source="two.ggn"))
    assert isinstance(items[1], gg.NotationError)
    page = tmp_path / "two.html"
    page.write_text(gg.html_page(items), encoding="utf-8")
    open_page(browser, page, "game=2")
    problem = browser.find_element(By.CSS_SELECTOR, "[data-zone=problem]")
    assert items[1].message in problem.text
    assert f"line {items[1].line}:{items[1].column}" in problem.text
    assert not browser.find_element(By.ID, "keys").is_displayed()  # no step to take
    assert errors(browser) == []


UNPLAYABLE = [
    (
        '[Event "two"]\n[Players "Ann" "Bob"]\n1. Ann R5\n*\n',
        "[header] line 2:2: Gargon is played by 3 to 5 players, not 2",
    ),
    (
        '[Event "nop"]\n1. Ann R5\n*\n',
        '[header] line 1:2: the record has no Players tag (such as [Players "Ann" "Bob" "Cy"])',
    ),
    (
        '[Event "twice"]\n[Players "Ann" "Bob" "Ann"]\n1. Ann R5\n*\n',
        "[header] line 2:2: player names must be different and not empty: 'Ann' is given twice",
    ),
]
"""Games that cannot be set up, and the problem the page shows for each."""


@pytest.mark.parametrize(
    "k", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)]
)  # the same page and keys for each problem: two of the three in the heavy profile
def test_a_game_that_cannot_be_set_up_shows_its_problem(
    browser: Any, tmp_path: Path, k: int
) -> None:
    """Its problem as text, on its own page and in a file of several games (the page wrote
    "[object HTMLDivElement]", the problems having been appended as one array); the step
    keys do nothing there (an arrow key raised "Cannot read properties of undefined (reading
    'frames')", on its own page as in the file of several games, found by a review)."""
    records = [next(gg.loads(text, strict=True)) for text, _ in UNPLAYABLE]
    shown = UNPLAYABLE[k][1]
    page = tmp_path / f"unplayable{k}.html"
    page.write_text(gg.html_page(records[k]), encoding="utf-8")
    every = tmp_path / "all.html"
    every.write_text(gg.html_page(records), encoding="utf-8")
    for path, fragment in ((page, ""), (every, f"game={k + 1}")):
        open_page(browser, path, fragment)
        problems = browser.find_element(By.ID, "problems")
        assert problems.text.splitlines() == ["This game cannot be replayed:", shown]
        assert [
            p.get_attribute("data-code")
            for p in problems.find_elements(By.CSS_SELECTOR, "[data-zone=problem]")
        ] == ["header"]
        assert not browser.find_element(By.ID, "table").is_displayed()
        body = browser.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_RIGHT, Keys.END, Keys.PAGE_DOWN, Keys.HOME)
        assert errors(browser) == []


@pytest.mark.slow
def test_a_phone_sees_the_whole_table_without_scrolling_sideways(
    browser: Any, tmp_path: Path
) -> None:
    record = gg.record_from_simulation(gg.simulate(5, "phone"))
    page = tmp_path / "phone.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    browser.set_window_size(390, 844)
    try:
        open_page(browser, page, "step=20")
        width = browser.execute_script("return document.documentElement.clientWidth")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        seats = browser.find_elements(By.CSS_SELECTOR, "#table .seat")
        assert len(seats) == 5
        for seat in seats:
            assert seat.rect["x"] >= 0 and seat.rect["x"] + seat.rect["width"] <= width
        for button in ("first", "prev", "next", "last"):
            assert browser.find_element(By.ID, button).is_displayed()
        browser.find_element(By.ID, "next").click()
        assert _where(browser)["step"] == "21"
    finally:
        browser.set_window_size(1280, 1000)
    assert errors(browser) == []


@contextlib.contextmanager
def phone(driver: Any, width: int = 375) -> Iterator[None]:
    """The browser as a phone ``width`` CSS pixels wide (one that reads ``<meta
    name="viewport">``, as phones do), the desktop window again afterwards."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 740, "deviceScaleFactor": 2, "mobile": True},
    )
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def page_widths(driver: Any) -> list[int]:
    """The page's [scrollWidth, clientWidth]: equal when nothing makes it scroll sideways."""
    return list(
        driver.execute_script(
            "const root = document.documentElement; return [root.scrollWidth, root.clientWidth];"
        )
    )


LONG_NAME = "Maximilian Alexander von und zu Hohenzollern-Sigmaringen der Dritte"


def test_a_long_name_in_view_as_does_not_widen_a_phone_page(browser: Any, tmp_path: Path) -> None:
    """The "View as" menu shrinks to the screen (its longest option made the page 716 px
    wide on a 375 px phone)."""
    text = gg.dumps(gg.record_from_simulation(gg.simulate(5, "phone")))
    record = next(
        gg.loads(
            text.replace('"Dagmar"', "Dagmar").replace("Dagmar", f'"{LONG_NAME}"'), strict=True
        )
    )
    assert LONG_NAME in record.headers.values_of("Players")
    page = tmp_path / "long.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    with phone(browser):
        open_page(browser, page, "step=20")
        assert page_widths(browser) == [375, 375]
        view = browser.find_element(By.ID, "view")
        assert view.rect["x"] >= 0 and view.rect["x"] + view.rect["width"] <= 375
        options = [o.text for o in view.find_elements(By.TAG_NAME, "option")]
        assert any(LONG_NAME in option for option in options)
    assert errors(browser) == []


@pytest.mark.slow
def test_the_index_of_several_games_does_not_scroll_sideways_on_a_phone(
    browser: Any, tmp_path: Path
) -> None:
    """The index's five columns made the page of club-night.ggn and full-game.ggn 422 px wide
    on a 375 px phone, the players and the result out of sight; now each game is a block of
    its fields, each named as its column ("Result: won by Adam")."""
    texts = [(ROOT / "examples" / name).read_text() for name in ("club-night.ggn", "full-game.ggn")]
    records = [record for text in texts for record in gg.loads(text, strict=True)]
    page = tmp_path / "evening.html"
    page.write_text(gg.html_page(records), encoding="utf-8")
    with phone(browser):
        open_page(browser, page)
        assert page_widths(browser) == [375, 375]
        rows = browser.find_elements(By.CSS_SELECTOR, "#index-body tr")
        assert len(rows) == 4
        for row in rows:
            assert row.rect["x"] >= 0 and row.rect["x"] + row.rect["width"] <= 375
        result = browser.find_element(By.CSS_SELECTOR, "#index-body tr:last-child td:last-child")
        game = browser.find_element(By.CSS_SELECTOR, "#index-body tr:last-child th")
        assert result.rect["x"] == game.rect["x"] and result.rect["y"] > game.rect["y"]
        label = "return getComputedStyle(arguments[0], '::before').content"
        assert browser.execute_script(label, result) == '"Result: "'
        assert result.text == "won by Adam"
    open_page(browser, page)  # the desktop's window: a table, its columns named above
    heads = browser.find_elements(By.CSS_SELECTOR, "#index thead th")
    assert [head.text for head in heads] == ["Game", "Event", "Date", "Players", "Result"]
    assert browser.find_elements(By.CSS_SELECTOR, "#index-body tr")[3].text.endswith(
        "Adam, Bernd, Collette, Dagmar won by Adam"
    )
    assert errors(browser) == []


class _ReportPages(dict[str, Path]):
    """The pages of the reports by verb, each written when a test first asks for it (most
    of them only the heavy profile's tests open)."""

    def __init__(self, cup: Path) -> None:
        super().__init__()
        self.cup = cup

    def __missing__(self, verb: str) -> Path:
        page = self.cup.with_name(f"{verb}.html")
        done = gargon(verb, str(self.cup), "--html", str(page))
        assert done.returncode == 0, done.stderr
        self[verb] = page
        return page


@pytest.fixture(scope="module")
def report_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``gargon standings``, ``ratings`` and ``stats --html`` of a cup of six rounds, a
    five-player game each."""
    folder = tmp_path_factory.mktemp("reports")
    cup = folder / "cup.ggn"
    texts = []
    for round in range(1, 7):
        text = gg.dumps(gg.record_from_simulation(gg.simulate(5, f"cup.{round}")))
        tags = f'[Event "Spring Cup"]\n[Date "2026.03.{round:02}"]\n[Round "{round}"]\n'
        texts.append(text.replace('[Notation "1"]\n', f'[Notation "1"]\n{tags}'))
    cup.write_text("\n".join(texts), encoding="utf-8")
    return _ReportPages(cup)


@pytest.mark.slow
@pytest.mark.parametrize("verb", ["standings", "ratings", "stats"])
def test_a_report_page_does_not_scroll_sideways_on_a_phone(
    browser: Any, report_pages: dict[str, Path], verb: str
) -> None:
    """Its wide tables and charts scroll in boxes of their own (the standings page was 820 px
    wide on a 375 px phone, the ratings page 735 px, and the stats page, without a viewport
    tag, was laid out 980 px wide); the stats page fits a desktop too (it was 1405 px wide
    at 1280)."""
    widths = [375, 1280] if verb == "stats" else [375]
    for width in widths:
        with phone(browser, width):
            goto(browser, report_pages[verb].as_uri())
            assert page_widths(browser) == [width, width]
            boxes = browser.find_elements(By.CSS_SELECTOR, ".scroll")
            assert boxes and all(box.rect["width"] <= width for box in boxes)
            if width == 375:
                assert any(
                    browser.execute_script("return arguments[0].scrollWidth", box) > width
                    for box in boxes
                )
    assert errors(browser) == []


def test_a_hidden_card_tells_its_possible_values_when_focused(browser: Any, tmp_path: Path) -> None:
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    state = gg.replay(record).state_after(10)
    page = tmp_path / "bernd.html"
    page.write_text(gg.html_page(record, seat="Bernd"), encoding="utf-8")
    open_page(browser, page, "step=10")
    card = browser.find_element(By.CSS_SELECTOR, '.seat[data-seat="0"] [data-zone=hand] .card')
    back = gg.HiddenCard.parse(card.get_attribute("data-card"))
    expected = state.possible(1).values_text(back)
    assert expected in card.get_attribute("title")
    card.click()
    assert expected in browser.find_element(By.ID, "possible-info").text
    assert errors(browser) == []


def test_notes_are_shown_at_their_step_as_text(browser: Any, tmp_path: Path) -> None:
    """A comment is text, never markup: one that holds HTML and ``</script>`` is shown as
    written and adds no element to the page; a glyph is shown with its meaning."""
    hostile = '</script><img src="x" onerror="document.title=1"><b>bold</b>'
    text = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")
    text = text.replace("Adam Y2 Y6 R9", f"Adam Y2 Y6 R9!? {{{hostile}}}")
    record = next(gg.loads(text, strict=True))
    page = tmp_path / "notes.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    open_page(browser, page, "step=1")
    notes = [note.text for note in browser.find_elements(By.CSS_SELECTOR, "[data-zone=note]")]
    assert notes == ["glyph: !? (interesting)", f"comment: {hostile}"]
    assert browser.find_elements(By.CSS_SELECTOR, "img, b") == []
    assert browser.title != "1"
    assert errors(browser) == []


# -- for every reader: a screen reader, the keyboard alone, a colour-blind eye, large text ----


def _said(driver: Any) -> str:
    return str(driver.find_element(By.ID, "said").get_attribute("textContent"))


@pytest.mark.slow
def test_a_screen_reader_is_told_what_each_step_did(browser: Any, tmp_path: Path) -> None:
    """The step's events were in ``#log``, a live region drawn anew at each step, which
    screen readers do not read (a region is followed only once it is in the page): only
    'Step 6 of 73 · round 1' was said.  Now ``#said``, there from the start, says the step
    and what it did, each card by its name; the slider's value is the step too."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    page = tmp_path / "full.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    open_page(browser, page, "step=5")
    said = browser.find_element(By.ID, "said")
    assert said.get_attribute("aria-live") == "polite"
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _said(d).startswith("Step 6 "))
    assert _said(browser) == (
        "Step 6 of 73, round 1. Written: Collette 1. Collette draws a replacement from pile 1:"
        " green 1. red battle: Adam wins red 10 (last card)."
    )
    assert browser.find_element(By.ID, "said") == said  # the same element: followed
    slider = browser.find_element(By.ID, "slider")
    assert slider.get_attribute("aria-valuetext") == "Step 6 of 73, round 1"
    bernd = tmp_path / "bernd.html"
    bernd.write_text(gg.html_page(record, seat="Bernd"), encoding="utf-8")
    open_page(browser, bernd, "step=5")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _said(d).startswith("Step 6 "))
    assert "from pile 1: a green card, value hidden, face down. red battle" in _said(browser)
    assert errors(browser) == []


@pytest.mark.slow
def test_steps_taken_with_a_key_held_down_are_put_in_words_once(
    browser: Any, tmp_path: Path
) -> None:
    """What a step did was put in words (the log walked, each card's label read) at every
    step, though only the last step's words are said, once stepping pauses: 70 steps taken
    with a key held down read 1842 attributes for nothing.  Now the words are found when
    they are said."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    page = tmp_path / "full.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    open_page(browser, page, "step=0")
    read = browser.execute_script(
        """
        let read = 0;
        const attribute = Element.prototype.getAttribute;
        Element.prototype.getAttribute = function (name) {
          read++;
          return attribute.call(this, name);
        };
        const key = {key: "ArrowRight", bubbles: true};
        for (let k = 0; k < 70; k++) document.body.dispatchEvent(new KeyboardEvent("keydown", key));
        Element.prototype.getAttribute = attribute;
        return read;
        """
    )
    assert _where(browser)["step"] == "70"
    assert read == 0
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _said(d).startswith("Step 70 of 73,"))
    assert errors(browser) == []


@pytest.mark.slow
def test_a_step_is_said_once_by_one_live_region(browser: Any, tmp_path: Path) -> None:
    """``#where`` is an ``<output>``, whose role (status) makes it a polite live region even
    without ``aria-live``: with ``#said``, each step was said twice, and at every step taken
    with a key held down.  Now the live region of the page is ``#said`` (and the banner of
    an invalid record, an alert; the values of a hidden card, under the table, are for the
    eye: the card focused says them, below)."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    page = tmp_path / "full.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    open_page(browser, page, "step=5")
    live = []
    for node in browser.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]:
        found = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        if found.get("live") in ("polite", "assertive") and "backendDOMNodeId" in node:
            described = browser.execute_cdp_cmd(
                "DOM.describeNode", {"backendNodeId": node["backendDOMNodeId"]}
            )["node"]
            attributes = described.get("attributes", [])
            pairs = dict(zip(attributes[::2], attributes[1::2], strict=True))
            live.append(pairs.get("id", described["nodeName"]))
    assert sorted(live) == ["said"]
    assert errors(browser) == []


def _focused(driver: Any) -> Any:
    return driver.switch_to.active_element


@pytest.mark.slow
def test_the_keyboard_never_loses_the_focus(browser: Any, tmp_path: Path) -> None:
    """Enter on » disabled the button, and the focus fell to the page's body (Tab started
    again from the top); so did a step taken while a hidden card was focused (its table is
    drawn anew), and opening a game from the index.  Now the focus goes to the step button
    that still works, to the card in the same place, to the game's title, and back to the
    game's line of the index."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    page = tmp_path / "bernd.html"
    page.write_text(gg.html_page(record, seat="Bernd"), encoding="utf-8")
    open_page(browser, page, "step=5")
    browser.find_element(By.ID, "last").send_keys(Keys.ENTER)
    assert _where(browser)["step"] == "73"
    assert _focused(browser).get_attribute("id") == "prev"
    browser.find_element(By.ID, "first").send_keys(Keys.ENTER)
    assert _where(browser)["step"] == "0"
    assert _focused(browser).get_attribute("id") == "next"
    open_page(browser, page, "step=5")
    hand = '.seat[data-seat="2"] [data-zone=hand] .card'
    browser.find_elements(By.CSS_SELECTOR, hand)[2].send_keys(Keys.ARROW_RIGHT)
    assert _where(browser)["step"] == "6"
    focused = _focused(browser)
    assert focused == browser.find_elements(By.CSS_SELECTOR, hand)[2]
    info = browser.find_element(By.ID, "possible-info").text
    assert info == focused.get_attribute("title") and "it can still be" in info
    records = list(gg.load(ROOT / "examples" / "club-night.ggn", strict=True))
    club = tmp_path / "club.html"
    club.write_text(gg.html_page(records), encoding="utf-8")
    open_page(browser, club)
    browser.find_element(By.CSS_SELECTOR, 'a[href="#game=2"]').send_keys(Keys.ENTER)
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _where(d).get("game") == "2")
    assert _focused(browser).get_attribute("id") == "title"
    assert _focused(browser).text == "Game 2: Club night"
    browser.find_element(By.ID, "to-index").send_keys(Keys.ENTER)
    WebDriverWait(browser, PATIENCE, POLL).until(
        lambda d: d.find_element(By.ID, "index").is_displayed()
    )
    assert _focused(browser).get_attribute("href").endswith("#game=2")
    assert errors(browser) == []


@pytest.mark.slow
def test_stepping_from_a_focused_card_says_its_values_only_when_they_change(
    browser: Any, tmp_path: Path
) -> None:
    """The values of a focused hidden card are under the table: each step emptied them and
    the card focused again wrote them anew, so a screen reader said them again at every step
    taken with a key held down (they were a live region then).  Now they are written when
    they change."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    page = tmp_path / "bernd.html"
    page.write_text(gg.html_page(record, seat="Bernd"), encoding="utf-8")
    open_page(browser, page, "step=0")
    browser.find_elements(By.CSS_SELECTOR, '.seat[data-seat="2"] [data-zone=hand] .card')[2].click()
    written, changes = browser.execute_script(
        """
        const info = document.getElementById("possible-info");
        const observer = new MutationObserver(() => {});
        observer.observe(info, {childList: true, characterData: true, subtree: true});
        let changes = 0, said = info.textContent;
        for (let k = 0; k < 40; k++) {
          const key = {key: "ArrowRight", bubbles: true};
          document.activeElement.dispatchEvent(new KeyboardEvent("keydown", key));
          if (info.textContent !== said) changes++;
          said = info.textContent;
        }
        return [observer.takeRecords().length, changes];
        """
    )
    assert _where(browser)["step"] == "40"
    assert 0 < written == changes < 40
    assert errors(browser) == []


def test_the_keys_are_written_on_the_page_and_the_focus_is_plain_to_see(
    browser: Any, tmp_path: Path
) -> None:
    """The keys were said only in the buttons' tooltips (a mouse's), Page Up and Page Down
    nowhere; the focus was a yellow ring 1.6 times as light as the page (3 is the least),
    the ring that marks the acting seat too."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    page = tmp_path / "full.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    open_page(browser, page, "step=3")
    assert browser.find_element(By.ID, "keys").text == (
        "Keys: \u2190 \u2192 a step, Home / End the first / last step, "
        "Page Up / Page Down the previous / next round."
    )
    shortcuts = [
        browser.find_element(By.ID, button).get_attribute("aria-keyshortcuts")
        for button in ("first", "prev", "next", "last")
    ]
    assert shortcuts == ["Home", "ArrowLeft", "ArrowRight", "End"]
    browser.find_element(By.ID, "next").send_keys(Keys.TAB)  # the keyboard's focus: visible
    style = "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineColor];"
    assert browser.execute_script(style, _focused(browser)) == ["solid", "rgb(27, 27, 27)"]
    acting = browser.find_element(By.CSS_SELECTOR, ".seat.acting")
    assert browser.execute_script(style, acting)[0] == "none"
    assert errors(browser) == []


def _rgb(css: str) -> str:
    """``rgb(r, g, b)`` or ``rgba(r, g, b, a)`` (over white) as ``#rrggbb``."""
    parts = [float(part) for part in css[css.index("(") + 1 : -1].split(",")]
    alpha = parts[3] if len(parts) == 4 else 1.0
    return "#" + "".join(f"{round(c * alpha + 255 * (1 - alpha)):02x}" for c in parts[:3])


@pytest.mark.slow
def test_every_card_letter_can_be_read_on_its_fill(browser: Any, tmp_path: Path) -> None:
    """White on green was 4.3 to 1 and on the unknown colour's grey 3.25 (4.5 is the least
    for small text), and a hidden card's white stripes brought blue, violet, red, green and
    grey down to 2.3-3.9; the stripes now darken every fill, and every letter stands out by
    4.5 or more, striped or not (a card of each colour, and one of unknown colour)."""
    from gargon_notation.web.palette import contrast

    text = (ROOT / "examples" / "table-record.ggn").read_text(encoding="utf-8")
    record = next(gg.loads(text, strict=True))
    page = tmp_path / "table.html"
    page.write_text(gg.html_page(record), encoding="utf-8")
    full = tmp_path / "full.html"
    full.write_text(
        gg.html_page(next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))), "utf-8"
    )
    looks = """return Array.from(document.querySelectorAll('#table .card'), (card) => {
      const s = getComputedStyle(card);
      return [card.dataset.card, s.backgroundColor, s.color, s.backgroundImage]; });"""
    seen = set()
    for shown, fragment in ((page, "step=3"), (full, "step=3&view=1"), (full, "step=3")):
        open_page(browser, shown, fragment)
        for name, fill, ink, stripes in browser.execute_script(looks):
            seen.add(name[0] + ("?" if name.endswith("?") else ""))
            assert contrast(_rgb(fill), _rgb(ink)) >= 4.5, (name, fill, ink)
            if name.endswith("?"):
                assert "rgba(0, 0, 0, 0.19)" in stripes, (name, stripes)
    assert {"W?", "B?", "V?", "Y?", "R?", "G?", "X?"} <= seen and {"G", "R"} <= seen
    assert errors(browser) == []


@pytest.mark.slow
def test_large_text_on_a_phone_leaves_the_table_in_sight(browser: Any, tmp_path: Path) -> None:
    """At twice the text size, on a 375 px phone the controls kept at the top took 61% of
    the screen (turned sideways, 116%: the table could not be seen at all); a page of
    several files' games was 624 px wide (its title, a path, uncut) and the tags 443 px.
    Now the controls scroll with the page when they would take over a third of it, and
    long titles and tags wrap."""
    rulebook = ROOT / "examples" / "rulebook-round.ggn"
    full = ROOT / "examples" / "full-game.ggn"
    from gargon_notation.web.page import games_page

    records = [next(gg.load(path, strict=True)) for path in (rulebook, full)]
    page = tmp_path / "two.html"
    page.write_text(games_page([(1, record) for record in records], sources=True), "utf-8")
    position = "return getComputedStyle(document.getElementById('controls')).position"
    for width, height, size, kept in (
        (375, 740, "16px", "sticky"),
        (375, 740, "32px", "static"),
        (740, 375, "16px", "static"),
    ):
        with phone(browser, width):
            browser.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True},
            )
            open_page(browser, page, "game=2&step=12")
            browser.execute_script(f"document.documentElement.style.fontSize = '{size}'")
            WebDriverWait(browser, PATIENCE, POLL).until(
                lambda d, kept=kept: d.execute_script(position) == kept
            )
            assert page_widths(browser) == [width, width], (width, size)
    assert errors(browser) == []


READ_ALOUD = """
const charts = Array.from(document.querySelectorAll('svg[role=img]'), (svg) =>
  [svg.getAttribute('aria-label'), Array.from(svg.querySelectorAll('text'), (t) => t.textContent)]);
const outside = Array.from(document.body.children).filter((e) => e.tagName !== 'MAIN');
const absent = document.createElement('td');
absent.className = 'absent';
document.querySelector('table tr').append(absent);
const before = getComputedStyle(document.body).fontSize;
document.documentElement.style.fontSize = '32px';
const after = getComputedStyle(document.body).fontSize;
return {charts, outside: outside.map((e) => e.tagName), before, after,
        absent: [getComputedStyle(absent).color, getComputedStyle(document.body).backgroundColor]};
"""


@pytest.mark.parametrize(
    "verb",
    [
        pytest.param("standings", marks=pytest.mark.slow),
        pytest.param("ratings", marks=pytest.mark.slow),
        "stats",
    ],
)
def test_a_report_page_is_read_aloud_and_grows_with_the_text(
    browser: Any, report_pages: dict[str, Path], verb: str
) -> None:
    """The stats page's charts were images without a name (a screen reader said 'image',
    and nothing of the figures); no report had a main part; their text was 15 px whatever
    the browser's text size; the standings' '-' of an absent player was grey at 2.7 to 1.
    Now each bar chart is named by its title and its bars with their values, the page is a
    <main>, its text is 0.9375 rem (15 px at the browser's usual size), and '-' is 5.7 to
    1."""
    from gargon_notation.web.palette import contrast

    goto(browser, report_pages[verb].as_uri())
    seen = browser.execute_script(READ_ALOUD)
    assert seen["outside"] == []
    assert (seen["before"], seen["after"]) == ("15px", "30px")
    assert contrast(_rgb(seen["absent"][0]), _rgb(seen["absent"][1])) >= 4.5
    if verb == "stats":
        labels = [label for label, _ in seen["charts"]]
        assert [label.split(":")[0] for label in labels] == [
            "How games end",
            "Game length",
            "Wins by player",
        ]
        for label, texts in seen["charts"]:  # label 1, value 1, label 2, value 2, ...
            pairs = [f"{name} {value}" for name, value in zip(texts[::2], texts[1::2], strict=True)]
            assert label == label.split(":")[0] + ": " + ", ".join(pairs)
        assert labels[0].startswith("How games end: a pile ran out 6, ")
    assert all(label for label, _ in seen["charts"])
    assert errors(browser) == []


def test_the_ratings_leaders_are_told_apart_by_more_than_colour(
    browser: Any, report_pages: dict[str, Path]
) -> None:
    """The chart of the leading players' ordinals drew five lines told apart by their
    colours only (the legend: a coloured square each); now each line has a mark of its own
    at each of its points (a circle, a square, a triangle, ...), drawn in the legend too."""
    goto(browser, report_pages["ratings"].as_uri())
    marks = browser.execute_script(
        "const chart = document.querySelector('svg[aria-label^=ordinals]');"
        "const keys = document.querySelectorAll('.key path');"
        "return [Array.from(keys, (k) => [k.getAttribute('d'), k.parentNode.parentNode.textContent"
        ".trim()]), Array.from(chart.querySelectorAll('path'), (p) => p.getAttribute('d'))];"
    )
    keys, drawn = marks
    ranked = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "tr th[scope=row]")]
    assert sorted(ranked) == ["Adam", "Bernd", "Collette", "Dagmar", "Emil"]
    assert [name for _, name in keys] == ranked
    shapes = [shape for shape, _ in keys]
    assert len(set(shapes)) == 5
    assert [drawn.count(shape) for shape in shapes] == [6] * 5  # a mark per game played
    assert errors(browser) == []


# -- as assistive technology is given the pages: the accessibility tree, live regions --


FULL_GAME = ROOT / "examples" / "full-game.ggn"


def accessible(driver: Any, selector: str) -> list[dict[str, Any]]:
    """The accessibility node of each element ``selector`` finds, in document order (an
    ignored one, hidden from a screen reader, has ``ignored`` true)."""
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    found = driver.execute_cdp_cmd("DOM.querySelectorAll", {"nodeId": root, "selector": selector})
    return [
        driver.execute_cdp_cmd(
            "Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False}
        )["nodes"][0]
        for node in found["nodeIds"]
    ]


def name_of(node: dict[str, Any]) -> str:
    return str(node.get("name", {}).get("value", ""))


def description_of(node: dict[str, Any]) -> str:
    return str(node.get("description", {}).get("value", ""))


def _page(tmp_path: Path, seat: str | None = None) -> Path:
    page = tmp_path / f"{seat or 'full'}.html"
    page.write_text(gg.html_page(next(gg.load(FULL_GAME, strict=True)), seat=seat), "utf-8")
    return page


def _names(cards: tuple[gg.AnyCard, ...]) -> str:
    """A pile's cards as its heading says them: ``violet, white`` or ``violet 2, white 5``."""
    texts = [str(card) for card in cards]
    return ", ".join(
        PALETTE[gg.Colour(text[0])].name + ("" if text.endswith("?") else f" {text[1:]}")
        for text in texts
    )


@pytest.mark.slow
def test_a_pile_is_said_as_one_heading_its_cards_hidden(browser: Any, tmp_path: Path) -> None:
    """A screen reader read the 27 cards of pile 1 one after the other ('a violet card,
    value hidden, face down', 'image', ...).  Now each pile is one heading, its count and the
    colours (or values) it shows, top first, and its cards are hidden from the screen
    reader."""
    state = gg.replay(next(gg.load(FULL_GAME, strict=True))).state_after(10)
    seen = state.seen_by(1)
    open_page(browser, _page(tmp_path, "Bernd"), "step=10")
    headings = [name_of(node) for node in accessible(browser, "#center .pile h2")]
    assert headings == [
        f"Pile 1: 27 cards, values hidden; from the top: {_names(seen.piles[0])}",
        f"Pile 2: {len(seen.piles[1])} cards, values hidden; from the top: {_names(seen.piles[1])}",
        "Discarded: 1 card; in the order discarded: red 14",
    ]
    assert headings[0].startswith("Pile 1: 27 cards, values hidden; from the top: violet, violet")
    piles = "[data-zone=pile1], [data-zone=pile2], [data-zone=discard]"
    hidden = accessible(browser, f"{piles.replace(',', ' .card,')} .card")
    assert len(hidden) == 27 + len(seen.piles[1]) + 1
    assert all(node["ignored"] for node in hidden + accessible(browser, piles))
    open_page(browser, _page(tmp_path), "step=10")  # everything the record knows: the values
    first = name_of(accessible(browser, "#center .pile h2")[0])
    assert first == f"Pile 1: 27 cards; from the top: {_names(state.piles[0])}"
    assert first.startswith("Pile 1: 27 cards; from the top: violet 2, violet 1, white 5")
    open_page(browser, _page(tmp_path), "step=0")
    assert name_of(accessible(browser, "#center .pile h2")[2]) == "Discarded: 0"
    assert errors(browser) == []


def test_a_card_is_named_once(browser: Any, tmp_path: Path) -> None:
    """Each card's label was its aria-label and its title too, which Chromium gives a screen
    reader as the card's description: 'blue 4, image, blue 4'; and a hidden card focused
    wrote its label in a live region, said once more.  Now the title is its name alone, and
    focusing it changes no live region."""
    state = gg.replay(next(gg.load(FULL_GAME, strict=True))).state_after(10)
    open_page(browser, _page(tmp_path, "Bernd"), "step=10")
    known = accessible(browser, '.seat[data-seat="1"] [data-zone=hand] .card')[0]
    assert (name_of(known), description_of(known)) == ("blue 4", "")
    hidden = accessible(browser, '.seat[data-seat="2"] [data-zone=hand] .card')
    values = state.possible(1).values_text(gg.HiddenCard.parse("V?"))
    label = f"a violet card, value hidden; it can still be {values} (as Bernd knows)"
    assert (name_of(hidden[0]), description_of(hidden[0]), hidden[0]["role"]["value"]) == (
        label,
        "",
        "image",
    )
    # The step opened is said 250 ms after it is drawn: listen once that is done, or a
    # quick machine hears it as if the click had said it.
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _said(d).startswith("Step 10 "))
    browser.execute_script(LISTEN, _live(browser))
    browser.find_elements(By.CSS_SELECTOR, '.seat[data-seat="2"] [data-zone=hand] .card')[0].click()
    assert browser.switch_to.active_element.get_attribute("title") == label
    assert browser.find_element(By.ID, "possible-info").text == label  # for the eye
    assert browser.execute_script("return window.liveSaid") == []
    assert errors(browser) == []


LISTEN = """
window.liveSaid = [];
const observer = new MutationObserver((records) => {
  for (const record of records) {
    const region = record.target.nodeType === Node.ELEMENT_NODE ? record.target
      : record.target.parentElement;
    window.liveSaid.push([region.closest('[id]').id, region.textContent]);
  }
});
for (const id of arguments[0]) {
  observer.observe(document.getElementById(id), {childList: true, characterData: true,
                                                  subtree: true});
}
window.liveObserver = observer;
"""


def _live(driver: Any) -> list[str]:
    """The ids of the page's live regions, as Chromium's accessibility tree has them."""
    found = []
    for node in driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]:
        properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        if properties.get("live") in ("polite", "assertive") and "backendDOMNodeId" in node:
            described = driver.execute_cdp_cmd(
                "DOM.describeNode", {"backendNodeId": node["backendDOMNodeId"]}
            )["node"]
            attributes = described.get("attributes", [])
            found.append(dict(zip(attributes[::2], attributes[1::2], strict=True))["id"])
    return sorted(found)


HOLD = """
const steps = [];
let focused = 0;
document.addEventListener("focusin", () => focused++);
for (let k = 0; k < 40; k++) {
  const key = {key: "ArrowRight", bubbles: true, repeat: k > 0};
  document.activeElement.dispatchEvent(new KeyboardEvent("keydown", key));
  const card = document.activeElement.id === "table" ? document.querySelector(".card.held")
                                                       : document.activeElement;
  steps.push([Number(document.getElementById("where").dataset.step), document.activeElement.id,
              card.classList.contains("back"),
              document.getElementById("possible-info").textContent === card.title, focused]);
}
const during = window.liveObserver.takeRecords().length + window.liveSaid.length;
const up = {key: "ArrowRight", bubbles: true};
document.activeElement.dispatchEvent(new KeyboardEvent("keyup", up));
const card = document.activeElement;
const hand = Array.from(document.querySelectorAll('.seat[data-seat="2"] [data-zone=hand] .card'));
return [during, steps, [hand.indexOf(card), focused, document.querySelectorAll(".held").length,
                        document.getElementById("possible-info").textContent === card.title]];
"""


@pytest.mark.slow
def test_a_key_held_down_on_a_card_is_said_once_it_is_let_go(browser: Any, tmp_path: Path) -> None:
    """With a hidden card focused and \u2192 held down, the values under the table, a polite
    live region, said a card at each step whose values changed (a queue of them, read one
    after the other long after the key was let go).  Now the card focused is said by its
    name, the values under the table are for the eye (written at once, at every step), and
    the one live region says the step where the key stopped, once stepping pauses, and
    nothing before.

    Each step focused the card in the same place of the table drawn anew, a new element,
    which a screen reader said at every step the key repeated (40 focus events).  Now, once
    the key repeats, the focus waits on the table itself (a group named 'The table', said
    once), the card it comes back to marked (``.held``) and its values shown; when the key
    is let go the focus comes back to that card: three focus events in all."""
    open_page(browser, _page(tmp_path, "Bernd"), "step=0")
    assert _live(browser) == ["said"]
    (table,) = accessible(browser, "#table")
    assert (table["role"]["value"], name_of(table)) == ("group", "The table")
    browser.find_elements(By.CSS_SELECTOR, '.seat[data-seat="2"] [data-zone=hand] .card')[2].click()
    browser.execute_script(LISTEN, _live(browser))
    said_during, steps, let_go = browser.execute_script(HOLD)
    assert said_during == 0
    assert [step for step, *_ in steps] == list(range(1, 41))
    assert [focus for _, focus, *_ in steps] == [""] + ["table"] * 39
    assert [focused for *_, focused in steps] == [1] + [2] * 39
    on_cards = [same for _, _, back, same, _ in steps if back]
    assert len(on_cards) == 40 and all(on_cards)  # the values shown with each step
    assert let_go == [2, 3, 0, True]  # back on the card in the same place, its values shown
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _said(d).startswith("Step 40 of 73,"))
    said = browser.execute_script("return window.liveSaid")
    assert [region for region, _ in said] == ["said"]
    assert said[0][1] == _said(browser) and "can still be" not in said[0][1]
    assert _where(browser)["step"] == "40"
    assert errors(browser) == []


TABLES = """
return Array.from(document.querySelectorAll('table'), (table) => Array.from(table.rows, (row) =>
  Array.from(row.cells, (cell) => [cell.tagName, cell.getAttribute('scope') || ''])));
"""


def _rows(driver: Any) -> list[tuple[list[str], str]]:
    """Each table row in the accessibility tree: its cells' roles, and its row header's
    name (empty when it has none)."""
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    by_id = {node["nodeId"]: node for node in nodes}
    rows = []
    for node in nodes:
        if node.get("ignored") or node.get("role", {}).get("value") != "row":
            continue
        cells = [by_id[child] for child in node.get("childIds", []) if child in by_id]
        roles = [cell["role"]["value"] for cell in cells if not cell.get("ignored")]
        header = next((name_of(c) for c in cells if c["role"]["value"] == "rowheader"), "")
        rows.append((roles, header))
    return rows


@pytest.fixture(scope="module")
def duplicate_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``gargon standings --duplicate --html`` of the Spring Cup."""
    from typer.testing import CliRunner

    from gargon_notation.cli import app

    page = tmp_path_factory.mktemp("duplicate") / "duplicate.html"
    run = CliRunner().invoke(
        app, ["standings", "--duplicate", str(SPRING_CUP), "--html", str(page)]
    )
    assert run.exit_code == 0, run.output
    return page


@pytest.mark.parametrize(
    "kind",
    [
        "viewer",
        pytest.param("index", marks=pytest.mark.slow),
        pytest.param("standings", marks=pytest.mark.slow),
        pytest.param("duplicate", marks=pytest.mark.slow),
        pytest.param("ratings", marks=pytest.mark.slow),
        "stats",
    ],
)
def test_every_table_row_is_named_by_a_row_header(
    browser: Any,
    tmp_path: Path,
    report_pages: dict[str, Path],
    request: pytest.FixtureRequest,
    kind: str,
) -> None:
    """The rows of the score table, the tags, the index of games and every report's tables
    were named by a plain cell (td): a screen reader moving along a row did not say whose
    figures it read.  Now the name of each row is a <th scope="row"> (the player, the tag,
    the game, the round and table), each column's a <th scope="col">."""
    if kind == "viewer":
        open_page(browser, _page(tmp_path), "step=73")
    elif kind == "index":
        page = tmp_path / "club.html"
        page.write_text(gg.html_page(gg.load(ROOT / "examples" / "club-night.ggn")), "utf-8")
        open_page(browser, page)
    else:
        if kind == "duplicate":  # written for this case alone (the heavy profile's)
            page = request.getfixturevalue("duplicate_page")
        else:
            page = report_pages[kind]
        goto(browser, page.as_uri())
    for table in browser.execute_script(TABLES):
        for cells in table:
            tags = {tag for tag, _ in cells}
            if tags == {"TH"}:  # a heading row
                assert {scope for _, scope in cells} == {"col"}, cells
            else:
                assert ["TH", "row"] in cells, cells
                assert all(scope == "row" for tag, scope in cells if tag == "TH"), cells
    rows = _rows(browser)
    data = [(roles, header) for roles, header in rows if "cell" in roles]
    assert data and all(header for _, header in data), data
    headers = [header for _, header in data]
    expected = {
        "viewer": ["Adam * (winner) won amulets bonus", "Bernd won amulets bonus"],
        "index": ["Game 1", "Game 2", "Game 3"],
        "standings": ["Adam", "Bernd", "Collette", "Dagmar", "Emil"],
        "duplicate": ["Ann", "Ben", "Cleo", "Dan", "Eva", "Finn"],
        "ratings": ["Adam", "Bernd", "Collette", "Dagmar", "Emil"],
        "stats": ["Adam", "Bernd", "Collette", "Dagmar", "Emil", "all"],
    }[kind]
    assert set(expected) <= set(headers), headers
    assert errors(browser) == []


MEASURE = """
const charts = Array.from(document.querySelectorAll('svg'), (svg) => {
  const view = svg.viewBox.baseVal;
  const shown = svg.getBoundingClientRect();
  const box = svg.closest('.scroll');
  const texts = Array.from(svg.querySelectorAll('text'), (text) => {
    const inside = text.getBBox();
    const on = text.getBoundingClientRect();
    return {inside: [inside.x, inside.y, inside.x + inside.width, inside.y + inside.height],
            on: [on.left, on.top, on.right, on.bottom], text: text.textContent};
  });
  return {view: [view.width, view.height], size: [shown.width, shown.height], texts,
          cut: box ? box.scrollHeight > box.clientHeight + 1 : false};
});
return {root: getComputedStyle(document.documentElement).fontSize, charts};
"""


def _overlap(one: list[float], other: list[float]) -> bool:
    return (
        one[0] < other[2] - 0.5
        and other[0] < one[2] - 0.5
        and (one[1] < other[3] - 0.5 and other[1] < one[3] - 0.5)
    )


@pytest.mark.parametrize("verb", [pytest.param("ratings", marks=pytest.mark.slow), "stats"])
def test_the_report_charts_text_grows_with_the_text_size(
    browser: Any, report_pages: dict[str, Path], verb: str
) -> None:
    """The charts' text was 11 and 12 px in charts of a fixed size in px: at twice the
    browser's text size the page's text doubled and the charts' stayed as small.  Now a
    chart is sized in rem, its text and the room for it growing with the text size: at 200%
    every chart and every text in it is twice as large, each text inside its chart, none
    over another, and no chart cut off by its box."""
    seen = {}
    try:
        for size in (16, 32):
            browser.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": size}})
            goto(browser, report_pages[verb].as_uri())
            seen[size] = browser.execute_script(MEASURE)
    finally:
        browser.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16}})
    assert (seen[16]["root"], seen[32]["root"]) == ("16px", "32px")
    small, large = seen[16]["charts"], seen[32]["charts"]
    assert len(small) == len(large) >= 3
    assert sum(len(chart["texts"]) for chart in large) >= 9
    for before, after in zip(small, large, strict=True):
        assert after["size"] == pytest.approx([2 * side for side in before["size"]], abs=1)
        for was, text in zip(before["texts"], after["texts"], strict=True):
            height = text["on"][3] - text["on"][1]
            assert height == pytest.approx(2 * (was["on"][3] - was["on"][1]), rel=0.05), text
        width, height = after["view"]
        for text in after["texts"]:
            left, top, right, bottom = text["inside"]
            assert left >= 0 and top >= 0 and right <= width and bottom <= height, text
        for k, text in enumerate(after["texts"]):
            for other in after["texts"][k + 1 :]:
                assert not _overlap(text["on"], other["on"]), (text, other)
        assert not after["cut"]
    assert errors(browser) == []


@pytest.mark.slow
def test_another_view_does_not_keep_the_last_views_words(browser: Any, tmp_path: Path) -> None:
    """The words of a step (``#said``, written once stepping pauses) stayed those of the view
    left until the new view's were written: as Bernd, the page still said what everyone
    saw ('Written: Collette B12 V12 Y13', the cards Collette laid face down; a step-through
    test of club-night.ggn's game 2 found 'G10' and 'G8' so).  Now they are emptied with the
    view, and the new view's said once it pauses."""
    open_page(browser, _page(tmp_path), "step=10")
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _said(d).startswith("Step 10 of 73,"))
    everyone = _said(browser)
    said = browser.execute_script(  # at once, in the same task as the change
        "const view = document.getElementById('view'); view.value = '1';"
        "view.dispatchEvent(new Event('change'));"
        "return document.getElementById('said').textContent;"
    )
    assert said == ""
    WebDriverWait(browser, PATIENCE, POLL).until(lambda d: _said(d).startswith("Step 10 of 73,"))
    assert "Written: Collette B12 V12 Y13" in everyone
    assert "B12" not in _said(browser) and "a blue card, value hidden" in _said(browser)
    assert errors(browser) == []


LONG_EVENTS = ("The Grand Northern League Winter Meeting", "W" * 40)
"""Two event names of 40 characters: words, and the widest letter."""


@pytest.fixture(scope="module")
def events_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``gargon stats --by event --html`` of three games: one of each long event, one of the
    Spring Cup."""
    folder = tmp_path_factory.mktemp("events")
    games = folder / "events.ggn"
    texts = []
    for number, event in enumerate((*LONG_EVENTS, "Spring Cup")):
        text = gg.dumps(gg.record_from_simulation(gg.simulate(3, f"events.{number}")))
        texts.append(text.replace('[Notation "1"]\n', f'[Notation "1"]\n[Event "{event}"]\n'))
    games.write_text("\n".join(texts), encoding="utf-8")
    page = folder / "events.html"
    done = gargon("stats", str(games), "--by", "event", "--html", str(page))
    assert done.returncode == 0, done.stderr
    return page


LABELS = """
const svg = Array.from(document.querySelectorAll('svg')).at(-1);
const box = svg.getBoundingClientRect();
return {name: svg.getAttribute('aria-label'), box: [box.left, box.right],
        labels: Array.from(svg.querySelectorAll('text[text-anchor=end]'), (text) => {
          const on = text.getBoundingClientRect();
          const title = text.querySelector('title');
          return [Array.from(text.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE)
                    .map((n) => n.textContent).join(''),
                  title ? title.textContent : null, on.left, on.right];
        })};
"""


def test_a_long_label_of_a_chart_stays_in_its_chart(browser: Any, events_page: Path) -> None:
    """The labels of a bar chart had 144 px left of their bars, whatever their length: an
    event named in 40 characters began 120 px left of its chart (and 'W' * 40, 331 px), cut
    off by the page.  Now the labels' column grows with the longest label, up to 294 px; a
    longer one is cut with an ellipsis, its whole name its tooltip (and in the chart's name,
    which a screen reader reads)."""
    goto(browser, events_page.as_uri())
    seen = browser.execute_script(LABELS)
    assert seen["name"] == (f"Games by event: Spring Cup 1, {LONG_EVENTS[0]} 1, {LONG_EVENTS[1]} 1")
    left, right = seen["box"]
    shown = [(text, title) for text, title, _, _ in seen["labels"]]
    assert shown == [
        ("Spring Cup", None),
        (LONG_EVENTS[0], None),
        ("W" * 23 + "\u2026", LONG_EVENTS[1]),
    ]
    for text, _, start, end in seen["labels"]:
        assert left <= start < end <= right, (text, left, start)
    assert errors(browser) == []


def test_the_all_row_of_the_stats_table_is_set_apart(
    browser: Any, report_pages: dict[str, Path]
) -> None:
    """The stats table's last row, the corpus total, had the headings' background when its
    name was a heading cell; named by a row header (th scope=row, drawn as a plain cell) it
    lost it and kept only its bold.  Now it has both again, and the other rows neither."""
    goto(browser, report_pages["stats"].as_uri())
    looks = browser.execute_script(
        "return Array.from(document.querySelectorAll('tr th[scope=row]'), (th) => {"
        "  const s = getComputedStyle(th); return [th.textContent, s.backgroundColor,"
        "  s.fontWeight]; });"
    )
    heading = browser.execute_script(
        "return getComputedStyle(document.querySelector('th[scope=col]')).backgroundColor"
    )
    assert heading == "rgb(239, 236, 229)"
    assert looks[-1] == ["all", heading, "700"]
    assert [look[1:] for look in looks[:-1]] == [["rgba(0, 0, 0, 0)", "400"]] * 5
    assert errors(browser) == []
