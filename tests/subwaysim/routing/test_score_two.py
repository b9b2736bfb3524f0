"""SG-14/SG-15 points of each sampled trip for two seats with a system each
(`variants._score_two`, the two-seat loop `_score_groups` takes) against a plain-Python twin
of the rule: the same points, float for float."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing.variants import _score_groups, _score_two


def score_reference(
    walk: np.ndarray,
    origins: np.ndarray,
    destinations: np.ndarray,
    reach: np.ndarray,
    single: list[int],
    without: list[int],
    chooser: int,
    single_points: float,
    shared_points: float,
) -> np.ndarray:
    """Plain Python: a trip that rides and beats the walk (SG-15) scores; a system that
    makes it alone scores it alone (the chooser first, else shared between those that
    can, SG-14), else each system needed for it scores the shared points."""
    players = len(single)
    out = np.zeros((len(origins), len(destinations), players))
    for i, o in enumerate(origins):
        for j, d in enumerate(destinations):
            best = reach[0, i, j]
            if d == o or best >= walk[o, d]:
                continue
            can = [p for p in range(players) if single[p] >= 0 and reach[single[p], i, j] == best]
            if can:
                if chooser in can:
                    out[i, j, chooser] = single_points
                else:
                    for p in can:
                        out[i, j, p] = single_points / len(can)
                continue
            for p in range(players):
                if single[p] >= 0 and (without[p] < 0 or reach[without[p], i, j] > best):
                    out[i, j, p] = shared_points
    return out


def test_sg14_sg15_two_seats_by_hand() -> None:
    # Squares 0..3 on a row (walks |a - b|). Groups: 0 both systems, 1 seat 0's, 2 seat 1's.
    walk = np.abs(np.subtract.outer(np.arange(4), np.arange(4))).astype(np.int32)
    origins = np.array([0], np.int64)
    destinations = np.array([0, 1, 2, 3], np.int64)
    reach = np.array([[[0, 1, 1, 2]], [[0, 1, 1, 3]], [[0, 1, 2, 3]]], np.int32)
    out = np.zeros((1, 4, 2))
    _score_two(
        walk, origins, destinations, reach, np.array([1, 2]), np.array([2, 1]), 1, 2.0, 1.0, out
    )
    # 0 -> 0 the same square, 0 -> 1 walked (1 is not less than the walk of 1): nobody;
    # 0 -> 2 seat 0's system alone (1 < 2): 2 points to seat 0; 0 -> 3 needs both (2, each
    # alone 3): 1 point each.
    assert out[0].tolist() == [[0, 0], [0, 0], [2, 0], [1, 1]]


@st.composite
def cases(draw: st.DrawFn) -> tuple[object, ...]:
    n = draw(st.integers(1, 6))
    walk = np.array([[draw(st.integers(0, 6)) for _ in range(n)] for _ in range(n)], np.int32)
    ends = st.lists(st.integers(0, n - 1), min_size=1, max_size=5)
    origins = np.array(draw(ends), np.int64)
    destinations = np.array(draw(ends), np.int64)
    groups = draw(st.integers(3, 4))
    shape = (groups, len(origins), len(destinations))
    reach = np.array(
        draw(
            st.lists(st.integers(0, 6), min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))
        ),
        np.int32,
    ).reshape(shape)
    single = [int(g) for g in draw(st.permutations(list(range(1, groups))))[:2]]
    without = [draw(st.sampled_from([-1, *range(1, groups)])) for _ in range(2)]
    chooser = draw(st.sampled_from([-1, 0, 1]))
    points = draw(st.sampled_from([(2.0, 1.0), (3.0, 1.5), (1.0, 0.25)]))
    return walk, origins, destinations, reach, single, without, chooser, *points


@settings(max_examples=300, deadline=None)
@given(cases())
def test_sg14_sg15_two_seats_are_the_rule(case: tuple[object, ...]) -> None:
    walk, origins, destinations, reach, single, without, chooser, single_pts, shared_pts = case
    expected = score_reference(
        walk, origins, destinations, reach, single, without, chooser, single_pts, shared_pts
    )
    args = (
        walk,
        origins,
        destinations,
        reach,
        np.array(single, np.int64),
        np.array(without, np.int64),
        chooser,
        single_pts,
        shared_pts,
    )
    out = np.zeros(expected.shape)
    _score_two(*args, out)
    assert out.tolist() == expected.tolist()
    out = np.zeros(expected.shape)
    _score_groups(*args, out)  # (which takes the two-seat loop here)
    assert out.tolist() == expected.tolist()
