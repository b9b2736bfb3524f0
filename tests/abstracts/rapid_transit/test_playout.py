"""The random playout: uniform moves drawn without listing them, played through the
State (RT-8..RT-13)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from abstracts import get_game
from abstracts.rapid_transit import RapidTransitState
from abstracts.rapid_transit.rules import legal_frame
from abstracts.rapid_transit.swaps import sample_swap
from tests.abstracts.rapid_transit.positions import A, game4

# ---------------------------------------------------------------- the fast playout


def exact_outcomes(state: RapidTransitState) -> dict[str | None, float]:
    """Winner probabilities under uniformly random play, by walking the whole game tree."""

    @cache
    def walk(key: tuple[object, ...]) -> tuple[tuple[str | None, float], ...]:
        node = nodes[key]
        if node.is_over:
            return ((node.winner, 1.0),)
        moves = node.legal_moves()
        total: dict[str | None, float] = {}
        for move in moves:
            child = node.play(move)
            nodes.setdefault(child.key(), child)
            for winner, chance in walk(child.key()):
                total[winner] = total.get(winner, 0.0) + chance / len(moves)
        return tuple(total.items())

    nodes = {state.key(): state}
    return dict(walk(state.key()))


@pytest.mark.parametrize(
    "options", [{}, {"rules": "v1", "max_plies": 3}], ids=["standard", "v1-pie-3-plies"]
)
def test_fast_playout_has_the_distribution_of_uniform_random_play(
    options: dict[str, object],
) -> None:
    state = game4(**options).initial_state()
    exact = exact_outcomes(state)
    rng = random.Random(11)
    runs = 3000
    seen: dict[str | None, int] = {}
    for _ in range(runs):
        winner = state.playout(rng)
        seen[winner] = seen.get(winner, 0) + 1
    assert set(seen) <= set(exact)
    for winner, chance in exact.items():
        spread = 4 * (chance * (1 - chance) / runs) ** 0.5 + 1e-9
        assert abs(seen.get(winner, 0) / runs - chance) <= spread, (winner, chance, seen)


def test_playout_of_a_finished_game_is_its_winner() -> None:
    final = game4().from_text(A + "to_move=red ply=3 passes=2 previous=- swapper=-")
    assert final.is_over
    assert final.playout(random.Random(1)) == final.winner


def test_sampled_swaps_are_legal_and_uniform() -> None:
    """The playout's rejection sampler draws every legal swap, and only those, evenly."""
    game = get_game("rapid-transit")
    rng = random.Random(8)
    state = game.initial_state()
    for _ in range(10):
        state = state.play(rng.choice(state.legal_moves()))
    assert isinstance(state, RapidTransitState)
    frame = legal_frame(
        state.board, state.rules, state.mine, state.theirs, state.passes, state.previous
    )
    assert frame is not None
    legal = {(move.p, move.q) for move in state.legal_moves()}
    draws = 40 * len(legal)
    counts = Counter(sample_swap(frame, rng, tries=10_000) for _ in range(draws))
    assert set(counts) == legal
    expected = draws / len(legal)
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    freedom = len(legal) - 1
    assert chi_square < freedom + 6 * (2 * freedom) ** 0.5
    assert sample_swap(frame, rng, tries=0) is None
