"""The planner's horizon (`outlook.trips_left`, SG-20): kept for the last few positions,
and always the value worked out afresh, whatever the cards, scores or turn."""

from __future__ import annotations

import numpy as np

from subwaysim.agents import outlook
from subwaysim.agents.outlook import (
    Trips,
    TripSample,
    Valuation,
    intensify_ratios_of,
    square_weights,
    square_weights_each,
    trips_left,
    trips_left_of,
)
from subwaysim.engine import Game
from subwaysim.turn import play_turn
from tests.subwaysim.helpers import scenario

GREEDY = [{"name": "IRT", "agent": "greedy"}, {"name": "BRT", "agent": "greedy"}]


def test_the_kept_horizon_is_the_fresh_one_turn_by_turn() -> None:
    game = Game(scenario(players=GREEDY, end={"turns": 8}), 5)
    for _ in range(16):
        assert trips_left(game.state) == trips_left_of(game.state)
        assert trips_left(game.state) == trips_left_of(game.state)  # (read back from the keep)
        play_turn(game.state, game.agents)


def test_the_horizon_follows_a_card_taken_from_supply_and_the_leaders_score() -> None:
    """An intensify (SG-17) takes a copy from supply: fewer copies to come changes the
    queues ahead (SG-6, SG-7); with a score ending (SG-20) the leader's points change the
    turns left. The kept value must follow both, not answer for the position before."""
    game = Game(scenario(players=GREEDY, end={"turns": 30, "score": 60}), 2)
    for _ in range(4):
        play_turn(game.state, game.agents)
    state = game.state
    before = trips_left(state)
    state.scores[state.players[0]] += 40  # the leader nearer the SG-20 score
    nearer = trips_left(state)
    assert nearer == trips_left_of(state) and nearer < before
    deck = state.decks[0]
    identity = next(i for i, n in enumerate(deck.supply) if n > 0)
    deck.supply[identity] -= 1
    assert trips_left(state) == trips_left_of(state)


def test_the_keep_is_bounded() -> None:
    game = Game(scenario(players=GREEDY, end={"turns": 30}), 1)
    for turn in range(outlook.TRIPS_LEFT_KEPT + 10):
        game.state.turn = turn
        trips_left(game.state)
    assert len(outlook._TRIPS_LEFT) <= outlook.TRIPS_LEFT_KEPT


def test_per_trip_weighs_each_sampled_trips_points_by_its_ends_weights() -> None:
    game = Game(scenario(end={"turns": 6}), 5)
    state = game.state
    for _ in range(8):
        play_turn(state, game.agents)
    weights = square_weights(state)
    sample = TripSample.draw(weights, 6, np.random.default_rng(3))
    view = Valuation(state, state.players[0], sample, weights)
    points = view.trips(state.network).points
    by_hand = np.zeros(len(state.players))
    for i, ow in enumerate(sample.origin_weights):
        for j, dw in enumerate(sample.destination_weights):
            by_hand += ow * points[i, j] * dw
    assert np.allclose(view.per_trip(state.network), by_hand)
    assert by_hand.sum() > 0  # trips are carried by somebody by now (SG-15)


def test_the_exact_sample_is_every_square_with_a_weight_at_its_share() -> None:
    weights = np.array([0.0, 1.0, 3.0, 0.0])
    exact = TripSample.exact(weights)
    assert exact.origins.tolist() == [1, 2] and exact.destinations.tolist() == [1, 2]
    assert exact.origin_weights.tolist() == [0.25, 0.75]
    assert exact.destination_weights.tolist() == [0.25, 0.75]


def test_the_exact_worth_is_the_expectation_over_every_pair_of_squares() -> None:
    """Per trip on the exact sample: the sum over every origin a and destination b of
    P(a) P(b) points(a, b), each pair's points from a sample holding every square."""
    game = Game(scenario(end={"turns": 6}), 5)
    state = game.state
    for _ in range(8):
        play_turn(state, game.agents)
    weights = square_weights(state)
    squares = np.arange(len(weights))
    every = TripSample(squares, weights, squares, weights)
    points = Valuation(state, state.players[0], every, weights).trips(state.network).points
    by_hand = np.einsum("a,abp,b->p", weights, points, weights)
    exact = Valuation(state, state.players[0], TripSample.exact(weights), weights)
    assert np.allclose(exact.per_trip(state.network), by_hand)
    drawn = Valuation(
        state,
        state.players[0],
        TripSample.draw(weights, 4000, np.random.default_rng(1)),
        weights,
    )
    assert np.allclose(drawn.per_trip(state.network), by_hand, atol=0.02)  # (the draws' limit)


def test_every_intensifys_worth_is_its_own_reweighted_value() -> None:
    """SG-17 intensify, SG-16: one compiled call's ratios are numpy's `divide` of each
    extra copy's square weights by today's, and `values_under` gives, bit for bit, the worth
    `value` finds on the sample reweighted by each ratio alone, on drawn samples of odd and
    even sizes and on points of every kind of float."""
    game = Game(scenario(end={"turns": 6}), 5)
    state = game.state
    for _ in range(8):
        play_turn(state, game.agents)
    weights = square_weights(state)
    extras = [(deck, identity) for deck in range(len(state.decks)) for identity in range(3)]
    ratios = intensify_ratios_of(state, weights, extras)
    positive = weights > 0
    for row, after in zip(ratios, square_weights_each(state, extras), strict=True):
        want = np.divide(after, weights, out=np.ones_like(after), where=positive)
        assert row.tolist() == want.tolist()
    assert not np.all(ratios == 1.0)  # (one more copy moves some weight)
    sizes = set()
    for size in range(5, 26):
        sample = TripSample.draw(weights, size, np.random.default_rng(size))
        sizes.add(len(sample.origins) % 2)
        view = Valuation(state, state.players[0], sample, weights)
        trips = view.trips(state.network)
        each = [view.value(trips, sample.reweighted(ratio)) for ratio in ratios]
        assert view.values_under(trips, ratios) == each
        assert view.values_under(trips, list(ratios)) == each
    assert sizes == {0, 1}
    assert view.values_under(trips, np.empty((0, len(weights)))) == []
    rng = np.random.default_rng(7)  # (samples of 5 to 24 ends)
    for size in range(5, 25):
        ends = np.sort(rng.choice(len(weights), size, replace=False))
        share = rng.random(size)
        sample = TripSample(ends, share, ends, share[::-1].copy())
        view = Valuation(state, state.players[0], sample, weights)
        trips = Trips(rng.random((size, size, len(state.players))), sample, ())
        table = rng.random((6, len(weights)))
        each = [view.value(trips, sample.reweighted(ratio)) for ratio in table]
        assert view.values_under(trips, table) == each
