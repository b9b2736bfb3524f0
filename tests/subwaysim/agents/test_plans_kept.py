"""The planner's tables and builds kept between calls (issue 28, greedy's cost) give the
prices and plans the rules give: SG-17's track prices with several rivals' track on one
square, and the same builds (equal, and shared safely: builds never change)."""

from __future__ import annotations

import numpy as np

from subwaysim import builds
from subwaysim.agents.plans import intensify_builds, line_plan, track_costs
from subwaysim.builds import Build
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario

PLAYERS = [{"name": name, "agent": "greedy"} for name in ("IRT", "BRT", "IND")]
START = {"track": {"IRT": ["c3", "c4"], "BRT": ["e5", "e6"], "IND": ["e6", "e7"]}}


def three_players(**rules: object) -> GameState:
    return GameState.new(
        scenario(players=PLAYERS, board={"hazards": ["e6", "h8"]}, start=START, rules=rules),
        seed=0,
    )


def test_track_under_two_rivals_costs_what_track_under_one_does() -> None:
    """SG-17: e6 holds BRT's and IND's track and is a hazard: the dearer of the hazard (2)
    and shared (3) prices, 3, for IRT (two rivals' track share it no more than one's);
    e5 and e7, one rival's track each, cost the shared price, 3; h8, a hazard, 2; for BRT,
    e6 is its own (0) and e7 IND's (3). Every square as `builds.cost` prices it."""
    state = three_players(costs={"hazard_track": 2, "shared_track": 3}, builds_per_turn=3)
    name = state.board.square
    for player, by_hand in (
        ("IRT", {"e6": 3, "e5": 3, "e7": 3, "h8": 2, "c4": 0, "b4": 1}),
        ("BRT", {"e6": 0, "e5": 0, "e7": 3, "h8": 2, "c4": 3, "b4": 1}),
    ):
        table = track_costs(state, player, 3).tolist()
        assert {sq: table[name(sq)] for sq in by_hand} == by_hand
        own = state.network.track[player]
        for sq in range(state.board.size):
            if sq not in own:
                assert table[sq] == builds.cost(Build("track", sq), state, player), sq


def test_a_whole_phase_counts_as_the_budget_whatever_the_budget() -> None:
    """SG-17 with hard track a whole phase: e6 (hazard and shared) and e5 cost the budget
    asked for, 2 or 5 (the prices kept for one budget are not another's)."""
    state = three_players(costs={"hard_track": "phase"})
    name = state.board.square
    for budget in (2, 5, 2):
        table = track_costs(state, "IRT", budget)
        assert table[[name("e6"), name("e5"), name("b4")]].tolist() == [budget, budget, 1]


def test_plans_builds_equal_fresh_builds() -> None:
    """A line's track and station builds, and intensify builds, are equal to builds made
    afresh (kept ones are handed out again; a build is frozen, so sharing is safe)."""
    state = three_players(builds_per_turn=3)
    name = state.board.square
    path = [name("c5"), name("c6")]
    costs = track_costs(state, "IRT", 3).tolist()
    weights = [1.0] * state.board.size
    plan = line_plan(state, "IRT", path, (name("c4"), name("c6")), costs, 3, weights)
    again = line_plan(state, "IRT", path, (name("c4"), name("c6")), costs, 3, weights)
    assert plan == again and plan.builds[0] is again.builds[0]
    assert plan.builds == (
        Build("station", name("c4"), "local"),
        Build("track", name("c5")),
        Build("track", name("c6")),
        Build("station", name("c6"), "local"),
    )
    assert plan.cost == 2 + 2  # two tracks of 1 and two local stations of 1 (SG-17)
    state.network = builds.apply(Build("station", name("c3"), "local"), state.network, "IRT")
    found = list(intensify_builds(state, "IRT", np.ones(state.board.size)))
    assert found == [Build("intensify", name("c3"), deck.name) for deck in state.decks]
