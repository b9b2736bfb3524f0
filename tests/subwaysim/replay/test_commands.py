"""`subway replay LOG --out PAGE` and `subway run --step / --turn N / --html PAGE`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from subwaysim.cli import app
from subwaysim.scenario import load_scenario

from .pagetree import TINY, parse_page

ROOT = Path(__file__).resolve().parents[3]
CLASSIC = str(ROOT / "scenarios" / "classic.yaml")
SHORT = ["--set", "end.turns=2", "--seed", "5"]  # four turns
runner = CliRunner()


def invoke(*args: object, input: str | None = None) -> Result:
    return runner.invoke(app, [str(a) for a in args], input=input)


def flat(output: str) -> str:
    """The output with line breaks (from wrapping) and repeated spaces as single spaces."""
    return " ".join(output.split())


def titles(output: str) -> list[str]:
    return re.findall(r"Turn (\d+) · round", output)


def test_replay_writes_the_page(tmp_path: Path) -> None:
    page = tmp_path / "out" / "tiny.html"
    result = invoke("replay", TINY, "--out", page)
    assert result.exit_code == 0, result.output
    assert f"{page}: 6 turns of tiny; open it in a browser" in flat(result.output)
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_replay_refuses_a_damaged_log_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    lines = TINY.read_text().splitlines()
    bad.write_text("\n".join([*lines[:22], lines[22].replace('"distance":4', '"distance":"4"')]))
    page = tmp_path / "page.html"
    result = invoke("replay", bad, "--out", page)
    assert result.exit_code == 2
    assert flat(result.output) == (
        f"Error: {bad}: line 23: TripTaken distance: Input should be a valid integer"
    )
    assert not page.exists()
    result = invoke("replay", tmp_path / "none.jsonl", "--out", page)
    assert result.exit_code == 2 and "cannot read the log" in result.output
    assert "Traceback" not in result.output


def test_replay_reports_a_page_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = invoke("replay", TINY, "--out", blocker / "page.html")
    assert result.exit_code == 2 and "cannot write it" in result.output


def test_run_turn_n_prints_that_turn_alone() -> None:
    result = invoke("run", CLASSIC, *SHORT, "--turn", 3)
    assert result.exit_code == 0, result.output
    assert titles(result.output) == ["3"]
    assert "wins" not in result.output  # no summary


def test_run_turn_n_refuses_a_turn_the_game_did_not_have() -> None:
    result = invoke("run", CLASSIC, *SHORT, "--turn", 5)
    assert result.exit_code == 2
    assert "--turn 5: the game had turns 1 to 4" in result.output


def test_run_step_follows_typed_keys() -> None:
    result = invoke("run", CLASSIC, *SHORT, "--step", input="\nb\ng 4\nzz\nq\nnever read\n")
    assert result.exit_code == 0, result.output
    assert titles(result.output) == ["1", "2", "1", "4"]
    assert "'zz'? Enter next · b back · g N go to turn N · q quit" in result.output


def test_run_step_from_turn_n_to_the_summary() -> None:
    result = invoke("run", CLASSIC, *SHORT, "--step", "--turn", 3, input="\n\n")
    assert result.exit_code == 0, result.output
    assert titles(result.output) == ["3", "4"]
    assert re.search(r"classic \(seed 5\): .* (wins|share the win)", result.output)


def test_run_quiet_does_not_go_with_step() -> None:
    result = invoke("run", CLASSIC, *SHORT, "--quiet", "--step")
    assert result.exit_code == 2 and "--quiet prints only the summary" in result.output


def test_run_html_is_the_page_replay_makes_of_the_runs_log(tmp_path: Path) -> None:
    log, page, again = tmp_path / "game.jsonl", tmp_path / "run.html", tmp_path / "replay.html"
    result = invoke("run", CLASSIC, *SHORT, "--quiet", "--log", log, "--html", page)
    assert result.exit_code == 0, result.output
    assert f"Replay page: {page}" in flat(result.output)
    assert invoke("replay", log, "--out", again).exit_code == 0
    footer = re.compile(r"<footer>.*?</footer>")
    assert footer.sub("", page.read_text()) == footer.sub("", again.read_text())
    slider = next(e for e in parse_page(page.read_text()).iter("input"))
    assert slider.get("max") == "4"


def test_run_step_writes_the_page_too(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = invoke("run", CLASSIC, *SHORT, "--step", "--html", page, input="q\n")
    assert result.exit_code == 0 and page.exists()


def test_run_html_reports_a_page_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = invoke("run", CLASSIC, *SHORT, "--quiet", "--html", blocker / "page.html")
    assert result.exit_code == 2
    assert f"{blocker / 'page.html'}: cannot write it" in flat(result.output)


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.yaml")), ids=lambda p: p.name)
def test_every_bundled_scenario_makes_a_page(tmp_path: Path, path: Path) -> None:
    page = tmp_path / "page.html"
    result = invoke("run", path, "--set", "end.turns=2", "--quiet", "--html", page)
    assert result.exit_code == 0, result.output
    cells = [e for e in parse_page(page.read_text()).iter("rect") if e.get("class") == "cell"]
    hazards = [
        e for e in parse_page(page.read_text()).iter("rect") if e.get("class") == "cell hazard"
    ]
    board = load_scenario(path, ["end.turns=2"]).make_board()
    assert len(cells) + len(hazards) == board.size
    assert len(hazards) == len(board.hazards)
