"""The greedy player: spends its points while a build pays, values express stations,
carries plans across turns, banks and borrows when the scenario allows."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.outlook import Valuation, square_weights
from subwaysim.cards import cards_of
from subwaysim.engine import Game
from subwaysim.events import Banked, Borrowed, Built, TurnStarted
from subwaysim.turn import play_turn
from tests.subwaysim.helpers import scenario

GREEDY = [{"name": "IRT", "agent": "greedy"}, {"name": "BRT", "agent": "greedy"}]


def play(**sections) -> list:  # type: ignore[no-untyped-def]
    events: list = []
    Game(scenario(players=GREEDY, **sections), 3, [events.append]).run()
    return events


def test_greedy_spends_most_of_its_points() -> None:
    events = play(end={"turns": 12})
    spent = sum(e.cost for e in events if isinstance(e, Built))
    offered = 3 * sum(isinstance(e, TurnStarted) for e in events)
    assert spent / offered >= 0.6


def test_greedy_builds_express_when_it_costs_no_more() -> None:
    events = play(end={"turns": 12}, rules={"costs": {"express_station": 1}})
    kinds = Counter(e.detail for e in events if isinstance(e, Built) and e.action == "station")
    assert kinds["express"] >= 1


def test_greedy_banks_what_it_cannot_use_and_borrows_when_allowed() -> None:
    events = play(
        end={"turns": 12},
        rules={
            "bank_builds": 2,
            "borrow_builds": 2,
            "costs": {"local_station": 4, "express_station": 4},
        },
    )
    assert any(isinstance(e, Banked) for e in events) or any(
        isinstance(e, Borrowed) for e in events
    )
    assert any(isinstance(e, Built) and e.action == "station" for e in events)


def test_with_no_sample_size_greedy_values_every_trip_at_its_chance_whatever_its_seed() -> None:
    game = Game(scenario(players=GREEDY, end={"turns": 6}), 3)
    for _ in range(6):
        play_turn(game.state, game.agents)
    state = game.state
    views = [GreedyAgent("IRT", random.Random(k), sample_size=None)._view(state) for k in (1, 2)]
    weights = square_weights(state)
    for view in views:
        assert view.sample.origins.tolist() == np.flatnonzero(weights).tolist()
        assert np.allclose(view.sample.origin_weights, weights[weights > 0] / weights.sum())
    assert views[0].per_trip(state.network).tolist() == views[1].per_trip(state.network).tolist()


def test_greedy_declines_an_intensify_with_every_pile_empty_without_valuing() -> None:
    """SG-16: with no copy left in supply of any card naming the square there is nothing to
    intensify: greedy declines at once, without valuing today's network, yet draws its view
    of the turn as it would have. With a copy left, it values the
    network and answers a deck whose pile holds one, or declines."""
    game = Game(scenario(players=GREEDY), 3)
    state = game.state
    for _ in range(6):
        play_turn(state, game.agents)
    agent = game.agents[state.players[0]]
    assert isinstance(agent, GreedyAgent)
    square = 40
    cards = cards_of(state.board, state.decks, square)
    kept = [deck.supply[identity] for deck, identity in zip(state.decks, cards, strict=True)]
    for deck, identity in zip(state.decks, cards, strict=True):
        deck.supply[identity] = 0
    asked: list[int] = []
    real = Valuation.trips_of_plans

    def counted(self, network, plans):  # type: ignore[no-untyped-def]
        asked.append(len(plans))
        return real(self, network, plans)

    Valuation.trips_of_plans = counted  # type: ignore[method-assign]
    try:
        agent._view_of, agent._known = None, None
        assert agent.choose_intensify(state, square) is None
        assert asked == [] and agent._view_of is not None and agent._view_of[0] == state.turn
        state.decks[0].supply[cards[0]] = 1  # one copy of the first deck's card left
        agent._view_of, agent._known = None, None
        answer = agent.choose_intensify(state, square)
        assert asked == [1] and answer in (None, state.decks[0].name)
    finally:
        Valuation.trips_of_plans = real  # type: ignore[method-assign]
        for deck, identity, copies in zip(state.decks, cards, kept, strict=True):
            deck.supply[identity] = copies
