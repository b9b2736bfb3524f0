"""The compiled judged rollout agrees with its Python reference (rollout.py, threats.py).

On positions along games mixing greedy and random moves (so roads get close to done) the
compiled judge names the side rollout.judge names, and the compiled winning-move search
finds a move exactly when trying every legal move through `ThruwayState.play` finds one.
Traced rollouts replay legally, taking a winning move whenever there is one; the biased
draw has the exact distribution the Python test computes; and the evaluator's ends: a
won game, a frozen board, the ply limit.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import abstracts.thruway.arrays as arrays
import abstracts.thruway.kernel as k
import abstracts.thruway.kernel_rollout as kr
from abstracts import get_game
from abstracts.thruway import ThruwayState
from abstracts.thruway.rollout import HORIZON, graded_judge, judge
from abstracts.thruway.search import POLICY
from tests.abstracts.thruway.test_kernel import kernel_position, rng_of
from tests.abstracts.thruway.test_playout import positions
from tests.abstracts.thruway.test_rollout import CROSSING, THREAT, biased_distribution
from tests.abstracts.thruway.test_threats import ELSEWHERE, position, winners

SIDES = ("concrete", "asphalt")


def compiled_judge(state: ThruwayState) -> str | None:
    cell, s, w, geo = kernel_position(state)
    ahead = kr.judge(cell, s, w, geo, kr.new_scratch(geo), POLICY)
    return None if ahead < 0 else SIDES[ahead]


def compiled_share(state: ThruwayState) -> float:
    """Concrete's share of a win the search backs up, judging at once (depth 0)."""
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    rng = rng_of(0)
    return float(kr.share(cell, s, w, geo, rng, out, kr.new_scratch(geo), 0, POLICY))


def python_share(state: ThruwayState) -> float:
    """The share MCTSAgent credits concrete for graded_judge's word (1/2 + margin/2)."""
    if state.is_over:
        return 0.5 if state.winner is None else float(state.winner == "concrete")
    lead = graded_judge(state)
    if lead is None:
        return 0.5
    return 0.5 + lead.margin / 2 if lead.side == "concrete" else 0.5 - lead.margin / 2


def compiled_winning_move(state: ThruwayState) -> str | None:
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    move = kr.winning_move(cell, s, w, geo, out, kr.new_scratch(geo))
    return None if move == kr.NONE else str(arrays.move_of(state.rules.geometry.size, move))


def game_positions(size: int, tiles: int | None, seed: int) -> list[ThruwayState]:
    """Every position of one game, greedy and random moves mixed."""
    game = get_game("thruway", size=size, tiles=tiles)
    rng = random.Random(seed)
    state, seen = game.initial_state(), []
    while not state.is_over:
        seen.append(state)
        greedy = rng.random() < 0.5
        state = state.play(
            game.greedy_move(state, rng) if greedy else rng.choice(state.legal_moves())
        )
    return seen


games = st.builds(
    game_positions,
    size=st.integers(3, 7),
    tiles=st.one_of(st.none(), st.integers(2, 14)),
    seed=st.integers(0, 2**32 - 1),
)


@settings(max_examples=25, deadline=None)
@given(game=games)
def test_the_compiled_judge_and_winning_move_agree_with_python(game: list[ThruwayState]) -> None:
    for state in game:
        assert compiled_judge(state) == judge(state), state.to_text()
        if not state.game.seat_swap_ahead(state):  # (random plies while pie may come)
            assert compiled_share(state) == pytest.approx(python_share(state)), state.to_text()
        found, brute = compiled_winning_move(state), winners(state)
        assert (found is None) == (not brute), state.to_text()
        assert found is None or found in brute


def test_a_winning_road_apart_from_a_cheaper_unfinishable_one_is_found() -> None:
    assert compiled_winning_move(position(ELSEWHERE)) == "a4-b4"


