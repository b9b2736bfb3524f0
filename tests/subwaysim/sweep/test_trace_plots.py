"""Score over time, trip lengths and heat maps, from traces worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.report.trace_plots import (
    HEAT_MAP,
    SCORE_OVER_TIME,
    TRIP_LENGTHS,
    heat_grid,
    round_bands,
    trace_figures,
)
from subwaysim.sweep.run.traces import GameTrace

ONE = Setting((("rules.builds_per_turn", "1"),))
TWO = Setting((("rules.builds_per_turn", "2"),))


def trace(
    setting: Setting, game: int, rounds: tuple[tuple[int, int], ...], **layers: dict[str, int]
) -> GameTrace:
    empty: dict[str, dict[str, int]] = {"track": {}, "origins": {}, "destinations": {}}
    return GameTrace(setting.values, game, 3, 2, rounds, {2: 1}, **{**empty, **layers})


def test_round_bands_average_the_games_that_reached_the_round() -> None:
    games = [
        trace(ONE, 0, ((1, 0), (3, 2))),
        trace(ONE, 1, ((3, 0), (5, 2), (6, 2))),  # the only game with a third round
    ]
    rounds, means, halves = round_bands(games, 0)
    assert rounds == [1, 2, 3] and means == [2.0, 4.0, 6.0]
    # seat 1 in round 1: scores 1 and 3, sd sqrt(2), so 1.96 * sqrt(2) / sqrt(2)
    assert halves[0] == pytest.approx(1.959963984540054)
    assert halves[2] == 0.0  # one game: no band
    assert round_bands(games, 1)[1] == [0.0, 2.0, 2.0]


def test_a_heat_grid_is_the_mean_count_per_game_with_rank_1_at_the_bottom() -> None:
    games = [
        trace(ONE, 0, (), track={"a1": 2, "c2": 1}),
        trace(ONE, 1, (), track={"a1": 1}),
    ]
    grid = heat_grid(games, "track")
    assert grid.shape == (2, 3)  # ranks x files
    assert np.array_equal(grid, [[1.5, 0.0, 0.0], [0.0, 0.0, 0.5]])


def test_the_three_figures_are_drawn_per_setting() -> None:
    games = [
        trace(ONE, 0, ((1, 0), (2, 2)), origins={"b1": 1}),
        trace(TWO, 0, ((0, 1), (4, 2)), destinations={"c2": 2}),
    ]
    figures = trace_figures([ONE, TWO], games)
    assert list(figures) == [SCORE_OVER_TIME, TRIP_LENGTHS, HEAT_MAP]
    assert len(figures[SCORE_OVER_TIME].axes) == 2  # a panel per setting (plus hidden ones)
    assert len(figures[HEAT_MAP].axes) == 2 * 3 + 3  # settings x layers, a colour bar a layer
    assert trace_figures([ONE], []) == {}
    assert not math.isnan(heat_grid(games[:1], "origins").sum())
