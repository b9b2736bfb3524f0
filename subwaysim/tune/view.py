"""The tune's live view, like a sweep's: a progress bar over the trials' games (and then
the confirmation's), over a table of the latest trials and the best so far.

Console code: the command hands in its Console; nothing here prints on its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from optuna.trial import FrozenTrial, TrialState
from rich import box
from rich.console import Group, RenderableType
from rich.progress import TaskID
from rich.table import Table
from rich.text import Text

from subwaysim.sweep.run.console import games_progress
from subwaysim.sweep.run.play import Outcome
from subwaysim.tune.plan import TunePlan

SHOWN = 8


class TuneView:
    def __init__(self, plan: TunePlan, used: Callable[[], int]) -> None:
        self.plan, self.used = plan, used
        self.progress = games_progress("[bold]{task.description}")
        self.search: TaskID = self.progress.add_task(
            "trial games", total=plan.budget, completed=min(used(), plan.budget)
        )
        self.confirming: TaskID | None = None
        self.recent: list[FrozenTrial] = []

    def on_game(self, outcome: Outcome) -> None:
        self.progress.advance(self.confirming if self.confirming is not None else self.search)

    def on_trial(self, trial: FrozenTrial) -> None:
        self.progress.update(self.search, completed=min(self.used(), self.plan.budget))
        self.recent = [*self.recent, trial][-SHOWN:]

    def start_confirmation(self, games: int) -> None:
        self.confirming = self.progress.add_task("confirmation games", total=games)

    def _table(self) -> RenderableType:
        if not self.recent:
            return Text("no finished trial yet", style="dim")
        table = Table(title="Latest trials", box=box.SIMPLE_HEAD, header_style="bold")
        table.add_column("trial", justify="right")
        for p in self.plan.params:
            table.add_column(p.key)
        for t in self.plan.targets:
            table.add_column(t.spec(), justify="right")
        table.add_column("note")
        for trial in self.recent:
            measured = trial.user_attrs.get("measures", {})
            cells = [str(trial.number)]
            cells += [str(trial.params.get(p.key, "")) for p in self.plan.params]
            for t in self.plan.targets:
                value = measured.get(t.measure, [math.nan])[0]
                cells.append("–" if math.isnan(value) else f"{value:.3g}")
            note = trial.user_attrs.get("note", "")
            if "repeat_of" in trial.user_attrs:
                note = f"as trial {trial.user_attrs['repeat_of']} (no games)"
            elif trial.state == TrialState.FAIL and not note:
                note = "failed"
            table.add_row(*cells, note)
        return table

    def __rich__(self) -> RenderableType:
        return Group(self.progress, self._table())
