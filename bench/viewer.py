"""The viewer page of a five-player game: its size, and how long headless Chromium takes to
load it until the viewer has drawn the table (issue #11: under 1 MB and under a second).

The game is made by the command line, as a user would make it:

    gargon simulate --players 5 --seed SEED --deal --comments -o game.ggn
    gargon annotate game.ggn --in-place
    gargon html game.ggn -o game.html

(the deal written out and annotated: the largest record of the game, so the largest page;
the default seed gives the longest five-player game of ``viewer-bench.0`` to ``.39``).
The load time is the time from the start of the navigation to the viewer's ``gargon-ready``
mark (``performance.mark``, set once the first table is drawn), read from the browser's
Navigation Timing; the figure is the median of ``--loads`` loads (after one warm-up load), each
in a fresh tab state (``about:blank`` in between).  Also timed: the first 20 steps through the
page's own "next" button, in the browser (the time a step takes to draw).

Run:  python bench/viewer.py [--seed viewer-bench.28] [--loads 9] [--chromium /usr/bin/chromium]
      [--chromedriver /usr/bin/chromedriver]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

READY = (
    "const mark = performance.getEntriesByName('gargon-ready')[0];"
    "return mark ? mark.startTime : null;"
)
STEPS = """
const started = performance.now();
for (let k = 0; k < 20; k++) document.getElementById('next').click();
return (performance.now() - started) / 20;
"""


def gargon(*args: str) -> None:
    """Run the ``gargon`` installed beside this Python; stop on failure."""
    command = [str(Path(sys.executable).with_name("gargon")), *args]
    subprocess.run(command, check=True)


def make_page(folder: Path, seed: str) -> tuple[Path, int]:
    """The page of a simulated five-player game, and the number of steps of the game."""
    record = folder / "game.ggn"
    page = folder / "game.html"
    gargon("simulate", "--players", "5", "--seed", seed, "--deal", "--comments", "-o", str(record))
    gargon("annotate", str(record), "--in-place")
    gargon("html", str(record), "-o", str(page))
    import gargon_notation as gg

    steps = len(gg.replay(next(gg.load(record, strict=True))).steps)
    return page, steps


def browser(chromium: str, chromedriver: str) -> webdriver.Chrome:
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(chromedriver), options=options)


def load_time(driver: webdriver.Chrome, url: str) -> float:
    """Milliseconds from the start of navigation to the viewer's ready mark."""
    driver.get("about:blank")
    driver.get(url)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(READY) is not None)
    return float(driver.execute_script(READY))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", default="viewer-bench.28")
    parser.add_argument("--loads", type=int, default=9)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        page, steps = make_page(Path(scratch), arguments.seed)
        size = page.stat().st_size
        driver = browser(arguments.chromium, arguments.chromedriver)
        try:
            url = page.as_uri()
            load_time(driver, url)  # warm-up: the browser's own start-up is not the page's
            times = [load_time(driver, url) for _ in range(arguments.loads)]
            step = driver.execute_script(STEPS)
        finally:
            driver.quit()
    print(f"five-player game, seed {arguments.seed!r}: {steps} steps, six views")
    print(f"page size: {size:,} bytes ({size / 1_000_000:.2f} MB)")
    print(
        f"load to ready: median {statistics.median(times):.0f} ms "
        f"(min {min(times):.0f}, max {max(times):.0f}, {len(times)} loads)"
    )
    print(f"one step drawn: {step:.1f} ms (mean of 20)")


if __name__ == "__main__":
    main()
