"""`subway playtest` end to end on a tiny scenario with few games and quick players: the
twelve sections, the files, resuming, and bad input (exit 2, one message, no traceback)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from subwaysim.playtest import runtime
from subwaysim.playtest.advice import sentences, words
from subwaysim.playtest.report import first_screens
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.results import read_games

from .conftest import GAMES as GAMES_A_SETTING
from .conftest import OPTIONS, invoke
from .helpers import TINY


def validate(path: Path):  # type: ignore[no-untyped-def]
    return invoke("validate", path)


SWEEPS = 23 + 10  # random plays all 23 parts, mcts the ten marked `strength`

pytestmark = pytest.mark.slow  # one whole playtest: 33 sweeps, each with its plots


def test_the_report_opens_with_recommendations_then_q1_to_q12_in_order(
    played: tuple[Path, Path, str],
) -> None:
    report = (played[1] / "report.md").read_text()
    headings = re.findall(r"^## (.*)$", report, flags=re.MULTILINE)
    assert headings[:2] == ["Recommendations", "The recommended rule set"]
    numbered = [h for h in headings if re.match(r"Q\d+ ", h)]
    assert [h.split(" ")[0] for h in numbered] == [f"Q{n}" for n in range(1, 13)]
    assert headings.index(numbered[0]) == 2  # the questions come right after the rule set
    # The designer's order (rules page): Q1 balance and builds, Q3 the ending, Q11 two piles.
    assert numbered[0].startswith("Q1 Is everything balanced well?")
    assert numbered[2] == "Q3 How should the game end?"
    assert numbered[10].startswith("Q11 Two piles of cards")
    assert numbered[11] == "Q12 What to make clearer"


def test_the_recommendations_table_has_twelve_rows_each_with_a_link(
    played: tuple[Path, Path, str],
) -> None:
    report = (played[1] / "report.md").read_text()
    table = report.split("## Recommendations")[1].split("\n\n")[1].splitlines()[2:]
    assert len(table) == 12
    anchors = set(re.findall(r"^## (.*)$", report, flags=re.MULTILINE))
    for n, row in enumerate(table, start=1):
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert cells[0].startswith(f"[Q{n}](#q{n}-"), row
        recommendation, reason, confidence = cells[2], cells[3], cells[4]
        assert (
            recommendation.startswith("**")
            or recommendation == "keep the draft's rule"
            or recommendation.startswith("can't tell yet")
            or confidence.startswith("n/a")
        ), row
        assert (reason.endswith(".") and confidence in ("strong", "moderate", "weak", "–")) or (
            confidence.startswith("n/a")
        )
    assert len(anchors) >= 14


def test_every_first_screen_is_at_most_three_sentences(played: tuple[Path, Path, str]) -> None:
    report = (played[1] / "report.md").read_text()
    screens = first_screens(report)
    assert list(screens) == [f"Q{n}" for n in range(1, 13)]
    for number, text in screens.items():
        assert 1 <= len(sentences(text)) <= 3, (number, text)
    counts = {n: words(t) for n, t in screens.items()}
    assert sum(counts.values()) <= 1500, counts
    print("first screens:", counts, "total", sum(counts.values()), "report", words(report))


def test_seat_flags_reach_the_answer_and_the_recommendations(
    played: tuple[Path, Path, str],
) -> None:
    """Random players on a 3-turn game: the first seat wins far less than half, and the
    report must say so in the question's first screen and the table."""
    report = (played[1] / "report.md").read_text()
    table = report.split("## Recommendations")[1].split("**Confidence.**")[0]
    assert "⚑" in table
    q1 = first_screens(report)["Q1"]
    assert "Seat flag" in q1


