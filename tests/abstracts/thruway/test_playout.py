"""The plain-Python playout (playout.py) plays the same game as `ThruwayState`, uniformly.

(`ThruwayState.playout` is the compiled kernel's, test_kernel.py; the rollout policy of
Thruway's default evaluator has its own tests in test_rollout.py.)

Traced playouts are replayed move by move through `ThruwayState.play`: every move must be
legal there, the playout's count of legal moves must equal `len(legal_moves())`, and the
result must match. One-ply playouts from fixed positions must pick every legal move equally
often (chi-square), which is what `rng.choice(state.legal_moves())` does.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from abstracts import get_game
from abstracts.thruway import ThruwayGame, ThruwayState
from abstracts.thruway.moves import PASS, PAVE, PIE, SWAP, ThruwayMove
from abstracts.thruway.playout import TraceEntry, random_playout


def traced_move(game: ThruwayGame, entry: TraceEntry) -> ThruwayMove:
    _, kind, anchor, vertical = entry
    table = game.table
    if kind == PASS:
        return table.pass_move
    if kind == PIE:
        return table.pie
    row = {
        (PAVE, False): table.pave_h,
        (PAVE, True): table.pave_v,
        (SWAP, False): table.swap_h,
        (SWAP, True): table.swap_v,
    }[kind, vertical]
    move = row[anchor]
    assert move is not None
    return move


def replay_trace(state: ThruwayState, trace: list[TraceEntry]) -> ThruwayState:
    """Play a traced playout through the protocol, checking every move was legal there."""
    for entry in trace:
        legal = state.legal_moves()
        assert entry[0] == len(legal), state.to_text()
        move = traced_move(state.game, entry)
        assert move in legal
        state = state.play(move)
    return state


def replay(state: ThruwayState, seed: int) -> None:
    trace: list[TraceEntry] = []
    winner = random_playout(state.rules, state.position(), random.Random(seed), trace)
    state = replay_trace(state, trace)
    if state.is_over:
        assert winner == state.winner_side
    else:  # stopped early: three passes in a row can only go on passing (TW-12)
        assert winner is None
        assert len(trace) >= 3 and all(entry[1] == PASS for entry in trace[-3:])
        assert [str(m) for m in state.legal_moves()] == ["pass"]


def random_position(
    size: int, tiles: int | None, pie: bool, warmup: int, seed: int
) -> ThruwayState:
    """`warmup` uniformly random plies into a game (fewer if it ends first)."""
    game = get_game("thruway", size=size, tiles=tiles, pie=pie, max_plies=200)
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(warmup):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


# Anywhere in a small game: at the start (pie next), after a swap (TW-10 ban), late on.
positions = st.builds(
    random_position,
    size=st.integers(3, 8),
    tiles=st.one_of(st.none(), st.integers(0, 12)),
    pie=st.booleans(),
    warmup=st.integers(0, 40),
    seed=st.integers(0, 2**32 - 1),
)


@settings(max_examples=60, deadline=None)
@given(state=positions, seed=st.integers(0, 2**32 - 1))
def test_traced_playouts_replay_through_the_rules(state: ThruwayState, seed: int) -> None:
    replay(state, seed)


def test_traced_playouts_on_the_full_board() -> None:
    game = get_game("thruway")
    for seed in range(3):
        replay(game.initial_state(), seed)


def test_traced_playout_after_a_swap_keeps_the_ban() -> None:
    game = get_game("thruway", size=3, tiles=8)
    state = game.from_text("...\nCAA\nACC").play("b1~b2")
    assert state.banned is not None and str(state.banned) == "b1~b2"
    for seed in range(40):
        replay(state, seed)


def one_ply_choices(state: ThruwayState, samples: int, seed: int) -> Counter[str]:
    """What one ply of playout picks from `state`, tallied over `samples` playouts."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    for _ in range(samples):
        trace: list[TraceEntry] = []
        random_playout(state.rules, state.position(), rng, trace)
        counts[str(traced_move(state.game, trace[0]))] += 1
    return counts


def assert_uniform(state: ThruwayState, per_move: int = 150) -> None:
    legal = [str(m) for m in state.legal_moves()]
    counts = one_ply_choices(state, per_move * len(legal), seed=7)
    assert set(counts) <= set(legal)
    observed = [counts[m] for m in legal]
    assert min(observed) > 0
    assert chisquare(observed).pvalue > 1e-4, dict(zip(legal, observed, strict=True))


# Paves between two empty parcels, replacements, and swaps of two disputes, all at once.
MIXED = "......\n.AC...\n.CA.C.\n..CA..\n..AC..\nA....."


def test_one_ply_is_uniform_over_paves_replacements_and_swaps() -> None:
    state = get_game("thruway", size=6, max_plies=1).from_text(MIXED)
    kinds = Counter(m.kind for m in state.legal_moves())
    assert kinds[SWAP] >= 4 and kinds[PAVE] >= 40
    assert any(m.kind == PAVE and m.pair & state.asphalt for m in state.legal_moves())
    assert_uniform(state)


def test_one_ply_is_uniform_with_pie_on_offer() -> None:
    state = get_game("thruway", size=4, max_plies=2).initial_state().play("b2-b3")
    assert "pie" in [str(m) for m in state.legal_moves()]
    assert_uniform(state)


def test_one_ply_is_uniform_when_only_swaps_remain() -> None:
    state = get_game("thruway", size=3, tiles=3, max_plies=1).from_text("...\nCAC\nACA")
    assert all(m.kind == SWAP for m in state.legal_moves())  # reserves are empty (TW-7)
    assert_uniform(state)


def test_playout_of_a_finished_game_returns_its_winner() -> None:
    state = get_game("thruway", size=3, tiles=6).from_text("AAA\nCCC\nAAA")
    assert state.playout(random.Random(0)) == "concrete"


@pytest.mark.parametrize("pie", [True, False])
def test_a_game_where_nobody_can_move_is_drawn(pie: bool) -> None:
    state = get_game("thruway", size=3, tiles=1, pie=pie).initial_state()
    assert state.playout(random.Random(0)) is None


def test_playout_results_are_reproducible() -> None:
    state = get_game("thruway", size=7).initial_state()
    first = [state.playout(random.Random(s)) for s in range(20)]
    assert first == [state.playout(random.Random(s)) for s in range(20)]
    assert {"concrete", "asphalt"} <= set(first)
