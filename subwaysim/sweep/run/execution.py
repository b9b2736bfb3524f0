"""How a sweep executes in its folder: claim it, resume what is there, play the missing games
(in batches under `--precision`), append each game the moment it finishes.

Each finished game is written to traces.jsonl and then to games.csv (so every game in
games.csv has its trace); a game that raised goes to failed.csv and the sweep goes on. At
the end both files are put in grid order, so they are the same however the sweep ran.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from subwaysim.sweep.plan.grid import value_order
from subwaysim.sweep.plan.plan import SweepPlan
from subwaysim.sweep.run.backends import Backend
from subwaysim.sweep.run.failures import FAILED, FailedGame, write_failures
from subwaysim.sweep.run.folder import GAMES, claim_folder, open_folder
from subwaysim.sweep.run.lock import FolderLock
from subwaysim.sweep.run.play import Outcome, Played
from subwaysim.sweep.run.precision import first_target, next_target, widest
from subwaysim.sweep.run.results import GameRecord, GamesWriter, LineAppender, format_rows
from subwaysim.sweep.run.traces import TRACES, GameTrace, format_traces
from tabletop.files import atomic_write_text

OnGame = Callable[[Outcome], None]
OnBatch = Callable[[int], None]
Key = tuple[tuple[str, ...], int]


def record_order(record: GameRecord | GameTrace | FailedGame) -> tuple[object, ...]:
    """Grid order: settings as `setting_order` sorts them, then game by game."""
    values, game = record.key
    return tuple(value_order(v) for v in values), game


class Sweep:
    """A sweep folder being filled, owned by this object (a lock) until `close()`."""

    def __init__(self, plan: SweepPlan, out: str | Path) -> None:
        self.plan, self.out = plan, Path(out)
        claim_folder(self.out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.lock = FolderLock(self.out).acquire()
        try:
            self.resume = open_folder(self.out, plan)
        except BaseException:
            self.lock.release()
            raise
        self.records: list[GameRecord] = list(self.resume.records)
        self.traces: dict[Key, GameTrace] = {t.key: t for t in self.resume.traces}
        self.failures: dict[Key, FailedGame] = {f.key: f for f in self.resume.failures}
        self.target = plan.games if plan.precision is None else first_target(plan.games)
        self.pending = plan.tasks(self.records, self.target)

    @property
    def kept(self) -> int:
        """Games found in the folder when the sweep opened."""
        return len(self.resume.records)

    @property
    def planned(self) -> int:
        """Games in the grid up to the current target (what the progress bar counts to)."""
        return self.target * len(self.plan.scenarios)

    @property
    def failed(self) -> list[FailedGame]:
        return sorted(self.failures.values(), key=record_order)

    def run(
        self, backend: Backend, on_game: OnGame | None = None, on_batch: OnBatch | None = None
    ) -> None:
        """Play every pending game, batch after batch; each is on disk before it is reported."""
        self._start_files()
        try:
            while True:
                self._play(backend, on_game)
                if not self._next_batch():
                    break
                if on_batch is not None:
                    on_batch(self.target)
        finally:
            self._games.close()
            self._trace_file.close()
        self._tidy()

    def _start_files(self) -> None:
        traces = self.out / TRACES
        atomic_write_text(traces, format_traces(self.traces.values()))  # only games.csv's
        self._trace_file = LineAppender(traces, traces.stat().st_size)
        path = self.out / GAMES
        self._games = GamesWriter(path, self.plan.layout, self.resume.clean_bytes)

    def _play(self, backend: Backend, on_game: OnGame | None) -> None:
        for outcome in backend(self.pending):
            if isinstance(outcome, Played):
                self._trace_file.append(outcome.trace.to_json() + "\n")
                self._games.add(outcome.record)
                self.records.append(outcome.record)
                self.traces[outcome.trace.key] = outcome.trace
                if self.failures.pop(outcome.record.key, None) is not None:
                    self._write_failures()
            else:
                self.failures[outcome.key] = outcome
                self._write_failures()
            if on_game is not None:
                on_game(outcome)
        self.pending = []

    def _next_batch(self) -> bool:
        """Under --precision: raise the target if the intervals are still too wide."""
        precision, most = self.plan.precision, self.plan.games
        if precision is None or self.target >= most:
            return False
        groups = self._groups()
        if widest(groups) <= precision:
            return False
        self.target = next_target(groups, self.target, precision, most)
        self.pending = self.plan.tasks(self.records, self.target)
        return True

    def _groups(self) -> list[list[GameRecord]]:
        """Each planned setting's finished games among the first `target`."""
        return [
            [r for r in self.records if r.setting == setting and r.game < self.target]
            for setting in self.plan.settings
        ]

    def _write_failures(self) -> None:
        write_failures(self.out / FAILED, self.plan.layout.keys, self.failed)

    def _tidy(self) -> None:
        """Finished: the files in grid order, so they are the same however the sweep ran."""
        ordered = sorted(self.records, key=record_order)
        atomic_write_text(self.out / GAMES, format_rows(self.plan.layout, ordered))
        traces = sorted(self.traces.values(), key=record_order)
        atomic_write_text(self.out / TRACES, format_traces(traces))
        self._write_failures()

    def close(self) -> None:
        self.lock.release()

    def __enter__(self) -> Sweep:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