def test_sweep_details_give_intervals_the_drafts_baseline_and_the_sweeps(
    played: tuple[Path, Path, str],
) -> None:
    report = (played[1] / "report.md").read_text()
    q1 = report.split("## Q1 ")[1].split("## Q2 ")[0]
    assert "Baseline: builds_per_turn = 3 (the draft's rule)" in q1
    assert re.search(r"wins \d+% \[\d+%–\d+%\] of the baseline's games", q1)
    assert "Sweeps: [random](q1/builds/random/report.md)" in q1
    assert "[mcts:1](q1/builds/mcts-1/report.md)" in q1
    assert "#### What builds cost at 6 builds a turn" in q1
    assert "express stations 3, other builds 2, at 6 builds a turn" in q1
    assert "#### Does skill pay?" in q1 and "| strategy | equilibrium weight |" in q1
    # A search player with 6 games a setting is descriptive, never "detected"
    mcts = q1.split("*Mcts players (1 playouts a build phase), 6 games a setting:*")[1]
    assert "(detected)" not in mcts.split("*Random players")[0]
    # Question 4 (the board) is not a strength question: mcts did not play it.
    q4 = report.split("## Q4 ")[1].split("## Q5 ")[0]
    assert "Not played by mcts players (1 playouts a build phase)" in q4
    q3 = report.split("## Q3 ")[1].split("## Q4 ")[0]
    assert "#### The tune of the ending" in q3 and "end.turns=null" in q3


def test_the_files_every_sweep_and_question_needs(played: tuple[Path, Path, str]) -> None:
    out = played[1]
    folders = sorted(p.parent for p in out.glob("q*/*/*/sweep.json"))
    assert len(folders) == SWEEPS
    for folder in folders:
        for name in (GAMES, "summary.csv", "compare.csv", "report.md", "plays.csv"):
            assert (folder / name).exists(), folder / name
    assert (out / "playtest.json").exists()
    assert (out / "q6" / "replay.html").read_text().startswith("<!DOCTYPE html>")
    games = (out / "q1" / "builds" / "random" / GAMES).read_text().splitlines()
    assert len(games) == 1 + 5 * GAMES_A_SETTING  # header, 5 settings
    assert (out / "q1" / "ladder" / GAMES).exists() and (out / "q1" / "strategies" / GAMES).exists()
    assert (out / "q3" / "tune" / "tune.md").exists()
    recommended = out / "recommended.yaml"
    assert validate(recommended).exit_code == 0


def test_the_drafts_games_are_the_same_in_every_part_and_played_once(
    played: tuple[Path, Path, str],
) -> None:
    out = played[1]
    # Common random numbers: game k of the draft's rules is one game wherever it comes
    # (question 1's builds_per_turn = 3, question 2's transfer_cost = 0), played once.
    q1 = read_games(out / "q1" / "builds" / "random" / GAMES).records
    q2 = read_games(out / "q2" / "transfers" / "random" / GAMES).records
    draft_q1 = [(r.seed, r.digest) for r in q1 if r.setting.values[0] == "3"]
    draft_q2 = [(r.seed, r.digest) for r in q2 if r.setting.values[0] == "0"]
    assert draft_q1 == draft_q2 and len(draft_q1) == GAMES_A_SETTING
    assert "copied from earlier sweeps" in " ".join(played[2].split())


def test_a_rerun_resumes_playing_only_what_is_missing(played: tuple[Path, Path, str]) -> None:
    scenario, out, first = played
    assert f"{SWEEPS} sweeps" in first and f"[{SWEEPS}/{SWEEPS}]" in first
    report = (out / "report.md").read_text()
    games = out / "q2" / "transfers" / "random" / GAMES
    lines = games.read_text().splitlines(keepends=True)
    games.write_text("".join(lines[:-1]) + lines[-1][:5])  # a kill tore the last game
    again = invoke("playtest", scenario, "--out", out, *OPTIONS)
    assert again.exit_code == 0, again.output
    to_play = re.findall(r"(\d+) to play", again.output.replace("\n", " "))
    assert sorted(map(int, to_play)) == [0] * (SWEEPS - 1) + [1]
    assert "(1 game played in" in again.output
    assert games.read_text() == "".join(lines)
    # The same report, but for the run time, which now sums both runs (runtime.json).
    timing = re.compile(r"^This playtest took .*$", re.M)
    again_report = (out / "report.md").read_text()
    assert timing.sub("", again_report) == timing.sub("", report)
    assert "in one run" in report and "in 2 runs (resumed)" in again_report
    sessions = runtime.read(out)
    assert [s.played for s in sessions] == [sessions[0].played, 1]


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
