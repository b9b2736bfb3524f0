"""SG-17/SG-21: the greedy planner's table of track costs is each square's price as the
rules give it (a whole phase counting as the budget), and plan costs price each step on
the network the steps before it leave."""

from __future__ import annotations

import pytest

from subwaysim import builds
from subwaysim.agents.plans import plan_cost, track_costs
from subwaysim.builds import PHASE, Build
from subwaysim.cards import cards_of
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario

START = {
    "track": {"IRT": ["c3", "c4"], "BRT": ["e5", "e6"]},
    "stations": {"IRT": {"c3": "local"}},
}


@pytest.mark.parametrize(
    "costs",
    [
        {"hard_track": "phase"},
        {"hazard_track": 2, "shared_track": 3},
        {"hazard_track": "phase", "shared_track": 2},
    ],
)
@pytest.mark.parametrize("populated_build", ["none", "surcharge"])
def test_track_costs_are_each_squares_sg17_price(costs: dict, populated_build: str) -> None:
    rules = {"costs": costs, "populated_build": populated_build, "builds_per_turn": 3}
    state = GameState.new(
        scenario(board={"hazards": ["h8", "e6", "a1"]}, start=START, rules=rules), seed=0
    )
    for deck in state.decks:  # SG-21: a copy of each of a2's and h8's cards in play
        for square in ("a2", "h8"):
            identity = cards_of(state.board, state.decks, state.board.square(square))
            deck.add_from_supply(identity[state.decks.index(deck)])
    table = track_costs(state, "IRT", 3).tolist()
    own = state.network.track["IRT"]
    for sq in range(state.board.size):
        price = builds.cost(Build("track", sq), state, "IRT")
        want = 0 if sq in own else (3 if price == PHASE else int(price))
        assert table[sq] == want, state.board.name(sq)
    # By hand: c4 is IRT's own track; b4 a plain square, and a2 one that is populated.
    name = state.board.square
    assert table[name("c4")] == 0 and table[name("b4")] == 1
    assert table[name("a2")] == (2 if populated_build == "surcharge" else 1)
    # e6 is a hazard with BRT's track: the dearer of the two prices (a phase beats a number).
    hazard, shared = costs.get("hazard_track", "phase"), costs.get("shared_track", "phase")
    dearer = 3 if "phase" in (hazard, shared) else max(hazard, shared)
    assert table[name("e6")] == dearer


def test_a_plans_steps_are_priced_on_the_network_before_them() -> None:
    rules = {"costs": {"hard_track": "phase"}, "builds_per_turn": 3}
    state = GameState.new(scenario(board={"hazards": ["h8"]}, start=START, rules=rules), seed=0)
    sq = state.board.square
    # Track on d4 (1), then a station on it (1): the station needs the track laid before it.
    steps = (Build("track", sq("d4")), Build("station", sq("d4"), "express"))
    assert plan_cost(state, "IRT", steps, 3) == 2
    # Track on h8, a hazard: a whole phase, counted as the budget.
    assert plan_cost(state, "IRT", (Build("track", sq("h8")),), 3) == 3
    assert plan_cost(state, "IRT", (), 3) == 1  # never less than one point


def test_own_steps_leave_every_later_price_as_it_was() -> None:
    """A price reads the board and the other players' track (SG-17), never the builder's
    own: each step priced on the network the steps before it leave (played one by one
    here) costs what it costs on today's network, which is what `plan_cost` sums."""
    rules = {
        "costs": {"hazard_track": 2, "shared_track": 3},
        "builds_per_turn": 3,
        "populated_build": "surcharge",
    }
    state = GameState.new(scenario(board={"hazards": ["h8"]}, start=START, rules=rules), seed=0)
    sq = state.board.square
    plans = [
        (Build("track", sq("d4")), Build("station", sq("d4"), "express")),
        (Build("track", sq("e4")), Build("track", sq("e5")), Build("station", sq("e5"))),
        (Build("remove_station", sq("c3")), Build("station", sq("c3"), "express")),
        (Build("track", sq("h7")), Build("track", sq("h8")), Build("remove_track", sq("c4"))),
    ]
    for steps in plans:
        network, total = state.network, 0
        for step in steps:
            total += int(builds.cost(step, state, "IRT", network))
            network = builds.apply(step, network, "IRT")
        assert plan_cost(state, "IRT", steps, 3) == total
    # (the shared square e5 costs 3, the hazard h8 2: prices that do differ by square)
    assert plan_cost(state, "IRT", plans[1], 3) == 1 + 3 + builds.cost(plans[1][2], state, "IRT")


