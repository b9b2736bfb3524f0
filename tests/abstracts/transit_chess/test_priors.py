"""The compiled greedy scores: every code scored as the greedy player does (greedy.py), and
greedy's choice made as reference.py makes it (MT-4..MT-11)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.transit_chess.greedy import scorer
from abstracts.transit_chess.priors import scores, scores_kernel, softmax
from abstracts.transit_chess.reference import greedy_choice
from tests.abstracts.transit_chess.test_reference import random_position, varied_system


def kernel_scores(state) -> list[float]:  # type: ignore[no-untyped-def]
    codes = state.legal_codes()  # every code scored exactly: need = all of them
    args = (state.cells, state.hands, state.totals, state.side, codes, len(codes))
    return scores(state.rules, *args)[0].tolist()


def greedy_scores(state) -> list[float]:  # type: ignore[no-untyped-def]
    """greedy.py's scores; a lone pass (MT-11) is never scored there: 0 as in the kernel."""
    codes = state.legal_codes()
    if codes == [state.rules.tables.pass_code]:
        return [0.0]
    return [scorer(state)(code) for code in codes]


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), placing=st.booleans())
def test_the_kernel_scores_as_greedy_does(seed: int, placing: bool) -> None:
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=0)
    rng = random.Random(seed)
    state = game.from_text(random_position(system, rng, placing), rng.choice(game.sides))
    assert kernel_scores(state) == greedy_scores(state)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), need=st.integers(1, 5))
def test_the_best_moves_are_scored_exactly_and_the_rest_rank_below(seed: int, need: int) -> None:
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=0)
    rng = random.Random(seed)
    state = game.from_text(random_position(system, rng, False), rng.choice(game.sides))
    codes, exact = state.legal_codes(), greedy_scores(state)
    if not codes:  # a finished game: nothing to choose from
        assert scores(game.rules, state.cells, state.hands, state.totals, state.side, codes)[1] == 0
        return
    args = (state.cells, state.hands, state.totals, state.side, codes)
    found, done = scores(game.rules, *args, need)
    assert min(need, len(codes)) <= done <= len(codes)
    top = sorted(range(len(codes)), key=lambda i: -found[i])[:need]
    assert sorted(found[i] for i in top) == sorted(exact)[-len(top) :]  # the best, exactly
    for i in range(len(codes)):
        assert found[i] == exact[i] or found[i] < min(found[j] for j in top)
    _, choice = scores_kernel(
        game.rules.arrays, game.rules.scratch, np.array(state.cells), np.array(state.hands),
        np.array(state.totals), state.side, np.array(codes, dtype=np.int64), 1,
        np.empty(len(codes)),
    )  # fmt: skip
    assert codes[choice] == greedy_choice(state)
    assert exact[choice] == max(exact)


def test_the_kernel_scores_as_greedy_does_along_real_games() -> None:
    for key in ("fantasy", "boston"):
        game = get_game("transit-chess", map=key, seed=2, max_plies=120)
        state, rng = game.initial_state(), random.Random(key)
        while not state.is_over:
            if state.ply % 5 == 0:
                exact = greedy_scores(state)
                assert kernel_scores(state) == exact
                # greedy draws among the best scores; the kernel's choice is one of them
                chosen = state.legal_codes().index(greedy_choice(state))
                assert exact[chosen] == max(exact)
            state = state.play(rng.choice(state.legal_moves()))


def test_softmax_weights_sum_to_one_and_keep_the_order() -> None:
    weights = softmax(np.array([2.0, 0.0, -1.0, 2.0])).tolist()
    assert sum(weights) == pytest.approx(1.0)
    assert weights[0] == weights[3] > weights[1] > weights[2]
