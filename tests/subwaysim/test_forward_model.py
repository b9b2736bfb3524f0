"""The forward model (`turn.play_turn`, `GameState.copy/sampled`) against the SimPy engine:
one seed, one game, whoever plays it; and the card streams that make rule changes compare
on the same cards (common random numbers)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.agents import make_agent
from subwaysim.engine import Game
from subwaysim.events import Event, GameEnded, GameStarted, TurnEnded, TurnStarted
from subwaysim.scenario import Scenario
from subwaysim.state import GameState
from subwaysim.turn import play_turn
from tests.subwaysim.helpers import scenario, small_boards

SEATS = ("TurnStarted", "TurnEnded", "GameStarted", "GameEnded")

variants = st.fixed_dictionaries(
    {
        "cards": st.fixed_dictionaries(
            {
                "max_population": st.integers(1, 4),
                "decks": st.sampled_from(["three", "two"]),
                "populate": st.sampled_from(["all", "one_deck"]),
            }
        ),
        "rules": st.fixed_dictionaries(
            {
                "builds_per_turn": st.integers(1, 4),
                "transfer_cost": st.integers(0, 1),
                "express": st.sampled_from(["skip_from_express", "both_ends"]),
                "walking_is_a_mode": st.booleans(),
                "populated_build": st.sampled_from(["none", "depopulate", "surcharge"]),
                "bank_builds": st.integers(0, 2),
                "borrow_builds": st.integers(0, 2),
                "trip_mode": st.sampled_from(["queue_pairs", "queue_origin_draw_destination"]),
            }
        ),
        "board": small_boards(),
        "end": st.just({"turns": 6}),
        "players": st.sampled_from(
            [
                [{"name": "IRT", "agent": "random"}, {"name": "BRT", "agent": "greedy"}],
                [{"name": "A", "agent": "uniform"}, {"name": "B", "agent": "random"}],
                [{"name": n, "agent": "greedy"} for n in ("A", "B", "C")],
            ]
        ),
    }
)


def forward(s: Scenario, seed: int, listen: bool = True) -> tuple[GameState, list[Event]]:
    """The game played turn by turn on the forward model, agents made as the engine makes them."""
    state = GameState.new(s, seed)
    agents = {
        p.name: make_agent(p.agent, p.name, random.Random(f"{seed}:{p.name}")) for p in s.players
    }
    events: list[Event] = []

    def emit(kind: type[Event], **fields: Any) -> None:
        events.append(kind(time=0.0, **fields))

    while play_turn(state, agents, emit if listen else None) is None:
        pass
    return state, events


def untimed(events: list[Event]) -> list[Event]:
    """The rules' events (not the engine's turn bookends), without the clock."""
    return [dataclasses.replace(e, time=0.0) for e in events if e.kind not in SEATS]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants, st.integers(0, 10_000))
def test_forward_model_and_engine_play_identical_games(sections: dict, seed: int) -> None:
    s = scenario(**sections)
    events: list[Event] = []
    game = Game(s, seed, [events.append])
    result = game.run()
    state, forward_events = forward(s, seed)
    assert untimed(events) == forward_events
    assert state.scores == result.scores and state.turn == result.turns
    assert state.network.track == game.state.network.track
    assert state.network.stations == game.state.network.stations
    quiet, _ = forward(s, seed, listen=False)  # nobody listening changes nothing
    assert quiet.scores == state.scores and quiet.network.stations == state.network.stations
    assert [type(e) for e in events[:1]] == [GameStarted] and isinstance(events[-1], GameEnded)
    assert sum(isinstance(e, TurnStarted) for e in events) == sum(
        isinstance(e, TurnEnded) for e in events
    )


def test_a_copy_plays_on_alone() -> None:
    s = scenario(
        end={"turns": 4},
        players=[{"name": "A", "agent": "random"}, {"name": "B", "agent": "random"}],
    )
    state, _ = forward(s, 3)
    before = repr((state.turn, state.scores, state.decks, state.network.track, state.bank))
    copy = state.copy()
    agents = {p: make_agent("random", p, random.Random(p)) for p in s.player_names}
    play_turn(copy, agents)
    assert copy.turn == state.turn + 1
    assert [d.total() for d in copy.decks] == [d.total() for d in state.decks]  # SG-4
    assert repr((state.turn, state.scores, state.decks, state.network.track, state.bank)) == before
    assert repr(copy.decks) != repr(state.decks)


def test_a_sample_keeps_what_the_table_shows_and_forgets_the_hidden_order() -> None:
    s = scenario(
        end={"turns": 10},
        players=[{"name": "A", "agent": "random"}, {"name": "B", "agent": "random"}],
    )
    state, _ = forward(s, 5)
    one, two = state.sampled(1), state.sampled(1)
    for deck, a, b in zip(state.decks, one.decks, two.decks, strict=True):
        assert sorted(a.draw_pile) == sorted(deck.draw_pile)  # the contents are public
        assert a.draw_pile == b.draw_pile  # the guess depends on the guesser's seed only
        assert (a.discard, a.queue, a.supply) == (deck.discard, deck.queue, deck.supply)
    shuffled = state.copy()
    for deck in shuffled.decks:
        random.Random(9).shuffle(deck.draw_pile)  # another hidden order...
    guess = shuffled.sampled(1)
    assert [d.draw_pile for d in guess.decks] == [d.draw_pile for d in one.decks]  # ...same guess


def test_an_inert_rule_change_gives_the_identical_game() -> None:
    # No hazards on the board: leaving or entering one costs the same (SG-9), so the card
    # streams (one per populate draw and per reshuffle) give the same game.
    base = {
        "players": [{"name": "A", "agent": "greedy"}, {"name": "B", "agent": "random"}],
        "end": {"turns": 8},
    }
    leave = forward(scenario(**base, rules={"hazard_cost_on": "leave"}), 11)[1]
    enter = forward(scenario(**base, rules={"hazard_cost_on": "enter"}), 11)[1]
    assert leave == enter


def test_card_streams_stay_aligned_when_decisions_differ() -> None:
    # Different builds a turn change what is built, not which cards populate the city.
    base = {
        "players": [{"name": "A", "agent": "random"}, {"name": "B", "agent": "random"}],
        "end": {"turns": 6},
    }
    one = forward(scenario(**base, rules={"builds_per_turn": 1}), 4)[1]
    three = forward(scenario(**base, rules={"builds_per_turn": 3}), 4)[1]
    populated = [
        [(e.deck, e.identity) for e in events if e.kind == "Populated"] for events in (one, three)
    ]
    assert populated[0] == populated[1]
