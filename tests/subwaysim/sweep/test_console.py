"""The live view and the final summary on a console (rendered into a string)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from subwaysim.sweep.plan.plan import plan_sweep
from subwaysim.sweep.report.report_files import write_report
from subwaysim.sweep.run.backends import serial
from subwaysim.sweep.run.console import SweepView, play_live, show_report
from subwaysim.sweep.run.execution import Sweep


def test_the_view_counts_games_and_the_report_names_identical_games(
    tiny: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    console = Console(file=io.StringIO(), width=120)
    plan = plan_sweep(tiny, ["rules.hazard_cost_on=leave,enter"], 3)
    with Sweep(plan, out) as job:
        view = SweepView(job)
        assert view.progress.tasks[0].total == 6 and view.progress.tasks[0].completed == 0
        play_live(job, serial, console)
        report = write_report(out)
    show_report(console, out, report)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "rules.hazard_cost_on=enter: identical games: this setting changed nothing" in text
    assert "(3 game pairs)" in text and "Wrote" in text
    again = SweepView(job)
    assert again.progress.tasks[0].completed == 6  # everything was already done
