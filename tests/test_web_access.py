"""The viewer's and the reports' pages as assistive technology is given them, in headless
Chromium (the browser of tests/test_web_browser.py): Chromium's accessibility tree, what
the page's live regions say while a key is held down, the tables' row headers, and the
report charts at twice the browser's text size (``Page.setFontSizes``: the browser's own
setting, not the page's style)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_web_browser import (
    ROOT,
    errors,
    open_page,
)
from test_web_browser import browser as browser
from test_web_browser import report_pages as report_pages

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
