"""Issue 27, point 7: control characters in user-given text never reach a terminal, and CSV
cells a spreadsheet would run are written safely and read back to the same value."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.run.results import read_games
from tabletop.cells import read_cell, safe_cell
from tabletop.terminal import visible

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "x\x1b]2;PWNED\x07\x1b[2J\x9b31m\u202e"


def test_visible_shows_every_control_character_as_its_escape() -> None:
    assert visible(HOSTILE) == "x\\x1b]2;PWNED\\x07\\x1b[2J\\x9b31m\\u202e"
    assert visible("line\n\ttab é ☃") == "line\n\ttab é ☃"


def test_a_hostile_scenario_name_is_shown_escaped_by_validate_run_and_replay(
    tmp_path: Path,
) -> None:
    scenario = tmp_path / "s.yaml"
    text = (ROOT / "scenarios" / "classic.yaml").read_text()
    escaped = HOSTILE.encode("unicode_escape").decode()
    lines = [
        f'name: "{escaped}"' if line.startswith("name:") else line for line in text.split("\n")
    ]
    scenario.write_text("\n".join(lines))
    log, page = tmp_path / "g.jsonl", tmp_path / "g.html"
    commands = [
        ["validate", str(scenario)],
        ["run", str(scenario), "--set", "end.turns=1", "--log", str(log)],
        ["replay", str(log), "--out", str(page)],
    ]
    for args in commands:
        result = CliRunner().invoke(app, args, color=True)
        assert result.exit_code == 0, result.output
        assert "\x1b]" not in result.output and "\x07" not in result.output
        assert "\x1b[2J" not in result.output and "\u202e" not in result.output
        assert "\\x1b]2;PWNED" in result.output and "\\x1b[2J" in result.output, args


@given(st.text())
def test_every_cell_reads_back_to_what_was_written(value: str) -> None:
    out = io.StringIO()
    csv.writer(out).writerow([safe_cell(value)])
    (cell,) = next(csv.reader(io.StringIO(out.getvalue())))
    if value.strip("\r\n") == value:  # csv itself keeps lone line ends as they are
        assert read_cell(cell) == value
    assert (
        not cell.startswith(("=", "+", "@", "\t", "\r"))
        or cell.lstrip("+-").replace(".", "").isdigit()
    )


def test_formulas_get_an_apostrophe_and_numbers_do_not() -> None:
    assert [safe_cell(v) for v in ("=1+2", "@SUM(A1)", "+cmd", "-x", "'q", "-3", "+1.5", "a")] == [
        "'=1+2", "'@SUM(A1)", "'+cmd", "'-x", "''q", "-3", "+1.5", "a",
    ]  # fmt: skip


def test_swept_formulas_are_safe_in_games_and_summary_and_read_back(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    scenario = ROOT / "scenarios" / "classic.yaml"
    args = ["sweep", str(scenario), "--set", "name==1+2,@SUM(A1)", "--set", "end.turns=1"]
    result = CliRunner().invoke(app, [*args, "--games", "1", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for name in ("games.csv", "summary.csv"):
        cells = [c for row in csv.reader((out / name).open()) for c in row]
        assert "'=1+2" in cells and "'@SUM(A1)" in cells
        assert not [c for c in cells if c.startswith(("=", "@"))]
    again = CliRunner().invoke(app, ["report", str(out)])
    assert again.exit_code == 0, again.output
    swept = {r.setting.values[0] for r in read_games(out / "games.csv").records}
    assert swept == {"=1+2", "@SUM(A1)"}  # read back as swept
