"""The sweep's live view: a progress bar (games done, rate, ETA) over a table of the settings.

Console code: the CLI hands in its Console; nothing here prints on its own.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.markup import escape
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

from subwaysim.sweep.report.differences import found_table
from subwaysim.sweep.report.report_files import Report
from subwaysim.sweep.report.summary_table import summary_table
from subwaysim.sweep.run.backends import Backend
from subwaysim.sweep.run.execution import Sweep
from subwaysim.sweep.run.play import Outcome
from subwaysim.sweep.statistics.compare import IDENTICAL
from subwaysim.sweep.statistics.stats import summarize
from tabletop.wording import plural

LIVE_ROWS = 20  # settings shown live; summary.csv and the final table have them all


class RateColumn(ProgressColumn):
    """Games per second since this run started (resumed games do not count)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("– games/s" if speed is None else f"{speed:.2f} games/s", style="cyan")


def games_progress(label: str) -> Progress:
    """A bar of games: the label, done of planned, games a second, time spent and to go."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )


def stages_progress(console: Console) -> Progress:
    """A bar per stage of games (its description, done of planned, time to go), drawn only
    when told (`refresh()`): no refresh thread while workers are forked, not spawned."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        auto_refresh=False,
    )


class SweepView:
    """Progress plus the table of settings so far; the table is rebuilt as games finish."""

    def __init__(self, sweep: Sweep) -> None:
        self.sweep = sweep
        self.progress = games_progress("[bold]games")
        done = sweep.planned - len(sweep.pending)
        self.task = self.progress.add_task("games", total=sweep.planned, completed=done)
        self.finished = False
        self.table: RenderableType = self._table()

    def on_end(self) -> None:
        """The sweep ended: the title says so (the last frame, in a log or a non-terminal)."""
        self.finished = True
        self.table = self._table()

    def on_game(self, outcome: Outcome) -> None:
        self.progress.advance(self.task)
        self.table = self._table()

    def on_batch(self, target: int) -> None:
        """--precision raised the games per setting: the bar counts to the new total."""
        self.progress.update(self.task, total=self.sweep.planned)

    def _table(self) -> RenderableType:
        table = summarize(self.sweep.records)
        if not table:
            return Text("no finished games yet", style="dim")
        title = "Settings: every game played" if self.finished else "Settings so far"
        shown = summary_table(table[:LIVE_ROWS], title=title)
        if len(table) > LIVE_ROWS:
            shown.caption = f"… and {len(table) - LIVE_ROWS} more settings"
        return shown

    def __rich__(self) -> RenderableType:
        return Group(self.progress, self.table)


def play_live(sweep: Sweep, backend: Backend, console: Console) -> None:
    """Run the sweep's pending games under a live progress view on `console`."""
    view = SweepView(sweep)
    with Live(view, console=console, refresh_per_second=4, transient=True):
        sweep.run(backend, view.on_game, view.on_batch)
        view.on_end()


def show_report(console: Console, folder: Path, report: Report) -> None:
    """The final table, the differences found, and the files written."""
    games = sum(s.games for s in report.table)
    console.print(summary_table(report.table, title=f"{folder}: {plural(games, 'game')}"))
    if not report.missing.complete:
        console.print(Text(report.missing.sentence() + ".", style="yellow"))
    for c in report.differences:
        if c.inert:
            console.print(escape(f"{c.setting.label()}: {IDENTICAL} ({c.games} game pairs)"))
    found = found_table(report.differences)
    if found is not None:
        console.print(found)
    elif any(not c.inert for c in report.differences):
        console.print("No detectable differences from the baseline (every row is in compare.csv).")
    console.print(escape(f"Wrote {', '.join(str(folder / name) for name in report.files)}"))
