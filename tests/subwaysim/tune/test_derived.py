"""The derived measures (subwaysim/sweep/statistics/metrics.py), worked by hand."""

from __future__ import annotations

import math

import pytest

from subwaysim.sweep.statistics.metrics import DERIVED, derived_value
from tests.subwaysim.tune.helpers import record


def test_rounds_are_turns_over_players() -> None:
    assert derived_value("rounds", record(0, [3, 1], turns=41)) == 20.5  # SG-19: 41 / 2
    three = record(0, [1, 2, 3], turns=30, seats=("A", "B", "C"))
    assert derived_value("rounds", three) == 10


@pytest.mark.parametrize(
    ("scores", "share"),
    [([5, 3], 1.0), ([3, 5], 0.0), ([4, 4], 0.5), ([4, 4, 4], 1 / 3), ([2, 4, 4], 0.0)],
)
def test_first_seat_win_rate_splits_shared_wins(scores: list[int], share: float) -> None:
    seats = ("A", "B", "C")[: len(scores)]
    assert derived_value("first_seat_win_rate", record(0, scores, seats=seats)) == share


def test_points_per_player_and_closeness() -> None:
    game = record(0, [30, 10])
    assert derived_value("points_per_player", game) == 20
    assert derived_value("closeness", game) == 0.5  # margin 20 of 40 points scored
    assert derived_value("closeness", record(0, [7, 7])) == 0  # a shared win: a dead heat
    assert derived_value("closeness", record(0, [9, 3, 6], seats=("A", "B", "C"))) == 3 / 18
    assert math.isnan(derived_value("closeness", record(0, [0, 0])))  # nobody scored


def test_every_derived_measure_is_described() -> None:
    assert set(DERIVED) == {"rounds", "first_seat_win_rate", "points_per_player", "closeness"}
    assert all(text for _, text in DERIVED.values())
