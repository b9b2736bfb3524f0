"""The one table of per-game measures: name, description, how `games.csv` stores it and
where it is read. `games.csv` (its columns), `summary.csv` and report.md (the design
metrics' means), `compare.csv` (the rows compared against the baseline) and the report's
definitions all read this table: a new measure is one `Measure(...)` entry.

A measure with `value` is derived from a game's record (not a games.csv column); without
it, the measure is the record's field of the same name.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
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


NAN = float("nan")


def margin(scores: Sequence[int]) -> int:
    """The winner's lead over the best other score (0 when the win is shared)."""
    top = sorted(scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else top[0]


def rounds(record: GameRecord) -> float:
    """Turns played over the number of players (SG-19: every player's turns)."""
    return record.turns / len(record.seats) if record.seats else NAN


def first_seat_win_rate(record: GameRecord) -> float:
    """1 when the first seat won alone, 1/k when it shared the win with k-1 others (SG-20
    equal highest scores), else 0: its mean over games is the first seat's share of wins."""
    if not record.seats or not record.winners:
        return NAN
    return 1 / len(record.winners) if record.seats[0] in record.winners else 0.0


def points_per_player(record: GameRecord) -> float:
    return sum(record.scores) / len(record.scores) if record.scores else NAN


def closeness(record: GameRecord) -> float:
    """The winner's margin as a share of all points scored (NaN when nobody scored)."""
    total = sum(record.scores)
    return margin(record.scores) / total if total > 0 else NAN


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
    # Derived from a game's record, not games.csv columns (the tune's targets read them).
    Measure(
        "rounds",
        "turns played over the number of players (SG-19)",
        None,
        compared=True,
        value=rounds,
    ),
    Measure(
        "first_seat_win_rate",
        "the first seat's share of the wins, a shared win split among its winners (SG-20)",
        None,
        value=first_seat_win_rate,
    ),
    Measure(
        "points_per_player", "mean final score of the game's players", None, value=points_per_player
    ),
    Measure(
        "closeness",
        "the winner's margin over the best other score, as a share of all points scored "
        "(0 = a dead heat; undefined when nobody scored)",
        None,
        compared=True,
        value=closeness,
    ),
)
BY_NAME = {m.name: m for m in MEASURES}
DERIVED: dict[str, tuple[Callable[[GameRecord], float], str]] = {
    m.name: (m.value, m.description) for m in MEASURES if m.value is not None
}


def derived_value(name: str, record: GameRecord) -> float:
    """The derived measure `name` of one game (KeyError for an unknown name); NaN when the
    game does not define it."""
    value = DERIVED[name][0](record)
    return value if math.isfinite(value) else NAN


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
