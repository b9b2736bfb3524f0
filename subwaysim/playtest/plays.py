"""What a game *plays*, apart from how its log words it: a digest of every build (kind,
square, detail, player, turn), every trip (who, why, from, to, distance, systems, points),
every card moved by an intensify or a depopulate, every bank and debt, and every score.

Two settings can play the very same games while their logs differ in wording only: at 3
build points a turn, track that costs 3 *is* track that costs the whole phase (SG-17), but
the log marks the one `whole_phase`. The event digest of games.csv tells those games
apart; this one does not (costs are left out: a cost that changes what is built changes
the builds). A playtest plays its games through `play_recorded`, which keeps this digest
beside the sweep's record, and files it in the sweep folder's `plays.csv` (`PLAYS`); the
sweep's compare.csv then treats a setting whose every game plays as the baseline's as
identical (`subwaysim.sweep.report.report_files`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from subwaysim.engine import Game
from subwaysim.events import (
    Banked,
    Borrowed,
    Built,
    DebtPaid,
    Depopulated,
    Event,
    GameEnded,
    Intensified,
    TripTaken,
    TurnEnded,
    TurnStarted,
)
from subwaysim.output.game_summary import GameSummary
from subwaysim.sweep.report.plays_file import PLAYS, Key, append_plays, read_plays
from subwaysim.sweep.run.play import EventDigest, GameTask, Outcome, Played, record_of
from subwaysim.sweep.run.traces import TraceCollector
from tabletop import signals

DIGEST_CHARS = 16
__all__ = ["PLAYS", "Key", "PlayDigest", "PlayedMoves", "append_plays", "play_recorded",
           "read_plays", "same_play"]  # fmt: skip


class PlayDigest:
    """An observer hashing what a game plays (see the module), not how the log words it."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self._turn = 0

    def _add(self, *parts: object) -> None:
        self._hash.update(repr(parts).encode("utf-8"))

    def __call__(self, event: Event) -> None:
        if isinstance(event, TurnStarted):
            self._turn = event.turn
        elif isinstance(event, Built):
            self._add("build", self._turn, event.player, event.action, event.square, event.detail)
        elif isinstance(event, TripTaken):
            points = tuple(sorted(event.points.items()))
            self._add("trip", self._turn, event.player, event.cause, event.origin,
                      event.destination, event.distance, event.systems, points)  # fmt: skip
        elif isinstance(event, Intensified | Depopulated | Banked | Borrowed | DebtPaid):
            self._add(type(event).__name__, self._turn, repr(event))
        elif isinstance(event, TurnEnded):
            self._add("scores", event.turn, tuple(sorted(event.scores.items())))
        elif isinstance(event, GameEnded):
            self._add("end", event.turns, tuple(sorted(event.scores.items())), event.winners)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()[:DIGEST_CHARS]


@dataclass(frozen=True, slots=True)
class PlayedMoves(Played):
    """A sweep's `Played` and the game's play digest."""

    plays: str = ""


def play_recorded(task: GameTask) -> Outcome:
    """The sweep's `play` (same record, trace and event digest) plus the play digest: the
    work function a playtest's backends run (picklable, importable by Dask workers)."""
    summary, trace = GameSummary(task.scenario), TraceCollector()
    digest, plays = EventDigest(), PlayDigest()
    try:
        Game(task.scenario, task.seed, [summary, trace, digest, plays, _safe_point]).run()
    except Exception as exc:  # recorded as the sweep records it; the playtest goes on
        return task.failed(exc)
    record = record_of(task, summary, digest.hexdigest())
    return PlayedMoves(record, trace.trace(task.setting.values, task.game), plays.hexdigest())


def _safe_point(event: Event) -> None:
    if isinstance(event, TurnEnded):
        signals.checkpoint()


def same_play(plays: Mapping[Key, str], a: Key, b: Key) -> bool | None:
    """Whether games `a` and `b` play alike (None: a digest is missing)."""
    x, y = plays.get(a), plays.get(b)
    if x is None or y is None:
        return None
    return x == y
