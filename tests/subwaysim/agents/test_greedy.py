"""The greedy player: spends its points while a build pays, values express stations,
carries plans across turns, banks and borrows when the scenario allows."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.outlook import square_weights
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
