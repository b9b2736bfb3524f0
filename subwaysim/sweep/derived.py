"""Derived per-game measures that sweeps and tunes share: one definition each, read from a
game's record (`GameRecord`). Issue 26's table of metric names can fold these in as they are.

- `rounds`: turns played over the number of players (SG-19: every player's turns).
- `first_seat_win_rate`: the first seat's share of the game's win: 1 when it won alone,
  1/k when it shared the win with k-1 others (SG-20 equal highest scores), else 0; its mean
  over games is the first seat's share of wins, ties split.
- `points_per_player`: the game's mean final score over its players.
- `closeness`: the winner's margin (highest score minus the best other score, 0 for a
  shared win) as a share of all points scored in the game; undefined (NaN) when nobody
  scored. 0 is a dead heat; near 1 means the winner scored almost everything.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.statistics.stats import margin

NAN = float("nan")


def rounds(record: GameRecord) -> float:
    return record.turns / len(record.seats) if record.seats else NAN


def first_seat_win_rate(record: GameRecord) -> float:
    if not record.seats or not record.winners:
        return NAN
    return 1 / len(record.winners) if record.seats[0] in record.winners else 0.0


def points_per_player(record: GameRecord) -> float:
    return sum(record.scores) / len(record.scores) if record.scores else NAN


def closeness(record: GameRecord) -> float:
    total = sum(record.scores)
    return margin(record.scores) / total if total > 0 else NAN


DERIVED: dict[str, tuple[Callable[[GameRecord], float], str]] = {
    "rounds": (rounds, "turns played over the number of players (SG-19)"),
    "first_seat_win_rate": (
        first_seat_win_rate,
        "the first seat's share of the wins, a shared win split among its winners (SG-20)",
    ),
    "points_per_player": (points_per_player, "mean final score of the game's players"),
    "closeness": (
        closeness,
        "the winner's margin over the best other score, as a share of all points scored "
        "(0 = a dead heat; undefined when nobody scored)",
    ),
}


def derived_value(name: str, record: GameRecord) -> float:
    """The derived measure `name` of one game (KeyError for an unknown name)."""
    value = DERIVED[name][0](record)
    return value if math.isfinite(value) else NAN
