"""Take the screenshots of the viewer that docs/viewer.md shows, into ``docs/images/``.

Run from anywhere: ``.venv/bin/python tools/screenshots.py`` (re)writes every screenshot,
with headless Chromium driven by selenium (``--chromium`` and ``--chromedriver`` give the
paths; the defaults are Debian's).  Each is a page that ``gargon html`` writes for an example
file, opened at a fixed link (game, step and view), in a window of a fixed size, after the
page says it is ready, with the text caret and animations off: the same code and records give
the same picture on the same machine (fonts differ between machines, so the bytes may too).
After changing how the viewer looks, run it and commit the pictures with the change.

    viewer-full-game.png   examples/full-game.ggn at step 6 (a battle), everything known
    viewer-seat.png        gargon html examples/full-game.ggn --seat Bernd, step 3 (face down)
    viewer-index.png       examples/club-night.ggn: the index of its three games
    viewer-end.png         examples/full-game.ggn at its last step: the score table
    viewer-phone.png       examples/table-record.ggn as Emil saw it, 390 pixels wide
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

import gargon_notation as gg

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"

SHOTS: dict[str, tuple[str, str | None, str, tuple[int, int]]] = {
    "viewer-full-game.png": ("examples/full-game.ggn", None, "step=6", (1100, 980)),
    "viewer-seat.png": ("examples/full-game.ggn", "Bernd", "step=3", (1100, 980)),
    "viewer-index.png": ("examples/club-night.ggn", None, "", (1100, 330)),
    "viewer-end.png": ("examples/full-game.ggn", None, "step=73", (1100, 1720)),
    "viewer-phone.png": ("examples/table-record.ggn", "Emil", "step=7", (390, 1400)),
}
"""Each screenshot: the record (from the project's root), the seat of the page (None: every
view), the link it is opened at, and the window's width and height in pixels."""

QUIET = "*{caret-color:transparent!important;transition:none!important;animation:none!important}"


def page_of(record_path: str, seat: str | None) -> str:
    """The page ``gargon html RECORD [--seat NAME]`` writes."""
    records = list(gg.load(ROOT / record_path, strict=True))
    return gg.html_page(records[0] if len(records) == 1 else records, seat=seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    arguments = parser.parse_args()
    options = Options()
    options.binary_location = arguments.chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    options.add_argument("--force-device-scale-factor=1")
    driver = webdriver.Chrome(service=Service(arguments.chromedriver), options=options)
    IMAGES.mkdir(exist_ok=True)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for name, (record_path, seat, link, (width, height)) in SHOTS.items():
                page = Path(scratch) / f"{name}.html"
                page.write_text(page_of(record_path, seat), encoding="utf-8")
                driver.set_window_size(width, height)
                driver.get("about:blank")
                driver.get(page.as_uri() + (f"#{link}" if link else ""))
                WebDriverWait(driver, 20).until(
                    lambda d: d.execute_script("return document.documentElement.dataset.ready")
                )
                driver.execute_script(
                    "const s = document.createElement('style'); s.textContent = arguments[0];"
                    "document.head.append(s); window.scrollTo(0, 0);",
                    QUIET,
                )
                driver.save_screenshot(str(IMAGES / name))
                print(f"wrote docs/images/{name}")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
