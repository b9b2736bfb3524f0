"""--out: a new folder or an existing sweep folder; anything else is refused untouched."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.plan import plan_sweep
from subwaysim.sweep.run.execution import Sweep
from tests.subwaysim.sweep.helpers import GRID, TINY, run_sweep

runner = CliRunner()


def sweep_into(tiny: Path, out: str) -> tuple[int, str]:
    result = runner.invoke(app, ["sweep", str(tiny), "--games", "1", "--jobs", "1", "--out", out])
    return result.exit_code, result.output


def test_an_empty_out_is_refused(tiny: Path) -> None:
    for out in ("", "  "):
        code, output = sweep_into(tiny, out)
        assert code == 2 and "--out" in output and "give the folder" in output


def test_a_folder_with_other_files_is_refused_and_left_alone(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    (out / "report.md").write_text("my own report")
    code, output = sweep_into(tiny, str(out))
    assert code == 2, output
    assert "holds other files (notes.txt, report.md) and no sweep.json" in output
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt", "report.md"]
    assert (out / "report.md").read_text() == "my own report"


def test_a_file_is_refused_and_new_or_empty_folders_are_taken(tiny: Path, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    code, output = sweep_into(tiny, str(tmp_path / "file"))
    assert code == 2 and "exists and is not a folder" in output
    (tmp_path / "empty").mkdir()
    for out in (tmp_path / "empty", tmp_path / "new" / "deeper"):
        code, output = sweep_into(tiny, str(out))
        assert code == 0, output
        assert (out / "games.csv").exists() and not (out / "sweep.lock").exists()


def test_a_sweep_folder_is_resumed_but_not_by_another_sweep(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_sweep(tiny, out, games=1)
    other = tmp_path / "other.yaml"
    other.write_text(TINY.replace("end: {turns: 8}", "end: {turns: 9}"))
    refusals = [
        (dict(path=other), r"different scenario \(end.turns: 8 then, 9 now\)"),
        (dict(seed=6), "was swept with --seed 5, this run has 6"),
        (dict(specs=GRID[:1]), "sweeps the keys"),
        (dict(rotate_seats=True), "--rotate-seats"),
        (dict(independent=True), "was swept with --independent False, this run has True"),
    ]
    for changes, message in refusals:
        options = {"path": tiny, "specs": GRID, "games": 1, **changes}
        with pytest.raises(SweepError, match=message):
            Sweep(plan_sweep(**options), out)  # type: ignore[arg-type]
    with Sweep(plan_sweep(tiny, GRID, 1), out) as job:  # the same sweep: nothing to play
        assert (job.kept, job.pending) == (4, [])
