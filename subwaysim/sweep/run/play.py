"""One sweep game: a picklable task in, a `Played` or `Failed` outcome out (any worker).

This module and what it imports are all a worker process loads: the game, its events and
the records. No scipy.stats, matplotlib, networkx, rich or typer (a test keeps it so).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from subwaysim.engine import Game
from subwaysim.events import Event, TurnEnded
from subwaysim.output.game_summary import GameSummary
from subwaysim.scenario import Scenario
from subwaysim.sweep.plan.grid import GameSlot
from subwaysim.sweep.run.failures import FailedGame
from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.run.traces import GameTrace, TraceCollector
from tabletop import signals

DIGEST_CHARS = 16
# GameRecord fields that are the GameSummary's attributes of the same name, as they are.
AS_SUMMED = (
    "winners", "turns", "trips", "subway_trips", "shared_trips", "lead_changes", "leader_since",
    "reshuffles", "track_built", "stations_built", "express_stations", "removals", "intensifies",
    "whole_phase_builds", "extra_trip_points", "hazard_crossings", "build_points_used",
    "coverage", "trip_length_mean",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class GameTask(GameSlot):
    """Game `game` of `setting`: the setting's scenario with its players in seat order."""

    scenario: Scenario

    def failed(self, error: BaseException | str) -> FailedGame:
        text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        return FailedGame(self.setting, self.game, self.seed, text)


@dataclass(frozen=True, slots=True)
class Played:
    """A finished game: its games.csv record and its trace (traces.jsonl)."""

    record: GameRecord
    trace: GameTrace


Outcome = Played | FailedGame


class EventDigest:
    """An observer hashing every event: equal digests mean the same game, event for event."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def __call__(self, event: Event) -> None:
        self._hash.update(repr(event).encode("utf-8"))  # repr: cheap, and exact for these records

    def hexdigest(self) -> str:
        return self._hash.hexdigest()[:DIGEST_CHARS]


def play(task: GameTask) -> Outcome:
    """Play the task's game; a game that raises comes back as a `FailedGame`."""
    summary, trace, digest = GameSummary(task.scenario), TraceCollector(), EventDigest()
    try:
        Game(task.scenario, task.seed, [summary, trace, digest, _safe_point]).run()
    except Exception as exc:  # a bug or an agent's refusal: recorded, and the sweep goes on
        return task.failed(exc)
    record = record_of(task, summary, digest.hexdigest())
    return Played(record, trace.trace(task.setting.values, task.game))


def record_of(task: GameTask, summary: GameSummary, digest: str = "") -> GameRecord:
    seats = summary.players
    return GameRecord(
        setting=task.setting,
        game=task.game,
        seed=task.seed,
        seats=seats,
        scores=tuple(summary.scores[p] for p in seats),
        shared_points=sum(summary.shared_points.values()),
        end=summary.reason.partition(":")[0],  # SG-20: turns, score, depleted piles, turn limit
        digest=digest,
        **{name: getattr(summary, name) for name in AS_SUMMED},
    )


def _safe_point(event: Event) -> None:
    """After each turn a noted Ctrl-C or SIGTERM stops a game played in this process
    (`tabletop.signals`; in a pool worker nothing is ever noted: the parent stops it)."""
    if isinstance(event, TurnEnded):
        signals.checkpoint()
