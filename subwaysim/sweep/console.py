"""The sweep's live view: a progress bar (games done, rate, ETA) over a table of the settings.

Console code: the CLI hands in its Console; nothing here prints on its own.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from subwaysim.sweep.backends import Backend
from subwaysim.sweep.report import Report, summary_table
from subwaysim.sweep.results import GameRecord
from subwaysim.sweep.runner import Sweep
from subwaysim.sweep.stats import summarize

LIVE_ROWS = 20  # settings shown live; summary.csv and the final table have them all


class RateColumn(ProgressColumn):
    """Games per second since this run started (resumed games do not count)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("– games/s" if speed is None else f"{speed:.2f} games/s", style="cyan")


class SweepView:
    """Progress plus the table of settings so far; the table is rebuilt as games finish."""

    def __init__(self, sweep: Sweep) -> None:
        self.sweep = sweep
        self.progress = Progress(
            TextColumn("[bold]games"),
            BarColumn(),
            MofNCompleteColumn(),
            RateColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
        )
        done = sweep.plan.total - len(sweep.pending)
        self.task = self.progress.add_task("games", total=sweep.plan.total, completed=done)
        self.table: RenderableType = self._table()

    def on_game(self, record: GameRecord) -> None:
        self.progress.advance(self.task)
        self.table = self._table()

    def _table(self) -> RenderableType:
        table = summarize(self.sweep.records)
        if not table:
            return Text("no finished games yet", style="dim")
        shown = summary_table(table[:LIVE_ROWS], title="Settings so far")
        if len(table) > LIVE_ROWS:
            shown.caption = f"… and {len(table) - LIVE_ROWS} more settings"
        return shown

    def __rich__(self) -> RenderableType:
        return Group(self.progress, self.table)


def play_live(sweep: Sweep, backend: Backend, console: Console) -> None:
    """Run the sweep's pending games under a live progress view on `console`."""
    view = SweepView(sweep)
    with Live(view, console=console, refresh_per_second=4, transient=True):
        sweep.run(backend, view.on_game)


def show_report(console: Console, folder: Path, report: Report) -> None:
    """The final table and the files written."""
    games = sum(s.games for s in report.table)
    console.print(summary_table(report.table, title=f"{folder}: {games} games"))
    console.print(f"Wrote {', '.join(str(folder / name) for name in report.files)}")
