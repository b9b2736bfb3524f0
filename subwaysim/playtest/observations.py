"""Design observations from the draft's own games: what a table does each turn (trips,
reshuffles), how long a game lasts and when its winner is settled, each a mean over games
with a 95% t interval."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

from subwaysim.sweep.run.results import GameRecord

Measure = Callable[[GameRecord], float]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over games and its 95% interval (NaN bounds with fewer than two games)."""

    mean: float
    low: float
    high: float
    games: int

    def text(self, digits: int = 2, percent: bool = False) -> str:
        scale, unit = (100.0, "%") if percent else (1.0, "")
        mean = f"{self.mean * scale:.{digits}f}{unit}"
        if math.isnan(self.low):
            return f"{mean} ({self.games} game{'s' if self.games != 1 else ''})"
        return f"{mean} [{self.low * scale:.{digits}f}, {self.high * scale:.{digits}f}]"


def estimate(values: Sequence[float]) -> Estimate:
    data = np.array([v for v in values if not math.isnan(v)], dtype=float)
    if len(data) == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = float(data.mean())
    if len(data) < 2:
        return Estimate(mean, math.nan, math.nan, len(data))
    spread = float(data.std(ddof=1)) / math.sqrt(len(data))
    half = float(stats.t.ppf(0.975, len(data) - 1)) * spread
    return Estimate(mean, mean - half, mean + half, len(data))


def per_turn(name: str) -> Measure:
    return lambda r: float(getattr(r, name)) / r.turns if r.turns else math.nan


MEASURES: dict[str, tuple[str, Measure]] = {
    "trips_per_turn": ("trips a turn (queue and extra trips)", per_turn("trips")),
    "reshuffles_per_turn": (
        "reshuffles a turn (a discard pile shuffled by hand)",
        per_turn("reshuffles"),
    ),
    "subway_share": (
        "share of trips that ride a subway",
        lambda r: r.subway_trips / r.trips if r.trips else math.nan,
    ),
    "rounds": ("rounds a game (every player's turn once)", lambda r: r.turns / len(r.seats)),
    "settled": (
        "share of the game played before the winner led for good",
        lambda r: r.leader_since / r.turns if r.turns and len(r.winners) == 1 else math.nan,
    ),
    "lead_changes": ("lead changes a game", lambda r: float(r.lead_changes)),
    "build_points_used": ("share of the build points spent", lambda r: r.build_points_used),
    "trip_length": ("mean trip distance", lambda r: r.trip_length_mean),
}


def observe(records: Sequence[GameRecord]) -> dict[str, Estimate]:
    return {name: estimate([m(r) for r in records]) for name, (_, m) in MEASURES.items()}
