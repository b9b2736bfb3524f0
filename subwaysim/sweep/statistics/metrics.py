"""The one table of per-game measures: name, description, how `games.csv` stores it and
where it is read. `games.csv` (its columns), `summary.csv` and report.md (the design
metrics' means), `compare.csv` (the rows compared against the baseline) and the report's
definitions all read this table: a new measure is one `Measure(...)` entry.

A measure with `value` is derived from a game's record (not a games.csv column); without
it, the measure is the record's field of the same name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from subwaysim.sweep.run.results import GameRecord


@dataclass(frozen=True, slots=True)
class Measure:
    """One per-game measure. `stored`: a games.csv column, a whole number (`count`) or a
    real number (`share`: NaN is an empty cell), or None for a derived one. `design`: its
    mean per setting is in summary.csv and the report. `compared`: a compare.csv row."""

    name: str
    description: str
    stored: Literal["count", "share"] | None = "count"
    design: bool = False
    compared: bool = False
    value: Callable[[GameRecord], float] | None = None

    def of(self, record: GameRecord) -> float:
        """This measure of one game."""
        if self.value is not None:
            return self.value(record)
        return float(getattr(record, self.name))


MEASURES: tuple[Measure, ...] = (
    Measure("turns", "turns played (all players' turns)", compared=True),
    Measure("trips", "trips taken, from queues (SG-8) and extra trips (SG-18)", compared=True),
    Measure("subway_trips", "trips that rode at least one system", compared=True),
    Measure("shared_trips", "trips that used two or more systems (SG-15)"),
    Measure(
        "shared_points",
        "points all players scored from trips using two or more systems (SG-15)",
        compared=True,
    ),
    Measure(
        "lead_changes",
        "times the sole leader changed hands (a tie interrupts a lead)",
        compared=True,
    ),
    Measure("leader_since", "the turn from which the final leader led for good"),
    Measure(
        "reshuffles",
        "discard piles shuffled into draw piles, all decks together (SG-5 flips)",
        design=True,
        compared=True,
    ),
    Measure(
        "build_points_used",
        "build points spent (builds and SG-22 debt tokens) over the points offered "
        "(builds_per_turn every turn, plus SG-22 borrowed points), 0..1",
        stored="share",
        design=True,
        compared=True,
    ),
    Measure("track_built", "track squares built (SG-17)", design=True, compared=True),
    Measure(
        "stations_built", "stations built, local or express (SG-17)", design=True, compared=True
    ),
    Measure("express_stations", "express stations built (SG-12)", design=True, compared=True),
    Measure("removals", "tracks and stations removed (SG-17)", design=True, compared=True),
    Measure(
        "intensifies",
        "intensify builds (SG-17; the SG-16 intensifies after a trip cost no points and are "
        "not counted)",
        design=True,
        compared=True,
    ),
    Measure(
        "whole_phase_builds",
        "builds whose SG-17 price was the whole build phase",
        design=True,
        compared=True,
    ),
    Measure(
        "extra_trip_points",
        "points scored by extra trips after a station or intensify (SG-18)",
        design=True,
        compared=True,
    ),
    Measure(
        "hazard_crossings",
        "trips whose route has a hazard square on it (SG-9)",
        design=True,
        compared=True,
    ),
    Measure(
        "coverage",
        "share of the board's squares holding any track at the end",
        stored="share",
        design=True,
        compared=True,
    ),
    Measure(
        "trip_length_mean",
        "mean distance of the game's trips (SG-13); empty without trips",
        stored="share",
        design=True,
        compared=True,
    ),
)
BY_NAME = {m.name: m for m in MEASURES}


def names(
    stored: str | None = None, design: bool | None = None, compared: bool | None = None
) -> tuple[str, ...]:
    """The measures' names in table order, those matching every filter given."""
    return tuple(
        m.name
        for m in MEASURES
        if (stored is None or m.stored == stored)
        and (design is None or m.design == design)
        and (compared is None or m.compared == compared)
    )
