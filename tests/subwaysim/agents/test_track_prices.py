"""Each square's track price for the greedy planner as one compiled call
(`track_prices.track_table`, issue 28) is its numpy twin's (`track_costs_reference`) and
`builds.cost`'s (SG-17 hazard and shared prices, a whole phase counting as the budget;
SG-21's surcharge, not on a whole phase), with one rival, two, and none."""

from __future__ import annotations

import pytest

from subwaysim import builds
from subwaysim.agents.plans import track_costs, track_costs_reference
from subwaysim.builds import PHASE, Build
from subwaysim.cards import cards_of
from subwaysim.state import GameState
from tests.subwaysim.helpers import scenario

THREE = [{"name": name, "agent": "greedy"} for name in ("IRT", "BRT", "IND")]
TRACK = {"IRT": ["c3", "c4"], "BRT": ["e5", "e6", "a2"], "IND": ["e6", "e7", "h8"]}


@pytest.mark.parametrize("costs", [{}, {"hard_track": "phase"}, {"hazard_track": "phase"}])
@pytest.mark.parametrize("populated_build", ["none", "surcharge"])
@pytest.mark.parametrize("seats", [2, 3])
def test_the_kernels_table_is_the_twins_and_the_rules(
    costs: dict, populated_build: str, seats: int
) -> None:
    """a2 (BRT's track), h8 (a hazard, IND's track with three seats) and b2 are populated:
    with the surcharge they cost one more, unless their price is a whole phase (hazard and
    shared track are, by default: a2 costs the budget, b2 1 + 1)."""
    players = THREE[:seats]
    track = {p["name"]: TRACK[p["name"]] for p in players}
    rules = {"costs": costs, "populated_build": populated_build, "builds_per_turn": 3}
    state = GameState.new(
        scenario(
            players=players, board={"hazards": ["h8", "e6"]}, start={"track": track}, rules=rules
        ),
        seed=0,
    )
    for deck in state.decks:
        for square in ("a2", "h8", "b2"):
            identity = cards_of(state.board, state.decks, state.board.square(square))
            deck.add_from_supply(identity[state.decks.index(deck)])
    for player in track:
        for budget in (2, 3):
            table = track_costs(state, player, budget)
            assert table.tolist() == track_costs_reference(state, player, budget).tolist()
            own = state.network.track[player]
            for sq in range(state.board.size):
                price = builds.cost(Build("track", sq), state, player)
                want = 0 if sq in own else (budget if price == PHASE else int(price))
                assert table[sq] == want, (player, state.board.name(sq))
    sq = state.board.square
    surcharged = populated_build == "surcharge"
    assert track_costs(state, "IRT", 3)[[sq("a2"), sq("b2")]].tolist() == [3, 1 + surcharged]
