"""A phase's plans valued from the compiled call's points where they lie
(`outlook.Valuation.plan_values`, `agents/plan_values.py`): the same worths and SG-18
extra trips, float for float, as the `Trips` of each plan valued one by one."""

from __future__ import annotations

from itertools import accumulate
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.agents.greedy import GreedyAgent, extra_trip_squares, queue_heads
from subwaysim.agents.outlook import Valuation, extra_trips
from subwaysim.agents.plan_values import (
    extra_trip_worths,
    extra_trip_worths_reference,
    plan_sums,
    plan_sums_reference,
    rows_past_heads,
    rows_past_heads_reference,
    sample_blocks,
    sample_blocks_reference,
)
from subwaysim.agents.plans import candidates
from subwaysim.engine import Game
from subwaysim.scenario import load_scenario
from subwaysim.state import GameState

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def offsets_of(sizes: list[int]) -> np.ndarray:
    return np.array(list(accumulate(sizes, initial=0)), dtype=np.int64)


def test_an_extra_trip_is_own_points_less_half_the_best_rivals_by_hand() -> None:
    """One sampled origin and destination, extra squares 7 and 9 (plan 0), one player and
    two rivals: the trip 7 -> 9 scores (3, 1, 2); worth 3 - 0.5 * 2 = 2 (SG-18)."""
    o = d = 1
    points = np.zeros((3, 3, 3))
    points[1, 2] = (3.0, 1.0, 2.0)  # (row 1 + 0: square 7; column 1 + 1: square 9)
    points[0, 0] = (5.0, 0.0, 0.0)  # (the sampled trip)
    flat = points.ravel()
    worths, beyond = extra_trip_worths(
        flat,
        offsets_of([flat.size]),
        np.array([True]),
        np.array([7, 9]),
        offsets_of([2]),
        np.array([7]),
        offsets_of([1]),
        np.array([9]),
        o,
        d,
        3,
        0,
        np.array([1, 2]),
        0.5,
    )
    assert worths.tolist() == [2.0] and beyond is False
    valid, at = np.array([True]), offsets_of([flat.size])
    blocks = sample_blocks(flat, at, valid, offsets_of([2]), 1, 1, 3)
    assert blocks.tolist() == [[[5.0, 0.0, 0.0]]]


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(2, 4), st.data())
def test_the_kernels_match_their_python_twins(
    o: int, d: int, players: int, data: st.DataObject
) -> None:
    """Plans of several extra squares (some refused), starts among them, 0-3 queue heads."""
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    plans = data.draw(st.integers(1, 6))
    valid = np.array([data.draw(st.booleans()) for _ in range(plans)])
    extras_of, starts_of, sizes = [], [], []
    heads = rng.choice(np.arange(50, 54), size=data.draw(st.integers(0, 3)), replace=False)
    for _ in range(plans):
        own = rng.choice(np.arange(40, 50), size=data.draw(st.integers(0, 3)), replace=False)
        extras = list(dict.fromkeys([*own.tolist(), *heads.tolist()]))
        extras_of.append(extras)
        starts_of.append(own.tolist())
        sizes.append((o + len(extras)) * (d + len(extras)) * players)
    points = np.round(rng.random(sum(sizes)) * 4) / 2  # (points as trips score them)
    offsets = offsets_of(sizes)
    extra_offsets = offsets_of([len(e) for e in extras_of])
    every = np.array([sq for e in extras_of for sq in e], dtype=np.int64)
    starts = np.array([sq for s in starts_of for sq in s], dtype=np.int64)
    start_offsets = offsets_of([len(s) for s in starts_of])
    rivals = np.arange(1, players)
    args = (points, offsets, valid, every, extra_offsets, starts, start_offsets, heads)
    found = extra_trip_worths(*args, o, d, players, 0, rivals, 0.5)
    expected = extra_trip_worths_reference(*args, o, d, players, 0, rivals, 0.5)
    assert found[0].tolist() == expected[0].tolist()
    assert found[1] == expected[1]
    plan_of, rows = rows_past_heads(*args, o, d, players)
    plan_ref, rows_ref = rows_past_heads_reference(*args, o, d, players)
    assert plan_of.tolist() == plan_ref.tolist() and np.array_equal(rows, rows_ref)
    blocks = sample_blocks(points, offsets, valid, extra_offsets, o, d, players)
    reference = sample_blocks_reference(points, offsets, valid, extra_offsets, o, d, players)
    assert blocks.shape == reference.shape and np.array_equal(blocks, reference)
    # the two in one call, from one table of integers (as `Valuation.plan_values` hands it)
    table = np.concatenate([extra_offsets, start_offsets, heads, every, starts]).astype(np.int64)
    sums = (points, offsets, valid, table, len(heads), o, d, players, 0, rivals, 0.5)
    both, both_ref = plan_sums(*sums), plan_sums_reference(*sums)
    assert np.array_equal(both[0], blocks) and np.array_equal(both_ref[0], reference)
    assert both[1].tolist() == both_ref[1].tolist() == found[0].tolist()
    assert both[2] == both_ref[2] == found[1]


@pytest.mark.parametrize("name", ["classic", "three_players", "express_heavy"])
def test_plan_values_are_each_plans_trips_valued_one_by_one(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """In real build phases: every plan's worth is `value` of its `Trips`, its extra trips
    `extra_trips` of them, and a refused plan is None in both (bit for bit)."""
    checked = {"plans": 0, "extras": 0}
    rank = GreedyAgent.rank_plans

    def check(self: GreedyAgent, state: GameState, budget: int) -> list:
        view: Valuation = self._view(state)
        heads = queue_heads(state)
        draws = np.random.default_rng(state.turn)  # (the player's own draws left alone)
        pool = list(candidates(state, self.player, view.weights, budget, draws))
        starts = [extra_trip_squares(p.builds) for p in pool]
        items = [(p.builds, (*s, *heads)) for p, s in zip(pool, starts, strict=True)]
        found = view.plan_values(state.network, items, starts, heads)
        one_by_one = view.trips_of_plans(state.network, items)
        for i, trips in enumerate(one_by_one):
            if trips is None:
                assert found.worths[i] is None and found.extra[i] is None
                continue
            assert found.worths[i] == view.value(trips)
            assert found.extra[i] == extra_trips(view, trips, starts[i], heads)
            checked["plans"] += 1
            checked["extras"] += bool(starts[i])
        return rank(self, state, budget)

    monkeypatch.setattr(GreedyAgent, "rank_plans", check)
    Game(load_scenario(SCENARIOS / f"{name}.yaml", ["end.turns=8"]), 3).run()
    assert checked["plans"] >= 50 and checked["extras"] >= 20
