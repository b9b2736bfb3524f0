"""The uniform random playout (`State.playout`, compiled in `playout.py`): the winner has
the distribution of uniformly random play (RT-8..RT-13, RT-18), playouts reproduce from a
seed, each ply's move is drawn evenly from the legal moves, and many playouts per call
come out as single ones do. (test_bitboard.py and test_cellboard.py hold the kernels to the
rules move by move.)"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from scipy.stats import chisquare

from abstracts.rapid_transit import RapidTransitState, playout
from abstracts.rapid_transit.playout import traced, winners
from tests.abstracts.rapid_transit.positions import A, game4, game_of

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


SIDES = {0: "red", 1: "cyan", -1: None}


@pytest.mark.parametrize("cells", [False, True], ids=["word", "cells"])
@pytest.mark.parametrize(
    "options",
    [{}, {"rules": "v1", "max_plies": 3}, {"holes": "corners", "max_plies": 5}],
    ids=["standard", "v1-pie-3-plies", "holes-5-plies"],
)
def test_playouts_have_the_distribution_of_uniform_random_play(
    options: dict[str, object], cells: bool
) -> None:
    state = game4(**options).initial_state()
    exact = exact_outcomes(state)
    runs = 3000
    seen = Counter(SIDES[int(w)] for w in winners(state, runs, random.Random(11), cells))
    assert set(seen) <= set(exact)
    for side, chance in exact.items():
        spread = 4 * (chance * (1 - chance) / runs) ** 0.5 + 1e-9
        assert abs(seen[side] / runs - chance) <= spread, (side, chance, seen)


def test_state_playout_has_the_distribution_of_uniform_random_play() -> None:
    state = game4(rules="v1", max_plies=3).initial_state()
    exact = exact_outcomes(state)
    rng, runs = random.Random(12), 2000
    seen = Counter(state.playout(rng) for _ in range(runs))
    for side, chance in exact.items():
        spread = 4 * (chance * (1 - chance) / runs) ** 0.5 + 1e-9
        assert abs(seen[side] / runs - chance) <= spread, (side, chance, seen)


def test_playout_of_a_finished_game_is_its_winner() -> None:
    final = game4().from_text(A + "to_move=red ply=3 passes=2 previous=- swapper=-")
    assert final.is_over
    assert final.playout(random.Random(1)) == final.winner


def first_moves(state: RapidTransitState, samples: int, cells: bool) -> Counter[str]:
    rng = random.Random(5)
    return Counter(str(traced(state, rng, cells)[1][0]) for _ in range(samples))


@pytest.mark.parametrize("cells", [False, True], ids=["word", "cells"])
def test_each_ply_draws_every_legal_move_evenly(cells: bool) -> None:
    state = game_of(size=8, holes="triangles").initial_state()
    rng = random.Random(8)
    for _ in range(6):
        state = state.play(rng.choice(state.legal_moves()))
    legal = [str(m) for m in state.legal_moves()]
    counts = first_moves(state, 60 * len(legal), cells)
    assert set(counts) == set(legal)
    assert chisquare([counts[m] for m in legal]).pvalue > 1e-4


def test_pie_is_drawn_as_often_as_each_other_move() -> None:
    state = game_of(size=6, rules="v1").initial_state().play("a1-b1")  # RT-13
    legal = [str(m) for m in state.legal_moves()]
    counts = first_moves(state, 100 * len(legal), cells=False)
    assert "pie" in counts
    assert chisquare([counts[m] for m in legal]).pvalue > 1e-4


def test_playouts_reproduce_from_the_seed() -> None:
    state = game_of(size=8).initial_state()
    first = [playout.winner(state, random.Random(s)) for s in range(30)]
    assert first == [playout.winner(state, random.Random(s)) for s in range(30)]
    assert {0, 1} <= set(first)
    assert traced(state, random.Random(4)) == traced(state, random.Random(4))


@pytest.mark.parametrize("cells", [False, True], ids=["word", "cells"])
def test_many_playouts_per_call_are_a_stream_of_single_ones(cells: bool) -> None:
    state = game_of(size=6, rules="v1").initial_state()
    many = winners(state, 400, random.Random(3), cells)
    assert set(many.tolist()) <= {-1, 0, 1}
    again = winners(state, 400, random.Random(3), cells)
    assert many.tolist() == again.tolist()
    # as many red wins as single playouts give, within sampling error
    single = [playout.winner(state, random.Random(1000 + s)) for s in range(400)]
    assert abs((many == 0).mean() - single.count(0) / 400) < 0.15
