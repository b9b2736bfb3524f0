"""What one player did in a game, from its events alone: the sweep metrics per seat.

A sweep's games.csv counts builds for the whole game; to tell styles apart (is `greedy:local`
really never building express?) and to say what a best response does differently, these
count them per player: stations (express and local, SG-11/SG-12), track, removals and
intensify builds (SG-17), points banked and borrowed (SG-22), the points its SG-18 extra
trips brought it, and its score.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from subwaysim.events import Banked, Borrowed, Built, Event, GameEnded, TripTaken

METRICS = (
    "express_stations",
    "local_stations",
    "track_built",
    "removals",
    "intensifies",
    "banked",
    "borrowed",
    "extra_trip_points",
    "score",
)


@dataclass
class PlayerMetrics:
    """One player's counts over one game (or added up over several)."""

    express_stations: int = 0
    local_stations: int = 0
    track_built: int = 0
    removals: int = 0
    intensifies: int = 0  # SG-17 intensify builds (not the SG-16 ones after a trip)
    banked: int = 0  # SG-22 points kept for a later turn
    borrowed: int = 0  # SG-22 points borrowed
    extra_trip_points: int = 0  # its own points from SG-18 extra trips
    score: int = 0

    def add(self, other: PlayerMetrics) -> None:
        for name in METRICS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def row(self) -> tuple[int, ...]:
        return tuple(getattr(self, name) for name in METRICS)

    @classmethod
    def of_row(cls, values: tuple[int, ...] | list[int]) -> PlayerMetrics:
        return cls(**dict(zip(METRICS, (int(v) for v in values), strict=True)))


@dataclass
class SeatMetrics:
    """An observer counting every player's builds: `metrics[player]`."""

    metrics: dict[str, PlayerMetrics] = dataclasses.field(default_factory=dict)

    def of(self, player: str) -> PlayerMetrics:
        return self.metrics.setdefault(player, PlayerMetrics())

    def __call__(self, event: Event) -> None:
        if isinstance(event, Built):
            m = self.of(event.player)
            if event.action == "station":
                if event.detail == "express":
                    m.express_stations += 1
                else:
                    m.local_stations += 1
            elif event.action == "track":
                m.track_built += 1
            elif event.action in ("remove_station", "remove_track"):
                m.removals += 1
            elif event.action == "intensify":
                m.intensifies += 1
        elif isinstance(event, Banked):
            self.of(event.player).banked += event.points
        elif isinstance(event, Borrowed):
            self.of(event.player).borrowed += 1
        elif isinstance(event, TripTaken) and event.cause == "extra":
            self.of(event.player).extra_trip_points += event.points.get(event.player, 0)
        elif isinstance(event, GameEnded):
            for player, score in event.scores.items():
                self.of(player).score = score
