"""Run a sweep into its folder: resume what is there, append each game as it finishes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from subwaysim.files import atomic_write_text
from subwaysim.sweep.backends import Backend
from subwaysim.sweep.folder import GAMES, open_folder
from subwaysim.sweep.grid import setting_order
from subwaysim.sweep.plan import SweepPlan
from subwaysim.sweep.results import GameRecord, GamesWriter, format_rows

OnGame = Callable[[GameRecord], None]


def record_order(record: GameRecord) -> tuple[object, ...]:
    return setting_order(record.setting), record.game


class Sweep:
    """A sweep folder being filled: the games already there and the games still to play."""

    def __init__(self, plan: SweepPlan, out: str | Path) -> None:
        self.plan, self.out = plan, Path(out)
        self.resume = open_folder(self.out, plan)
        self.records: list[GameRecord] = list(self.resume.records)
        self.pending = plan.tasks(self.records)

    @property
    def kept(self) -> int:
        """Games found in the folder when the sweep opened."""
        return len(self.resume.records)

    def run(self, backend: Backend, on_game: OnGame | None = None) -> None:
        """Play every pending game; each is in games.csv before the next is reported."""
        path = self.out / GAMES
        with GamesWriter(path, self.plan.layout, self.resume.clean_bytes) as writer:
            for record in backend(self.pending):
                writer.append(record)
                self.records.append(record)
                if on_game is not None:
                    on_game(record)
        self.pending = []
        # Finished: put the games in grid order, so the file is the same however it was run.
        ordered = sorted(self.records, key=record_order)
        atomic_write_text(path, format_rows(self.plan.layout, ordered))
