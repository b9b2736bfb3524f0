"""Sweep statistics against hand-computed values on small fixed tables."""

from __future__ import annotations

import csv
import io
import math

import pytest

from subwaysim.sweep.grid import Setting
from subwaysim.sweep.report import markdown_table, summary_csv, summary_table
from subwaysim.sweep.stats import (
    DEFINITIONS,
    balance,
    margin,
    seat_advantage_p,
    setting_stats,
    summarize,
    wilson_interval,
)
from tests.subwaysim.test_sweep_grid import record

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


SETTING = Setting((("rules.builds_per_turn", "2"),))
GAMES = [
    record(SETTING, 0, scores=(10, 4), winners=("IRT",), turns=10, leader_since=2,
           lead_changes=1, trips=20, subway_trips=10, shared_points=2),
    record(SETTING, 1, scores=(3, 7), winners=("BRT",), turns=10, leader_since=5,
           lead_changes=2, trips=10, subway_trips=5, shared_points=0),
    record(SETTING, 2, scores=(5, 5), winners=("IRT", "BRT"), turns=8, leader_since=8,
           lead_changes=0, trips=10, subway_trips=5, shared_points=4),
    record(SETTING, 3, scores=(6, 2), winners=("IRT",), turns=12, leader_since=3,
           lead_changes=0, trips=20, subway_trips=0, shared_points=0),
]  # fmt: skip


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


def test_summary_csv_and_tables_from_a_fixed_table() -> None:
    other = Setting((("rules.builds_per_turn", "10"),))
    table = summarize([*GAMES, record(other, 0, scores=(1, 2), winners=("BRT",))])
    assert [s.setting for s in table] == [SETTING, other]  # 2 before 10
    rows = list(csv.DictReader(io.StringIO(summary_csv(table))))
    first = rows[0]
    assert first["rules.builds_per_turn"] == "2"
    assert (first["games"], first["seat1_wins"], first["seat1_win_rate"]) == ("4", "2", "0.5")
    assert float(first["seat2_win_low"]) == pytest.approx(wilson_interval(1, 4)[0], abs=1e-6)
    assert (first["balance"], first["drawishness"], first["margin_mean"]) == ("0.75", "0.25", "3.5")
    assert rows[1]["turns_sd"] == ""  # one game: no spread
    md = markdown_table(table).splitlines()
    assert md[0].startswith("| rules.builds_per_turn | games | seat 1 wins [95% CI] |")
    assert md[2].startswith("| 2 | 4 | 50% [15–85] | 25% [5–70] | 1 | 1.000 | 10.0 ± 1.6 |")
    from rich.console import Console

    console = Console(file=io.StringIO(), width=160)
    console.print(summary_table(table, title="t"))
    assert "50% 15–85" in console.file.getvalue()  # type: ignore[attr-defined]
    narrow = Console(file=io.StringIO(), width=70)
    narrow.print(summary_table(table))
    out = narrow.file.getvalue()  # type: ignore[attr-defined]
    assert "50% 15–85" in out and "left out to fit: lead changes" in out
    assert all(len(line) <= 70 for line in out.splitlines())


def test_every_summary_metric_is_defined_for_the_report() -> None:
    for name in ("games", "win rate", "shared wins", "seat advantage p", "game length",
                 "margin", "points per player", "subway share", "shared-point share",
                 "advantage", "balance", "drawishness", "decisiveness", "lead changes",
                 "lead-change rate"):  # fmt: skip
        assert f"**{name}" in DEFINITIONS
