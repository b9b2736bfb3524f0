"""What the planner's view keeps or works out in fewer steps (issue 28, greedy's cost) is,
float for float, what the plain numpy steps give: the square weights (SG-3, SG-6, SG-8,
compiled), the trips left (SG-6, SG-7, SG-18, SG-20: kept and compiled) and the worth of
an SG-18 extra trip, on every bundled scenario and through a game's turns."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from subwaysim.agents.outlook import (
    TripSample,
    Valuation,
    square_weights,
    square_weights_of,
    trips_left,
    trips_left_of,
    turns_left,
)
from subwaysim.cards import card_table
from subwaysim.engine import Game
from subwaysim.scenario import load_scenario
from subwaysim.turn import play_turn
from tests.subwaysim.helpers import scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[3] / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_kept_weights_and_horizon_are_the_fresh_ones_turn_by_turn(path: Path) -> None:
    game = Game(load_scenario(path), 3)
    state = game.state
    for _ in range(10):
        ahead = turns_left(state) / 2
        fresh = square_weights_of(state, ahead)
        for _ in range(2):  # (a fresh array each time: the caller's to change)
            kept = square_weights(state)
            assert kept.tolist() == fresh.tolist()
            assert kept.flags.writeable
            kept[0] = -1.0
        for i, deck in enumerate(state.decks):
            for identity in (0, deck.identities - 1):
                extra = (i, identity)
                assert square_weights(state, extra).tolist() == (
                    square_weights_of(state, ahead, extra).tolist()
                )
        assert trips_left(state) == trips_left_of(state)
        play_turn(state, game.agents)


def test_the_weights_follow_a_copy_taken_from_supply() -> None:
    """Intensify (SG-17) takes a copy from supply: the weights follow it (the decks' tables
    kept for the game hold no pile)."""
    game = Game(load_scenario(SCENARIOS[0]), 1)
    state = game.state
    for _ in range(4):
        play_turn(state, game.agents)
    state.turn = len(state.players) * state.scenario.end.max_turns - 2  # 1 turn ahead
    before = square_weights(state)
    deck = state.decks[0]
    identity = next(i for i, n in enumerate(deck.supply) if n > 1)
    deck.supply[identity] -= 1
    after = square_weights(state)
    assert after.tolist() == square_weights_of(state, turns_left(state) / 2).tolist()
    assert after.tolist() != before.tolist()


def test_the_weights_by_hand() -> None:
    """Classic's three decks of 4 copies, 2 turns ahead (4 turns left). Rows and columns
    all in supply: populate brings 2 / 6 of a copy of each by then, an even share, so only
    sections tell squares apart. Sections' supply [4, 1, 4, 4]: counts 0 + 0.5, 3 + 0.5,
    0.5, 0.5 (2 / 4 = 0.5 copies of each to come), shares 0.1, 0.7, 0.1, 0.1 (SG-6, SG-8).
    Each section holds 36 of the 144 squares, so a square weighs its section's share / 36.
    One more copy of section 0 in play (intensify): counts 1.5, 3.5, 0.5, 0.5 of 6."""
    state = Game(scenario(end={"turns": 3}), 1).state
    state.decks[0].supply = [4, 1, 4, 4]
    state.turn = 2  # 3 turns x 2 players - 2 = 4 turns left
    assert turns_left(state) == 4
    section = card_table(state.board, 3)[:, 0]
    assert np.bincount(section).tolist() == [36, 36, 36, 36]
    by_hand = np.array([0.1, 0.7, 0.1, 0.1])[section] / 36
    assert np.allclose(square_weights(state), by_hand, rtol=1e-12)
    assert square_weights(state).tolist() == square_weights_of(state, 2.0).tolist()
    by_hand = np.array([1.5, 3.5, 0.5, 0.5])[section] / 6 / 36
    assert np.allclose(square_weights(state, (0, 0)), by_hand, rtol=1e-12)
    assert square_weights(state, (0, 0)).tolist() == (
        square_weights_of(state, 2.0, (0, 0)).tolist()
    )


def test_the_horizon_by_hand() -> None:
    """3 turns left; sections: 1 flip, 2 of 16 copies in play; rows and columns: 5 flips,
    all 24 copies in play. A queue k turns from now holds min(flips + k, in play + k,
    copies) cards, the least over the decks: min(1 + k, 16) = 2, 3, 4, bringing 1, 1, 2
    trips (two cards a trip, SG-7, SG-8), and 0.8 extra trips a turn (SG-18): 6.4."""
    state = Game(scenario(end={"turns": 3}), 1).state
    section, row, column = state.decks
    section.supply, section.flips = [4, 4, 4, 2], 1
    for deck in (row, column):
        deck.supply, deck.flips = [0] * 6, 5
    state.turn = 3
    assert turns_left(state) == 3
    assert trips_left(state) == pytest.approx(6.4)
    assert trips_left(state) == trips_left_of(state)


def test_an_extra_trips_worth_is_read_from_its_row_and_column() -> None:
    """`trip_from` to an extra square: that cell's worth; to a sampled destination: the
    destinations' weights times the row (own points minus half the rival's)."""
    game = Game(load_scenario(SCENARIOS[0]), 2)
    state = game.state
    for _ in range(12):
        play_turn(state, game.agents)
    weights = square_weights(state)
    sample = TripSample.draw(weights, 5, np.random.default_rng(4))
    view = Valuation(state, state.players[0], sample, weights)
    trips = view.trips(state.network, (7, 30, 7, 90))
    assert trips.extras == (7, 30, 90)
    for origin in trips.extras:
        row = trips.points[len(sample.origins) + trips.extras.index(origin)]
        for destination in trips.extras:
            cell = row[len(sample.destinations) + trips.extras.index(destination)]
            assert view.trip_from(trips, origin, destination) == cell[0] - 0.5 * cell[1]
        to_any = sample.destination_weights @ row[: len(sample.destinations)]
        assert view.trip_from(trips, origin, None) == to_any[0] - 0.5 * to_any[1]
