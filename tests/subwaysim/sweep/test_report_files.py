"""The report files: summary.csv, compare.csv, the plots and report.md, rebuilt from the folder."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.engine import Game
from subwaysim.sweep.plan.meta import META
from subwaysim.sweep.report.report_files import write_report
from subwaysim.sweep.run.traces import TRACES
from tests.subwaysim.sweep.helpers import GRID, run_sweep

runner = CliRunner()
PLOTS = ("win_rates.png", "scores.png", "game_length.png", "score_over_time.png",
         "trip_lengths.png", "heat_map.png")  # fmt: skip


def test_cli_sweep_then_report_rebuilds_the_same_files(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    args = ["sweep", str(tiny), "--set", GRID[0], "--games", "2", "--rotate-seats"]
    result = runner.invoke(app, [*args, "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Wrote" in result.output
    report = (out / "report.md").read_text()
    assert "**Question.** Does the first seat win more on a tiny board?" in report
    assert "- Setting `rules.builds_per_turn` = 1, 2" in report
    assert "- Baseline: rules.builds_per_turn=1 (rules.builds_per_turn: the first value" in report
    for section in ("## Results", "## Players", "## Differences", "## Design metrics"):
        assert section in report
    assert "### rules.builds_per_turn=2 vs rules.builds_per_turn=1" in report
    for png in PLOTS:
        assert f"]({png})" in report
        assert (out / png).read_bytes().startswith(b"\x89PNG")
    summary = (out / "summary.csv").read_text()
    header = summary.splitlines()[0].split(",")
    for column in ("player_IRT_win_rate", "player_IRT_win_low", "player_BRT_win_high",
                   "reshuffles", "build_points_used", "coverage", "trip_length_mean"):  # fmt: skip
        assert column in header
    assert len(summary.splitlines()) == 3
    compare = (out / "compare.csv").read_text()
    assert compare.startswith("setting,baseline,metric,baseline_mean,mean,difference,low,high,")
    assert "rules.builds_per_turn=2,rules.builds_per_turn=1,seat1_win_rate," in compare
    for name in ("summary.csv", "compare.csv", "report.md", *PLOTS):
        (out / name).unlink()
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "summary.csv").read_text() == summary
    assert (out / "compare.csv").read_text() == compare  # a seeded bootstrap
    assert (out / "report.md").read_text() == report
    again = runner.invoke(app, [*args, "--jobs", "1", "--out", str(out)])  # all done: no games
    assert again.exit_code == 0 and (out / "summary.csv").read_text() == summary


def test_a_player_s_results_read_directly_when_seats_rotate(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "agents"
    run_sweep(tiny, out, games=4, grid=["players.1.agent=random,uniform"], rotate_seats=True)
    built = write_report(out)
    rows = list(csv.DictReader(io.StringIO((out / "summary.csv").read_text())))
    irt = [float(r["player_IRT_win_rate"]) for r in rows]
    assert irt == [p.rate for s in built.table for p in s.players if p.name == "IRT"]
    assert (
        "| players.1.agent | IRT wins [95% CI] | BRT wins [95% CI] |"
        in (out / "report.md").read_text()
    )


def test_report_from_games_csv_alone(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "bare"
    run_sweep(tiny, out, games=1)
    (out / META).unlink()
    (out / TRACES).unlink()
    built = write_report(out)
    assert len(built.table) == 4
    report = (out / "report.md").read_text()
    assert "**Question.** (the scenario file states none)" in report
    assert "(the first setting: the folder has no sweep.json)" in report
    assert "heat_map.png" not in built.files  # no traces: no trace plots
    result = runner.invoke(app, ["report", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and "games.csv: no such file" in result.output


def test_games_that_raise_are_reported_and_the_exit_status_says_so(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken(Game):
        def run(self):  # type: ignore[no-untyped-def]
            if self.scenario_builds == 2:
                raise ValueError("agent fell over")
            return super().run()

        @property
        def scenario_builds(self) -> int:
            return self.state.scenario.rules.builds_per_turn

    monkeypatch.setattr("subwaysim.sweep.run.play.Game", Broken)
    out = tmp_path / "failing"
    args = ["sweep", str(tiny), "--set", GRID[0], "--games", "2", "--jobs", "1"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "Error: 2 games failed (listed in failed.csv" in result.output
    assert "ValueError: agent fell over" in result.output
    assert (out / "failed.csv").read_text().count("agent fell over") == 2
    assert "**Failed games: 2**" in (out / "report.md").read_text()
    report = runner.invoke(app, ["report", str(out)])
    assert report.exit_code == 1
    monkeypatch.undo()
    fixed = runner.invoke(app, [*args, "--out", str(out)])  # played again, and now they pass
    assert fixed.exit_code == 0, fixed.output
    assert not (out / "failed.csv").exists()