def test_lines_priced_with_the_phases_kept_station_prices_are_the_same_plans() -> None:
    """`line_plan` with one kept table of station prices for a phase's lines (SG-21 makes a
    populated square's station dearer) gives the plans it gives pricing each station anew."""
    from subwaysim.agents.plans import line_plan

    rules = {"builds_per_turn": 3, "populated_build": "surcharge"}
    state = GameState.new(scenario(board={"hazards": ["h8"]}, start=START, rules=rules), seed=0)
    for deck in state.decks:  # a copy of each of d6's cards in play: its station is dearer
        deck.add_from_supply(
            cards_of(state.board, state.decks, state.board.square("d6"))[state.decks.index(deck)]
        )
    sq = state.board.square
    costs = track_costs(state, "IRT", 3).tolist()
    weights = [1.0] * state.board.size
    kept: dict[int, int] = {}
    lines = [
        ([sq("d3"), sq("d4"), sq("d5"), sq("d6")], (sq("d6"),)),
        ([sq("d4"), sq("d5"), sq("d6")], (sq("d4"), sq("d6"))),
        ([sq("b3"), sq("b4")], (sq("b3"), sq("b4"))),
    ]
    for path, ends in lines:
        afresh = line_plan(state, "IRT", path, ends, costs, 3, weights)
        assert line_plan(state, "IRT", path, ends, costs, 3, weights, kept) == afresh
    assert kept[sq("d6")] == kept[sq("d4")] + 1  # (the surcharge, one point by default)


@pytest.mark.parametrize("populated_build", ["none", "surcharge"])
@pytest.mark.parametrize("phase", ["remove_station", "intensify", "express_station", None])
def test_plan_cost_of_every_action_is_the_sum_of_builds_cost(
    populated_build: str, phase: str | None
) -> None:
    """SG-17 and SG-21: every action priced as `builds.cost` prices it, on populated squares
    and not, with a whole phase counting as the budget (4), and a borrow free (SG-22)."""
    costs: dict = {"express_station": 2, "remove_track": 3, "intensify": 2}
    if phase:
        costs[phase] = "phase"
    rules = {"costs": costs, "populated_build": populated_build, "builds_per_turn": 3}
    state = GameState.new(scenario(board={"hazards": ["h8"]}, start=START, rules=rules), seed=0)
    for deck in state.decks:  # SG-21: a copy of each of c3's cards in play
        identity = cards_of(state.board, state.decks, state.board.square("c3"))
        deck.add_from_supply(identity[state.decks.index(deck)])
    sq = state.board.square
    deck = state.decks[0].name
    steps = [
        Build("station", sq("c4"), "express"),
        Build("station", sq("c4"), "local"),
        Build("remove_station", sq("c3")),
        Build("remove_track", sq("c4")),
        Build("intensify", sq("c3"), deck),
        Build("intensify", sq("h8"), deck),
        Build("track", sq("h8")),
        Build("borrow"),
    ]
    for step in steps:
        price = builds.cost(step, state, "IRT")
        want = max(4 if price == PHASE else int(price), 1)
        assert plan_cost(state, "IRT", (step,), 4) == want, step
    total = sum(4 if (p := builds.cost(s, state, "IRT")) == PHASE else int(p) for s in steps)
    assert plan_cost(state, "IRT", tuple(steps), 4) == total
    surcharged = populated_build == "surcharge" and phase != "remove_station"
    assert plan_cost(state, "IRT", (steps[2],), 4) == (
        4 if phase == "remove_station" else 1 + surcharged
    )
