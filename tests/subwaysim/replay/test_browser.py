"""The replay page in a real browser (headless Chromium from the system packages).

The page's script records on <html> what it drew (data-drawn-*) and any script error
(data-script-error); Chromium's --dump-dom hands back the page after the script ran.
Skipped where no chromium binary exists (`.ci/run` installs it with apt-get when it can).
Nothing here downloads a browser.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from subwaysim.commands.one_game import JsonlLog
from subwaysim.engine import Game
from subwaysim.replay.log import parse_log
from subwaysim.replay.page import render_page, write_page
from subwaysim.scenario import load_scenario

from .pagetree import parse_page, tiny

ROOT = Path(__file__).resolve().parents[3]
CHROMIUM = next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None
)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no chromium binary on PATH: `apt-get install -y chromium` (as .ci/run does) "
    "to run the real-browser tests of the replay page",
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium(tmp_path: Path, *args: str) -> str:
    profile = tmp_path / "profile"
    command = [str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def drawn(tmp_path: Path, page: Path, fragment: str) -> dict[str, str]:
    """The <html> attributes after the page's script ran at `page#fragment`."""
    dom = chromium(tmp_path, "--dump-dom", f"{page.as_uri()}#{fragment}")
    return dict(parse_page(dom).attrib)


@pytest.fixture(scope="module")
def tiny_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("page") / "tiny.html"
    write_page(tiny(), page)
    return page


@pytest.mark.parametrize(
    ("turn", "trips", "track", "stations", "end"),
    [(1, 0, 4, 0, "hidden"), (3, 3, 5, 2, "hidden"), (6, 4, 9, 3, "shown")],
)
def test_the_browser_draws_every_cell_and_each_trip_of_the_turn(
    tmp_path: Path, tiny_page: Path, turn: int, trips: int, track: int, stations: int, end: str
) -> None:
    seen = drawn(tmp_path, tiny_page, f"turn={turn}")
    assert "data-script-error" not in seen
    assert seen["data-ready"] == "1"
    assert seen["data-shown-turn"] == str(turn)
    assert seen["data-drawn-cells"] == "16"
    assert seen["data-drawn-trips"] == str(trips)
    assert seen["data-listed-trips"] == str(trips)
    assert seen["data-drawn-track"] == str(track)
    assert seen["data-drawn-stations"] == str(stations)
    assert seen["data-end-screen"] == end


def test_without_a_turn_the_page_opens_on_turn_1_and_end_goes_to_the_last(
    tmp_path: Path, tiny_page: Path
) -> None:
    assert drawn(tmp_path, tiny_page, "")["data-shown-turn"] == "1"
    assert drawn(tmp_path, tiny_page, "end")["data-shown-turn"] == "6"
    assert drawn(tmp_path, tiny_page, "turn=99")["data-shown-turn"] == "6"


def test_a_script_error_would_be_seen(tmp_path: Path) -> None:
    """The check above can fail: a page whose script breaks reports it."""
    page = tmp_path / "broken.html"
    html = render_page(tiny()).replace('"use strict";', '"use strict"; noSuchThing();', 1)
    page.write_text(html)
    seen = drawn(tmp_path, page, "turn=3")
    assert "noSuchThing" in seen["data-script-error"]
    assert "data-ready" not in seen


def test_a_real_game_in_the_browser(tmp_path: Path) -> None:
    scenario = load_scenario(ROOT / "scenarios" / "classic.yaml", ["end.turns=4"])
    journal = JsonlLog()
    Game(scenario, 3, [journal]).run()
    game = parse_log(journal.lines, "classic")
    page = tmp_path / "classic.html"
    write_page(game, page)
    for turn in (1, 8):
        seen = drawn(tmp_path, page, f"turn={turn}")
        assert "data-script-error" not in seen
        assert seen["data-drawn-cells"] == str(game.board.size)
        assert seen["data-drawn-trips"] == str(len(game.frame(turn).trips))
        squares = sum(len(s) for s in game.frame(turn).end.track.values())
        assert seen["data-drawn-track"] == str(squares)


def test_a_laptop_screenshot(tmp_path: Path, tiny_page: Path) -> None:
    shot = tmp_path / "shot.png"
    chromium(
        tmp_path, f"--screenshot={shot}", "--window-size=1280,800", f"{tiny_page.as_uri()}#end"
    )
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk
    assert (width, height) == (1280, 800)
    assert len(data) > 20_000  # a drawn page, not a blank one
