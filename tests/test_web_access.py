"""The viewer's and the reports' pages as assistive technology is given them, in headless
Chromium (the browser of tests/test_web_browser.py): Chromium's accessibility tree, what
the page's live regions say while a key is held down, the tables' row headers, and the
report charts at twice the browser's text size (``Page.setFontSizes``: the browser's own
setting, not the page's style)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    PATIENCE,
    ROOT,
    By,
    WebDriverWait,
    _said,
    _where,
    errors,
    open_page,
)
from test_web_browser import browser as browser
from test_web_browser import report_pages as report_pages
from tournament import SPRING_CUP

import gargon_notation as gg
from gargon_notation.web.palette import PALETTE

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
for (let k = 0; k < 40; k++) {
  const key = {key: "ArrowRight", bubbles: true, repeat: k > 0};
  document.activeElement.dispatchEvent(new KeyboardEvent("keydown", key));
  const card = document.activeElement;
  steps.push([Number(document.getElementById("where").dataset.step),
              card.classList.contains("back"),
              document.getElementById("possible-info").textContent === card.title]);
}
return [window.liveObserver.takeRecords().length + window.liveSaid.length, steps];
"""


def test_a_key_held_down_on_a_card_is_said_once_it_is_let_go(browser: Any, tmp_path: Path) -> None:
    """With a hidden card focused and → held down, the values under the table, a polite
    live region, said a card at each step whose values changed (a queue of them, read one
    after the other long after the key was let go).  Now the card focused is said by its
    name, the values under the table are for the eye (written at once, at every step), and
    the one live region says the step where the key stopped, once stepping pauses, and
    nothing before."""
    open_page(browser, _page(tmp_path, "Bernd"), "step=0")
    assert _live(browser) == ["said"]
    browser.find_elements(By.CSS_SELECTOR, '.seat[data-seat="2"] [data-zone=hand] .card')[2].click()
    browser.execute_script(LISTEN, _live(browser))
    said_during, steps = browser.execute_script(HOLD)
    assert said_during == 0
    assert [step for step, _, _ in steps] == list(range(1, 41))
    on_cards = [same for _, back, same in steps if back]
    assert len(on_cards) == 40 and all(on_cards)  # the values shown with each step
    WebDriverWait(browser, PATIENCE).until(lambda d: _said(d).startswith("Step 40 of 73,"))
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


@pytest.mark.parametrize("kind", ["viewer", "index", "standings", "duplicate", "ratings", "stats"])
def test_every_table_row_is_named_by_a_row_header(
    browser: Any,
    tmp_path: Path,
    report_pages: dict[str, Path],
    duplicate_page: Path,
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
        browser.get("about:blank")
        browser.get((duplicate_page if kind == "duplicate" else report_pages[kind]).as_uri())
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


@pytest.mark.parametrize("verb", ["ratings", "stats"])
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
            browser.get("about:blank")
            browser.get(report_pages[verb].as_uri())
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


def test_another_view_does_not_keep_the_last_views_words(browser: Any, tmp_path: Path) -> None:
    """The words of a step (``#said``, written once stepping pauses) stayed those of the view
    left until the new view's were written: as Bernd, the page still said what everyone
    saw ('Written: Collette B12 V12 Y13', the cards Collette laid face down; a step-through
    test of club-night.ggn's game 2 found 'G10' and 'G8' so).  Now they are emptied with the
    view, and the new view's said once it pauses."""
    open_page(browser, _page(tmp_path), "step=10")
    WebDriverWait(browser, PATIENCE).until(lambda d: _said(d).startswith("Step 10 of 73,"))
    everyone = _said(browser)
    said = browser.execute_script(  # at once, in the same task as the change
        "const view = document.getElementById('view'); view.value = '1';"
        "view.dispatchEvent(new Event('change'));"
        "return document.getElementById('said').textContent;"
    )
    assert said == ""
    WebDriverWait(browser, PATIENCE).until(lambda d: _said(d).startswith("Step 10 of 73,"))
    assert "Written: Collette B12 V12 Y13" in everyone
    assert "B12" not in _said(browser) and "a blue card, value hidden" in _said(browser)
    assert errors(browser) == []