def test_the_compiled_judge_on_the_hand_worked_boards() -> None:
    empty = get_game("thruway", size=5).initial_state()
    assert compiled_judge(empty) == "concrete"  # the tempo decides an even board
    assert compiled_judge(empty.play("c3-d3")) == judge(empty.play("c3-d3")) == "concrete"
    frozen = get_game("thruway", size=3, tiles=1).initial_state()
    assert compiled_judge(frozen) is None  # TW-7, TW-9: nothing can change


def traced_roll(state: ThruwayState, seed: int, depth: int = HORIZON) -> list[str]:
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    trace = np.zeros(state.rules.max_plies + 1, dtype=np.int32)
    plies = kr.roll(cell, s, w, geo, rng_of(seed), out, kr.new_scratch(geo), depth, POLICY, trace)
    size = state.rules.geometry.size
    return [str(arrays.move_of(size, int(code))) for code in trace[:plies]]


@settings(max_examples=60, deadline=None)
@given(state=positions, seed=st.integers(0, 2**63 - 1))
def test_traced_rollouts_are_legal_and_take_a_win_when_there_is_one(
    state: ThruwayState, seed: int
) -> None:
    moves = traced_roll(state, seed)
    pie_phase = 0
    for move in moves:
        assert move in [str(m) for m in state.legal_moves()], state.to_text()
        if state.game.seat_swap_ahead(state):
            pie_phase += 1  # uniform moves while pie may come (TW-11)
        elif winners(state):
            assert state.play(move).winner == state.to_move, (state.to_text(), move)
        state = state.play(move)
    assert len(moves) <= pie_phase + HORIZON
    assert state.is_over or len(moves) == pie_phase + HORIZON


def test_rollouts_play_the_winning_move_and_score_it() -> None:
    state = position(THREAT, "asphalt").play("d1-d2")
    for seed in range(5):
        assert traced_roll(state, seed) == ["d1-e1"]
        assert evaluation(state, seed) == "concrete"


def evaluation(state: ThruwayState, seed: int, depth: int = HORIZON) -> str | None:
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    scratch = kr.new_scratch(geo)
    winner = kr.evaluate(cell, s, w, geo, rng_of(seed), out, scratch, depth, POLICY)
    return None if winner < 0 else SIDES[winner]


def test_the_evaluators_ends_a_frozen_board_and_the_ply_limit() -> None:
    frozen = get_game("thruway", size=3, tiles=1).initial_state()
    assert evaluation(frozen, 0) is None
    late = get_game("thruway", size=5, max_plies=3).initial_state().play("c3-d3")
    assert all(evaluation(late, seed) is None for seed in range(10))  # TW-12
    assert len(traced_roll(late, 0)) == 2  # one uniform ply while pie is open, then one


def test_depth_uniform_is_the_uniform_playout_to_the_end() -> None:
    state = get_game("thruway", size=5).initial_state().play("c3-d3").play("b2-b3")
    results = Counter(evaluation(state, seed, kr.UNIFORM) for seed in range(200))
    assert results[None] > 0  # uniform games draw often; judged rollouts rarely
    judged = Counter(evaluation(state, seed) for seed in range(200))
    assert judged[None] < results[None]


def test_the_compiled_biased_draw_has_the_exact_distribution() -> None:
    state = get_game("thruway", size=7).from_text(CROSSING)
    expected = biased_distribution(state, POLICY[kr.STRAY])
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    rng, samples = rng_of(11), 12_000
    codes = Counter(
        kr.biased_draw(cell, s, w, geo, rng, out, POLICY[kr.STRAY]) for _ in range(samples)
    )
    counts = Counter({str(arrays.move_of(7, int(c))): n for c, n in codes.items()})
    legal = sorted(expected)
    assert set(counts) <= set(legal)
    observed = [counts[m] for m in legal]
    assert chisquare(observed, [expected[m] * samples for m in legal]).pvalue > 1e-4
