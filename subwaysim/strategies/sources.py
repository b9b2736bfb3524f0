"""What each strategy spends its build points on and where its points come from (issue 30).

A planted flaw (one action made far too rewarding) does not always show as a strategy that
beats every other: when greedy abuses the action too, the abusers share the equilibrium and
only crush the rest. What they all have in common is the action. So the strategy matrix
also counts, for every strategy over all its games, per game:

- its build points by action (SG-17): track, local stations, express stations, removals
  (station or track) and intensify builds, each with the number of builds;
- its points by source: the SG-18 extra trips of its own station builds, those of its own
  intensify builds, and every other trip (the queue's trips, SG-8, and the rival's extra
  trips that ride its system, SG-15).

Attribution is exact: an SG-18 extra trip is the trip that follows the builder's station
or intensify build (`turn.py`), and its points go to the owners `TripTaken.points` names.
Only public events are read; the counts are the game's, not a player's view.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from subwaysim.engine import Game
from subwaysim.events import Built, Event, TripTaken
from subwaysim.output.game_summary import GameSummary
from subwaysim.sweep.run.play import (
    EventDigest,
    GameTask,
    Outcome,
    Played,
    _safe_point,  # Ctrl-C between turns, as in a sweep game
    record_of,
)
from subwaysim.sweep.run.traces import TraceCollector

ACTIONS = ("track", "local_station", "express_station", "removal", "intensify")
SOURCES = ("station_extra", "intensify_extra", "other_trips")
ACTION_LABELS = {
    "track": "track",
    "local_station": "local stations",
    "express_station": "express stations",
    "removal": "removals",
    "intensify": "intensify builds",
}
SOURCE_LABELS = {
    "station_extra": "extra trips of its stations (SG-18)",
    "intensify_extra": "extra trips of its intensify builds (SG-18)",
    "other_trips": "other trips",
}
EXTRA_SOURCE = {"local_station": "station_extra", "express_station": "station_extra",
                "intensify": "intensify_extra"}  # fmt: skip


def action_of(event: Built) -> str:
    """The ACTIONS entry a build counts under."""
    if event.action == "station":
        return "express_station" if event.detail == "express" else "local_station"
    if event.action in ("remove_station", "remove_track"):
        return "removal"
    return event.action  # track | intensify


@dataclass(frozen=True, slots=True)
class ActionUse:
    """One player's (or one strategy's, added up) use of each action and points by source,
    over `games` games. Tuples in ACTIONS and SOURCES order (picklable, small)."""

    games: int = 0
    spent: tuple[int, ...] = (0,) * len(ACTIONS)  # build points spent on each action
    builds: tuple[int, ...] = (0,) * len(ACTIONS)  # builds of each action
    points: tuple[int, ...] = (0,) * len(SOURCES)  # points from each source

    def __add__(self, other: ActionUse) -> ActionUse:
        return ActionUse(
            self.games + other.games,
            tuple(a + b for a, b in zip(self.spent, other.spent, strict=True)),
            tuple(a + b for a, b in zip(self.builds, other.builds, strict=True)),
            tuple(a + b for a, b in zip(self.points, other.points, strict=True)),
        )

    def spent_share(self, action: str) -> float:
        """The share of its spent build points that went to `action` (0 when none spent)."""
        total = sum(self.spent)
        return self.spent[ACTIONS.index(action)] / total if total else 0.0

    def points_share(self, source: str) -> float:
        total = sum(self.points)
        return self.points[SOURCES.index(source)] / total if total else 0.0

    def per_game(self, values: tuple[int, ...], index: int) -> float:
        return values[index] / self.games if self.games else 0.0

    def flat(self) -> tuple[int, ...]:
        """Build points by action, then points by source (an exploit game's line)."""
        return (*self.spent, *self.points)

    @classmethod
    def of_flat(cls, values: Sequence[int], games: int = 1) -> ActionUse:
        """The inverse of `flat` (builds are not kept there: left at 0)."""
        n = len(ACTIONS)
        if len(values) != n + len(SOURCES):
            raise ValueError(f"{len(values)} counts, not {n + len(SOURCES)}")
        return cls(games, tuple(values[:n]), (0,) * n, tuple(values[n:]))

    @classmethod
    def total(cls, uses: Iterable[ActionUse]) -> ActionUse:
        out = cls()
        for use in uses:
            out = out + use
        return out


class UseCounter:
    """An observer: every player's `ActionUse` of one game (`of(player)`)."""

    def __init__(self) -> None:
        self._spent: dict[str, list[int]] = {}
        self._builds: dict[str, list[int]] = {}
        self._points: dict[str, list[int]] = {}
        self._last: dict[str, str] = {}  # each player's last build (SG-18 follows it)

    def _of(self, table: dict[str, list[int]], player: str, size: int) -> list[int]:
        return table.setdefault(player, [0] * size)

    def __call__(self, event: Event) -> None:
        if isinstance(event, Built):
            action = action_of(event)
            k = ACTIONS.index(action)
            self._of(self._spent, event.player, len(ACTIONS))[k] += event.cost
            self._of(self._builds, event.player, len(ACTIONS))[k] += 1
            self._last[event.player] = action
        elif isinstance(event, TripTaken):
            for owner, points in event.points.items():
                source = "other_trips"
                if event.cause == "extra" and owner == event.player:
                    source = EXTRA_SOURCE.get(self._last.get(owner, ""), "other_trips")
                self._of(self._points, owner, len(SOURCES))[SOURCES.index(source)] += points

    def of(self, player: str) -> ActionUse:
        return ActionUse(
            1,
            tuple(self._spent.get(player, [0] * len(ACTIONS))),
            tuple(self._builds.get(player, [0] * len(ACTIONS))),
            tuple(self._points.get(player, [0] * len(SOURCES))),
        )


@dataclass(frozen=True, slots=True)
class PlayedWithUse(Played):
    """A sweep's `Played` plus each seat's `ActionUse` (seat order)."""

    uses: tuple[ActionUse, ...] = ()


def play_with_use(task: GameTask) -> Outcome:
    """The sweep's `play` with a `UseCounter` listening too (same game, same digest)."""
    summary, trace, digest = GameSummary(task.scenario), TraceCollector(), EventDigest()
    uses = UseCounter()
    try:
        Game(task.scenario, task.seed, [summary, trace, digest, uses, _safe_point]).run()
    except Exception as exc:  # recorded as a failed game, like a sweep's
        return task.failed(exc)
    record = record_of(task, summary, digest.hexdigest())
    seats = tuple(uses.of(p) for p in record.seats)
    return PlayedWithUse(record, trace.trace(task.setting.values, task.game), seats)


def add_uses(totals: dict[str, ActionUse], outcome: Outcome) -> None:
    """Add a ladder game's seat uses to its agents' totals (seat 1 and 2, `Seating`)."""
    if not isinstance(outcome, PlayedWithUse):
        return
    values = dict(outcome.record.setting.pairs)
    for agent, use in zip((values["seat1"], values["seat2"]), outcome.uses, strict=False):
        totals[agent] = totals.get(agent, ActionUse()) + use


# --- what the equilibrium leans on --------------------------------------------------------------
LEAN_RATIO = 2.0  # a share at least twice the median share of the others ...
LEAN_SHARE = 0.10  # ... and at least this share of its build points (or points)


@dataclass(frozen=True, slots=True)
class Lean:
    """A strategy spends `share` of its build points on `what` (an action), or takes `share`
    of its points from `what` (an SG-18 extra-trip source), against `others`, the median
    share of the strategies it is compared with."""

    what: str
    share: float
    others: float

    def words(self) -> str:
        label = ACTION_LABELS.get(self.what) or SOURCE_LABELS[self.what]
        of = "build points" if self.what in ACTIONS else "points"
        return (
            f"leans on {label}: {100 * self.share:.0f}% of its {of} "
            f"(others' median {100 * self.others:.0f}%)"
        )


def _share(use: ActionUse, what: str) -> float:
    return use.spent_share(what) if what in ACTIONS else use.points_share(what)


def leans(uses: Mapping[str, ActionUse], weights: Mapping[str, float]) -> dict[str, list[Lean]]:
    """For each strategy in the equilibrium (weight > 0), what it leans on: an action taking
    at least LEAN_SHARE of its build points and LEAN_RATIO times the median share of the
    strategies outside the equilibrium (all the others when every strategy is in it), or
    an SG-18 extra-trip source bringing that much of its points. A planted flaw shows here
    when its abusers carry the equilibrium without beating greedy (which abuses it too)."""
    out: dict[str, list[Lean]] = {}
    inside = [n for n in uses if weights.get(n, 0.0) > 0]
    for name in inside:
        others = [n for n in uses if n != name and weights.get(n, 0.0) <= 0] or [
            n for n in uses if n != name
        ]
        found = []
        for what in (*ACTIONS, "station_extra", "intensify_extra"):
            share = _share(uses[name], what)
            ref = float(np.median([_share(uses[n], what) for n in others])) if others else 0.0
            if share >= LEAN_SHARE and share >= LEAN_RATIO * ref:
                found.append(Lean(what, share, ref))
        out[name] = found
    return out
