"""What the greedy player values once and reads again: every network's worth of a ranking
in one pass (`Valuation.values`, bit for bit `value`'s), and the worth of the network a
plan leaves, read when the plan is all played instead of valuing today's network again."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.outlook import Trips, TripSample, Valuation
from subwaysim.engine import Game
from subwaysim.scenario import load_scenario
from subwaysim.state import GameState

CLASSIC = Path(__file__).resolve().parents[3] / "scenarios" / "classic.yaml"


def bare_view(sample: TripSample, players: int) -> Valuation:
    """A Valuation of seat 0 against the others, only as `value` and `values` read it."""
    view = Valuation.__new__(Valuation)
    view.sample, view.seat, view.rivals = sample, 0, list(range(1, players))
    view.rival_weight = 0.5
    return view


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(2, 4), st.data())
def test_values_are_value_bit_for_bit(o: int, d: int, players: int, data: st.DataObject) -> None:
    """Blocks of several shapes (each with its own extra squares) and any weights."""
    seed = data.draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    sample = TripSample(np.arange(o), rng.random(o), np.arange(d), rng.random(d))
    view = bare_view(sample, players)
    found = []
    for extra in data.draw(st.lists(st.integers(0, 4), min_size=1, max_size=8)):
        points = rng.random((o + extra, d + extra, players)) * 2
        found.append(Trips(points, sample, tuple(range(100, 100 + extra))))
    assert view.values(found) == [view.value(t) for t in found]
    assert view.values([]) == []


def test_the_worth_a_played_plan_leaves_is_todays_worth(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each time the next plan is sought with the last plan all played, the worth kept for
    the network it leaves is the worth of today's network valued afresh (a Router on it)."""
    asked = {"kept": 0, "afresh": 0}
    next_plan = GreedyAgent._next_plan

    def checked(self: GreedyAgent, state: GameState, budget: int, first: bool) -> list:
        view = self._view(state)
        leaves = self._leaves
        if leaves is not None and leaves[0] is view and leaves[2] == tuple(self._played):
            assert leaves[3] == view.value(view.trips(state.network))
            asked["kept"] += 1
        else:
            asked["afresh"] += 1
        return next_plan(self, state, budget, first)

    monkeypatch.setattr(GreedyAgent, "_next_plan", checked)
    scenario = load_scenario(CLASSIC, ["end.turns=12"])
    for seed in (1, 2):
        Game(scenario, seed).run()
    assert asked["kept"] >= 10  # (the check ran)
