"""A sweep that did not play every game asked says so; a smaller --games is refused, not
silently ignored (issue 32, point 10)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.plan.meta import AxisRecord, SweepMeta, read_meta
from subwaysim.sweep.report.completeness import shortfall
from subwaysim.sweep.run.results import read_games

ROOT = Path(__file__).resolve().parents[3]
CLASSIC = str(ROOT / "scenarios" / "classic.yaml")
runner = CliRunner()


def sweep(out: Path, games: int, *grid: str) -> tuple[int, str]:
    sets = [a for g in grid for a in ("--set", g)]
    args = ["sweep", CLASSIC, *sets, "--games", str(games), "--jobs", "1", "--out", str(out)]
    result = runner.invoke(app, args)
    assert "Traceback" not in result.output
    return result.exit_code, " ".join(result.output.split())


def test_an_interrupted_sweep_is_reported_incomplete(tmp_path: Path) -> None:
    out = tmp_path / "s"
    code, _ = sweep(out, 2, "end.turns=2,4")
    assert code == 0
    report = (out / "report.md").read_text()
    assert "- Games: 2 per setting, 4 in all (2 settings)" in report
    assert "Incomplete" not in report
    # As a sweep stopped after three games leaves it: one game of end.turns=4 is missing.
    lines = (out / "games.csv").read_text().splitlines()
    (out / "games.csv").write_text("\n".join(lines[:-1]) + "\n")
    result = runner.invoke(app, ["report", str(out)])
    said = " ".join(result.output.split())
    assert result.exit_code == 0
    expected = (
        "Incomplete: 1 of 2 settings has fewer games than the 2 asked ([end.turns=4] 1); "
        "rerun the sweep to finish it"
    )
    assert expected in said
    assert f"- **{expected}**" in (out / "report.md").read_text()


def test_one_setting_is_one_setting(tmp_path: Path) -> None:
    code, said = sweep(tmp_path / "one", 1)
    assert code == 0 and ": 1 game " in said
    report = (tmp_path / "one" / "report.md").read_text()
    assert "- Games: 1 per setting, 1 in all (1 setting)" in report


def test_a_smaller_games_than_on_disk_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "s"
    assert sweep(out, 2, "end.turns=2")[0] == 0
    code, said = sweep(out, 1, "end.turns=2")
    assert code == 2
    assert f"--games 1: {out / 'games.csv'} already holds 2 games of a setting" in said
    assert len(read_games(out / "games.csv").records) == 2  # nothing was touched
    assert sweep(out, 3, "end.turns=2")[0] == 0  # a larger count extends it


def test_with_precision_the_games_asked_are_a_ceiling(tmp_path: Path) -> None:
    out = tmp_path / "s"
    assert sweep(out, 2, "end.turns=2,4")[0] == 0
    meta = read_meta(out)
    assert meta is not None
    records = read_games(out / "games.csv").records
    assert shortfall(meta, records).complete
    ceiling = meta.model_copy(update={"games": 5, "precision": 0.2})
    assert shortfall(ceiling, records).complete  # stopped early by --precision: fine
    wider = ceiling.model_copy(
        update={"grid": [AxisRecord(key="end.turns", values=["2", "4", "6"])]}
    )
    missing = shortfall(wider, records)
    assert missing.short == (("end.turns=6", 0),) and isinstance(wider, SweepMeta)
