"""The equilibrium of a strategy matrix and its flags, against hand-solved games (issue 30)."""

from __future__ import annotations

import numpy as np
import pytest

from subwaysim.commands.ladder import Ladder, Seating
from subwaysim.strategies.equilibrium import EquilibriumError, StrategyMatrix, equilibrium
from subwaysim.sweep.run.results import GameRecord


def test_rock_paper_scissors_mixes_one_third_each() -> None:
    # rock beats scissors, scissors beat paper, paper beats rock: always
    rps = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    assert equilibrium(rps) == pytest.approx([1 / 3, 1 / 3, 1 / 3])


def test_a_dominated_row_gets_no_weight() -> None:
    # RPS plus a fourth strategy that loses 90% to each of the three
    w = np.array(
        [[0.5, 0.0, 1.0, 0.9], [1.0, 0.5, 0.0, 0.9], [0.0, 1.0, 0.5, 0.9], [0.1, 0.1, 0.1, 0.5]]
    )
    assert equilibrium(w) == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0.0])


def test_a_biased_cycle_solved_by_hand() -> None:
    # payoff W - 1/2 = [[0, -a, b], [a, 0, -c], [-b, c, 0]] with a=.1, b=.3, c=.2: the mix
    # is proportional to (c, b, a) (each column's expected payoff is 0): (2, 3, 1) / 6
    w = np.array([[0.5, 0.4, 0.8], [0.6, 0.5, 0.3], [0.2, 0.7, 0.5]])
    assert equilibrium(w) == pytest.approx([2 / 6, 3 / 6, 1 / 6])


def test_a_strategy_beating_everyone_is_the_whole_equilibrium() -> None:
    w = np.array([[0.5, 0.6, 0.7], [0.4, 0.5, 0.9], [0.3, 0.1, 0.5]])
    assert equilibrium(w) == pytest.approx([1.0, 0.0, 0.0])


def test_a_matrix_must_be_square() -> None:
    with pytest.raises(EquilibriumError, match="square"):
        equilibrium(np.zeros((2, 3)))


def test_flags_dominant_dominated_and_not_in_the_equilibrium() -> None:
    # 100 games a pair; a wins 70 and 90 (intervals above 50%): dominant
    m = StrategyMatrix.of_counts("abc", [[0, 70, 90], [30, 0, 60], [10, 40, 0]], 100)
    a, b, c = m.verdicts()
    assert a.dominant and not a.dominated_by and a.weight == pytest.approx(1.0)
    assert not b.dominant and b.dominated_by == ("a",)
    assert c.dominated_by == ("a", "b")
    assert b.flags() == ["dominated by a", "not in the equilibrium"]
    assert a.field.rate == pytest.approx(0.8) and a.field.games == 200
    low, high = a.field.interval()
    assert low < 0.8 < high and low > 0.7


def test_a_cycle_has_no_flags() -> None:
    m = StrategyMatrix.of_counts("rps", [[0, 0, 100], [100, 0, 0], [0, 100, 0]], 100)
    for v in m.verdicts():
        assert v.flags() == [] and v.weight == pytest.approx(1 / 3)


def test_differences_inside_the_intervals_flag_nothing() -> None:
    # 55% over 20 games is no evidence: its interval holds 50%
    m = StrategyMatrix.of_counts("ab", [[0, 11], [9, 0]], 20)
    a, b = m.verdicts()
    assert not a.dominant and not b.dominated_by
    # at 100 games a pair, 80% is beyond the intervals: a dominates b, head to head
    a, b = StrategyMatrix.of_counts("ab", [[0, 80], [20, 0]], 100).verdicts()
    assert a.dominant and b.dominated_by == ("a",)


def test_dominated_needs_at_least_as_well_against_every_opponent() -> None:
    # b beats c far more than a does, but a beats b: neither dominates the other
    m = StrategyMatrix.of_counts("abc", [[0, 70, 55], [30, 0, 95], [45, 5, 0]], 100)
    a, b, c = m.verdicts()
    assert not a.dominated_by and not b.dominated_by
    # c: a does as well against a (1/2 vs 45%, inside the intervals) and c, better against b
    assert c.dominated_by == ("a", "b")
    assert not a.dominant  # 55% over 100 games: the interval holds 50%


def record(first: str, second: str, game: int, winners: tuple[str, ...]) -> GameRecord:
    return GameRecord(
        setting=Seating(first, second).setting(), game=game, seed=game, seats=("IRT", "BRT"),
        scores=(1, 0), winners=winners, turns=6, trips=0, subway_trips=0, shared_trips=0,
        shared_points=0, lead_changes=0, leader_since=0, end="turns",
    )  # fmt: skip


def test_a_ladder_becomes_a_matrix_with_draws_half() -> None:
    ladder = Ladder.of(
        ["a", "b"],
        [
            record("a", "b", 0, ("IRT",)),
            record("b", "a", 1, ("BRT",)),
            record("a", "b", 2, ("IRT", "BRT")),
        ],
    )
    m = StrategyMatrix.of_ladder(ladder)
    assert m.points.tolist() == [[0, 2.5], [0.5, 0]]
    assert m.games.tolist() == [[0, 3], [3, 0]]
    assert m.rates() == pytest.approx(np.array([[0.5, 2.5 / 3], [0.5 / 3, 0.5]]))
