"""`subway playtest` end to end on a tiny scenario with few games and quick players: the
twelve sections, the files, resuming, and bad input (exit 2, one message, no traceback)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.results import read_games

from .helpers import TINY

runner = CliRunner()
AGENTS = "random,mcts:1"  # quick, and a search player on the parts where skill may matter
SWEEPS = 20 + 7  # random plays all 20 parts, mcts the seven marked `strength`


def invoke(*args: object):  # type: ignore[no-untyped-def]
    return runner.invoke(app, [str(a) for a in args])


pytestmark = pytest.mark.slow  # one whole playtest: 27 sweeps, each with its plots


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The tiny playtest, played once for the module: (scenario, folder, output)."""
    root = tmp_path_factory.mktemp("playtest")
    scenario = root / "tiny.yaml"
    scenario.write_text(TINY.replace("end: {turns: 6}", "end: {turns: 3}"))
    out = root / "out"
    result = invoke("playtest", scenario, "--out", out, "--games", 2, "--agents", AGENTS,
                    "--jobs", 1)  # fmt: skip
    assert result.exit_code == 0, result.output
    return scenario, out, result.output


def test_the_report_has_a_section_per_question_in_order(played: tuple[Path, Path, str]) -> None:
    report = (played[1] / "report.md").read_text()
    headings = re.findall(r"^## (.*)$", report, flags=re.MULTILINE)
    assert [h.split(" ")[0] for h in headings] == [f"Q{n}" for n in range(1, 13)]
    assert headings[0] == "Q1 How many builds a turn?"
    assert headings[11] == "Q12 What to make clearer"
    assert "this project's reading of the numbering" in report


def test_every_section_opens_with_an_answer_and_has_a_plot(played: tuple[Path, Path, str]) -> None:
    out = played[1]
    sections = re.split(r"^## ", (out / "report.md").read_text(), flags=re.MULTILINE)[1:]
    for number, section in enumerate(sections, start=1):
        body = section.split("\n\n")
        assert any(p.startswith("**Answer.**") for p in body[:4]), section[:200]
        plots = re.findall(r"!\[[^]]*\]\((plots/q\d+\.png)\)", section)
        assert plots == [f"plots/q{number}.png"], number
        assert (out / plots[0]).stat().st_size > 0


def test_sweep_answers_give_intervals_and_the_drafts_baseline(
    played: tuple[Path, Path, str],
) -> None:
    report = (played[1] / "report.md").read_text()
    q1 = report.split("## Q1 ")[1].split("## Q2 ")[0]
    assert "Against builds_per_turn = 3 (the draft's rule)" in q1
    assert re.search(r"wins \d+% \[\d+%–\d+%\] of the baseline's games", q1)
    assert "Sweeps: [random](q1/builds/random/report.md)" in q1
    assert "[mcts:1](q1/builds/mcts-1/report.md)" in q1
    # Question 3 is not a strength question: mcts did not play it, and the report says so.
    q3 = report.split("## Q3 ")[1].split("## Q4 ")[0]
    assert "Not played by mcts players (1 playouts a build phase)" in q3


def test_the_files_every_sweep_and_question_needs(played: tuple[Path, Path, str]) -> None:
    out = played[1]
    folders = sorted(p.parent for p in out.glob("q*/*/*/sweep.json"))
    assert len(folders) == SWEEPS
    for folder in folders:
        for name in (GAMES, "summary.csv", "compare.csv", "report.md"):
            assert (folder / name).exists(), folder / name
    assert (out / "playtest.json").exists()
    assert (out / "q6" / "replay.html").read_text().startswith("<!DOCTYPE html>")
    games = (out / "q1" / "builds" / "random" / GAMES).read_text().splitlines()
    assert len(games) == 1 + 5 * 2  # header, 5 settings x 2 games
    assert len((out / "q1" / "builds" / "mcts-1" / GAMES).read_text().splitlines()) == 11


def test_the_drafts_games_are_the_same_in_every_part_and_played_once(
    played: tuple[Path, Path, str],
) -> None:
    out = played[1]
    # Common random numbers: game k of the draft's rules is one game wherever it comes
    # (question 1's builds_per_turn = 3, question 4's transfer_cost = 0), played once.
    q1 = read_games(out / "q1" / "builds" / "random" / GAMES).records
    q4 = read_games(out / "q4" / "transfers" / "random" / GAMES).records
    draft_q1 = [(r.seed, r.digest) for r in q1 if r.setting.values[0] == "3"]
    draft_q4 = [(r.seed, r.digest) for r in q4 if r.setting.values[0] == "0"]
    assert draft_q1 == draft_q4 and len(draft_q1) == 2
    assert "copied from earlier sweeps" in " ".join(played[2].split())


def test_a_rerun_resumes_playing_only_what_is_missing(played: tuple[Path, Path, str]) -> None:
    scenario, out, first = played
    assert f"{SWEEPS} sweeps" in first and f"[{SWEEPS}/{SWEEPS}]" in first
    report = (out / "report.md").read_text()
    games = out / "q4" / "transfers" / "random" / GAMES
    lines = games.read_text().splitlines(keepends=True)
    games.write_text("".join(lines[:-1]) + lines[-1][:5])  # a kill tore the last game
    again = invoke("playtest", scenario, "--out", out, "--games", 2, "--agents", AGENTS,
                   "--jobs", 1)  # fmt: skip
    assert again.exit_code == 0, again.output
    to_play = re.findall(r"(\d+) to play", again.output.replace("\n", " "))
    assert sorted(map(int, to_play)) == [0] * (SWEEPS - 1) + [1]
    assert "(1 game played in" in again.output
    assert games.read_text() == "".join(lines)
    assert (out / "report.md").read_text() == report


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--games", "0"], "Invalid value for '--games': '0': give at least 1"),
        (["--agents", "greedy,human"], "'human' is not a computer player"),
        (["--precision", "2"], "--precision is a win-rate interval width in (0, 1], got 2.0"),
        (["--jobs", "0"], "Invalid value for '--jobs': '0': give at least 1"),
    ],
)
def test_bad_options_exit_2_naming_the_problem(
    tmp_path: Path, options: list[str], message: str
) -> None:
    scenario = tmp_path / "tiny.yaml"
    scenario.write_text(TINY)
    result = invoke("playtest", scenario, "--out", tmp_path / "out", *options)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_bad_scenario_exits_2_naming_file_key_and_line(tmp_path: Path) -> None:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(TINY.replace("end: {turns: 6}", "end: {turns: many}"))
    result = invoke("playtest", scenario, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert f"{scenario}: end.turns (line 6)" in result.output
    missing = invoke("playtest", tmp_path / "none.yaml", "--out", tmp_path / "out")
    assert missing.exit_code == 2 and "cannot read file" in missing.output


def test_someone_elses_folder_or_another_scenarios_playtest_exits_2(
    tmp_path: Path, played: tuple[Path, Path, str]
) -> None:
    scenario = tmp_path / "tiny.yaml"
    scenario.write_text(TINY.replace("seed: 5", "seed: 6"))
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    result = invoke("playtest", scenario, "--out", tmp_path / "other")
    assert result.exit_code == 2 and "holds other files (notes.txt)" in result.output
    result = invoke("playtest", scenario, "--out", played[1])
    assert result.exit_code == 2 and "is a different scenario" in result.output
