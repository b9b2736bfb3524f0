"""Means over the draft's games with 95% t intervals, worked by hand."""

from __future__ import annotations

import math

import pytest

from subwaysim.playtest.observations import estimate, observe
from subwaysim.sweep.plan.grid import Setting
from tests.subwaysim.sweep.helpers import record


def test_a_t_interval_of_three_games() -> None:
    # mean 2, sd 1, standard error 1/sqrt(3); t(0.975, 2) = 4.3027: half-width 2.4841.
    e = estimate([1.0, 2.0, 3.0])
    assert e.mean == 2.0 and e.games == 3
    assert e.low == pytest.approx(2 - 2.4841, abs=1e-4)
    assert e.high == pytest.approx(2 + 2.4841, abs=1e-4)
    assert e.text() == "2.00 [-0.48, 4.48]"


def test_one_game_has_no_interval_and_says_so() -> None:
    e = estimate([0.25, math.nan])
    assert e.games == 1 and math.isnan(e.low)
    assert e.text(1, percent=True) == "25.0% (1 game)"


def test_per_turn_measures_of_hand_made_games() -> None:
    setting = Setting(())
    games = [
        record(setting, 0, turns=10, trips=20, subway_trips=5, reshuffles=4, leader_since=5),
        record(setting, 1, turns=20, trips=20, subway_trips=10, reshuffles=2, leader_since=5),
    ]
    seen = observe(games)
    assert seen["trips_per_turn"].mean == pytest.approx((2.0 + 1.0) / 2)
    assert seen["reshuffles_per_turn"].mean == pytest.approx((0.4 + 0.1) / 2)
    assert seen["subway_share"].mean == pytest.approx((0.25 + 0.5) / 2)
    assert seen["rounds"].mean == pytest.approx((5 + 10) / 2)
    assert seen["settled"].mean == pytest.approx((0.5 + 0.25) / 2)
