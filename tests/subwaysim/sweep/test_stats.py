"""Sweep statistics against hand-computed values on small fixed tables."""

from __future__ import annotations

import math

import pytest

from subwaysim.sweep.statistics.stats import (
    DEFINITIONS,
    DESIGN_METRICS,
    balance,
    margin,
    metric_definitions,
    seat_advantage_p,
    setting_stats,
    wilson_interval,
)
from tests.subwaysim.sweep.helpers import GAMES, SETTING, record

Z = 1.959963984540054  # the 97.5% normal quantile


def test_wilson_interval_by_hand() -> None:
    # 3 of 10: centre (0.3 + z²/20) / (1 + z²/10), half-width z·√(0.021 + z²/400) / (1 + z²/10)
    low, high = wilson_interval(3, 10)
    assert low == pytest.approx(0.107791, abs=1e-6)  # the textbook 0.1078 .. 0.6032
    assert high == pytest.approx(0.603222, abs=1e-6)
    # 0 of n: the interval is [0, z² / (n + z²)]
    assert wilson_interval(0, 5) == pytest.approx((0.0, Z * Z / (5 + Z * Z)))
    # n of n mirrors it
    assert wilson_interval(5, 5) == pytest.approx((5 / (5 + Z * Z), 1.0))
    assert all(math.isnan(x) for x in wilson_interval(0, 0))
    with pytest.raises(ValueError, match=r"successes must be in 0\.\.4"):
        wilson_interval(5, 4)


def test_seat_advantage_is_an_exact_two_sided_binomial_test() -> None:
    # 9 of 10 against 1/2: P(X >= 9) + P(X <= 1) = 2 · 11 / 1024
    assert seat_advantage_p(9, 10, 2) == pytest.approx(22 / 1024)
    assert seat_advantage_p(5, 10, 2) == pytest.approx(1.0)
    # 0 of 3 against 1/3 (three seats): outcomes no likelier than P(0) = 8/27 are 0, 2, 3
    assert seat_advantage_p(0, 3, 3) == pytest.approx((8 + 6 + 1) / 27)
    assert math.isnan(seat_advantage_p(0, 0, 2))


def test_margin_and_balance() -> None:
    assert margin((10, 4)) == 6
    assert margin((5, 9, 9)) == 0  # a shared win
    assert margin((2, 7, 3)) == 4
    assert balance((0.5, 0.25)) == pytest.approx(0.75)
    assert balance((0.3, 0.3, 0.3)) == pytest.approx(1.0)


def test_setting_stats_by_hand() -> None:
    s = setting_stats(SETTING, GAMES)
    assert (s.games, s.seats, s.seat_wins, s.shared_wins) == (4, 2, (2, 1), 1)
    assert s.seat_rates == (0.5, 0.25)
    assert s.seat_intervals[1] == pytest.approx(wilson_interval(1, 4))
    assert s.seat_advantage_p == pytest.approx(1.0)  # 2 of 3 decided games vs 1/2
    assert s.seat_scores == (6.0, 4.5)
    assert (s.turns_mean, s.turns_sd) == pytest.approx((10.0, math.sqrt(8 / 3)))
    assert (s.margin_mean, s.margin_sd) == pytest.approx((3.5, math.sqrt(19 / 3)))  # 6 4 0 4
    assert s.points_per_player == pytest.approx(42 / 8)
    assert s.subway_share == pytest.approx(20 / 60)
    assert s.shared_point_share == pytest.approx(6 / 42)
    assert (s.advantage, s.balance, s.drawishness) == pytest.approx((0.5, 0.75, 0.25))
    assert s.decisiveness == pytest.approx((2 / 10 + 5 / 10 + 3 / 12) / 3)  # sole winners only
    assert (s.lead_changes, s.lead_change_rate) == pytest.approx((0.75, (0.1 + 0.2) / 4))


def test_seats_count_turn_order_not_names() -> None:
    # Rotated seating: BRT sat first in game 1, so its win there is a first-seat win.
    games = [*GAMES[:1], record(SETTING, 1, seats=("BRT", "IRT"), scores=(7, 3), winners=("BRT",))]
    s = setting_stats(SETTING, games)
    assert s.seat_wins == (2, 0)
    assert s.seat_scores == (8.5, 3.5)


def test_players_are_counted_by_name_whatever_their_seat() -> None:
    games = [*GAMES[:2], record(SETTING, 4, seats=("BRT", "IRT"), scores=(7, 3), winners=("BRT",))]
    irt, brt = setting_stats(SETTING, games).players
    assert (irt.name, irt.games, irt.wins, irt.rate) == ("IRT", 3, 1, pytest.approx(1 / 3))
    assert (brt.wins, brt.mean_score) == (2, pytest.approx((4 + 7 + 7) / 3))
    assert brt.interval == pytest.approx(wilson_interval(2, 3))


def test_design_metric_means_skip_undefined_games() -> None:
    games = [
        record(SETTING, 0, reshuffles=4, coverage=0.5, trip_length_mean=3.0),
        record(SETTING, 1, reshuffles=6, coverage=0.25),  # no trips: no mean trip length
    ]
    means = setting_stats(SETTING, games).means
    assert (means["reshuffles"], means["coverage"], means["trip_length_mean"]) == (5.0, 0.375, 3.0)
    assert math.isnan(means["build_points_used"])
    assert list(means) == list(DESIGN_METRICS)


def test_every_summary_metric_is_defined_for_the_report() -> None:
    for name in ("games", "win rate", "shared wins", "seat advantage p", "game length",
                 "margin", "points per player", "subway share", "shared-point share",
                 "advantage", "balance", "drawishness", "decisiveness", "lead changes",
                 "lead-change rate"):  # fmt: skip
        assert f"**{name}" in DEFINITIONS
    for name in DESIGN_METRICS:
        assert f"- **{name}**: " in metric_definitions()
