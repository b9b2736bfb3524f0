"""The compiled kernel plays the game of `ThruwayState`, the reference, with uniform moves.

On random positions (hypothesis) the kernel lists the same legal moves as the rules; after
every kernel move its incremental rows equal the rows derived afresh; traced kernel
playouts replay move by move through `ThruwayState.play` to the same end (every move legal,
the same number of legal moves each ply, the same board, reserves and result). One-ply
draws pick every legal move equally often (chi-square), and `State.playout`'s results
have the distribution of the plain-Python playout (playout.py).
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chi2_contingency, chisquare

import abstracts.thruway.arrays as arrays
import abstracts.thruway.kernel as k
from abstracts import get_game
from abstracts.thruway import ThruwayState
from abstracts.thruway.board import board
from abstracts.thruway.moves import SWAP
from abstracts.thruway.playout import random_playout
from tests.abstracts.thruway.test_playout import MIXED, positions

Arrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def kernel_position(state: ThruwayState) -> Arrays:
    """Writable copies of the state's kernel arrays, and its geometry."""
    cell, s, w = (array.copy() for array in state.kernel_arrays())
    return cell, s, w, arrays.geometry(state.rules.geometry.size)


def kernel_moves(state: ThruwayState) -> set[str]:
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    count = k.legal_moves(cell, s, w, geo, out)
    size = state.rules.geometry.size
    return {str(arrays.move_of(size, int(code))) for code in out[:count]} or {"pass"}


def rng_of(seed: int) -> np.ndarray:
    return np.array([seed], dtype=np.uint64)


@settings(max_examples=80, deadline=None)
@given(state=positions)
def test_the_kernel_lists_the_legal_moves_of_the_rules(state: ThruwayState) -> None:
    if state.is_over:
        _, s, _, _ = kernel_position(state)
        assert k.is_over(s)
        assert (s[k.WINNER] if s[k.WINNER] >= 0 else None) == state.winner_side
    else:
        assert kernel_moves(state) == {str(m) for m in state.legal_moves()}


def fresh_rows(cell: np.ndarray, s: np.ndarray, geo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    again, s_again = cell.copy(), s.copy()
    w = k.new_work(geo)
    k.setup(again, s_again, w, geo)
    return w, s_again


def assert_rows_agree(cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray) -> None:
    """Every incrementally kept row equals the one `setup` derives from the cells."""
    fresh, s_fresh = fresh_rows(cell, s, geo)
    nb = geo[k.SIZE, 1]
    for slot in (k.NEMPTY, k.NSWAP, k.WINNER):
        assert s[slot] == s_fresh[slot]
    assert set(w[k.EMPTIES, : s[k.NEMPTY]]) == set(np.flatnonzero(cell == k.EMPTY))
    for i in range(s[k.NEMPTY]):
        assert w[k.WHERE, w[k.EMPTIES, i]] == i
    assert set(w[k.SWAPS, : s[k.NSWAP]]) == set(fresh[k.SWAPS, : s[k.NSWAP]])
    for row in (k.OPEN, k.DCOUNT, k.DISPUTED, k.SAFE, k.REACH):
        assert (w[row, :nb] == fresh[row, :nb]).all(), row
    assert (w[k.ECOUNT] == fresh[k.ECOUNT]).all()


@settings(max_examples=40, deadline=None)
@given(state=positions, seed=st.integers(0, 2**63 - 1))
def test_moves_keep_every_row_as_setup_derives_it(state: ThruwayState, seed: int) -> None:
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    rng = rng_of(seed)
    while not k.is_over(s):
        k.play(cell, s, w, geo, k.draw(cell, s, w, geo, rng, out))
        assert_rows_agree(cell, s, w, geo)


# Concrete's road a2-b2-b1-c1 is indestructible (TW-14); paving c3 makes block b2 a
# crossroads dispute (TW-8), so b2 is destructible again and b1, c1 lose the road.
CUT = "....\nAA..\nCCA.\nACCA"


def test_a_dispute_that_unmakes_a_road_tile_cuts_the_road() -> None:
    state = get_game("thruway", size=4).from_text(CUT)
    cell, s, w, geo = kernel_position(state)
    assert concrete_road(cell, w) == {"a2", "b2", "b1", "c1"}
    k.play(cell, s, w, geo, arrays.code(state.rules.geometry, state.parse_move("c3-d3")))
    assert_rows_agree(cell, s, w, geo)
    assert concrete_road(cell, w) == {"a2"}


def concrete_road(cell: np.ndarray, w: np.ndarray) -> set[str]:
    """Concrete tiles the REACH row joins to the west edge, by name (4 x 4 board)."""
    geo = board(4)
    joined = np.flatnonzero((w[k.REACH, :16] == 1) & (cell == 1))
    return {geo.name(arrays.bit_index(4, int(p))) for p in joined}


def replay(state: ThruwayState, seed: int) -> None:
    """A traced kernel playout, replayed through the rules: same moves, same end."""
    cell, s, _, geo = kernel_position(state)
    trace = np.zeros((state.rules.max_plies + 1, 2), dtype=np.int64)
    plies = k.traced_playout(cell, s, geo, seed, trace)
    size = state.rules.geometry.size
    for legal, code in trace[:plies]:
        moves = state.legal_moves()
        assert legal == len(moves), state.to_text()
        move = arrays.move_of(size, int(code))
        assert move in moves, (state.to_text(), move)
        state = state.play(move)
    assert state.is_over and k.is_over(s)
    assert (s[k.WINNER] if s[k.WINNER] >= 0 else None) == state.winner_side
    assert arrays.bitboards(size, cell) == (state.concrete, state.asphalt)
    assert (s[k.RESERVE], s[k.RESERVE + 1]) == state.reserves
    assert (s[k.SIDE], s[k.PLY], s[k.PASSES]) == (state.side, state.ply, state.passes)
    assert bool(s[k.TRADED]) == state.roles_traded


@settings(max_examples=60, deadline=None)
@given(state=positions, seed=st.integers(0, 2**63 - 1))
def test_traced_kernel_playouts_replay_through_the_rules(state: ThruwayState, seed: int) -> None:
    replay(state, seed)


def test_traced_kernel_playouts_on_the_full_board() -> None:
    game = get_game("thruway")
    for seed in range(3):
        replay(game.initial_state(), seed)


def test_a_swap_keeps_its_ban_in_the_kernel() -> None:
    # TW-10: after b1~b2 the same swap is not offered to the other side.
    state = get_game("thruway", size=3, tiles=8).from_text("...\nCAA\nACC").play("b1~b2")
    assert "b1~b2" not in kernel_moves(state)
    assert kernel_moves(state) == {str(m) for m in state.legal_moves()}
    for seed in range(20):
        replay(state, seed)


# -- the uniform draw ---------------------------------------------------------------------


def one_ply_draws(state: ThruwayState, samples: int) -> Counter[str]:
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    rng, size = rng_of(7), state.rules.geometry.size
    codes = Counter(k.draw(cell, s, w, geo, rng, out) for _ in range(samples))
    return Counter({str(arrays.move_of(size, int(c))): n for c, n in codes.items()})


def assert_uniform(state: ThruwayState, per_move: int = 150) -> None:
    legal = [str(m) for m in state.legal_moves()]
    counts = one_ply_draws(state, per_move * len(legal))
    assert set(counts) <= set(legal)
    observed = [counts[m] for m in legal]
    assert min(observed) > 0
    assert chisquare(observed).pvalue > 1e-4, dict(zip(legal, observed, strict=True))


def test_a_draw_is_uniform_over_paves_replacements_and_swaps() -> None:
    assert_uniform(get_game("thruway", size=6).from_text(MIXED))


def test_a_draw_is_uniform_with_pie_on_offer() -> None:
    assert_uniform(get_game("thruway", size=4).initial_state().play("b2-b3"))


def test_a_draw_is_uniform_when_only_swaps_remain() -> None:
    assert_uniform(get_game("thruway", size=3, tiles=3).from_text("...\nCAC\nACA"))


def test_a_draw_is_uniform_when_most_slots_miss() -> None:
    # The one empty parcel, d3, has only concrete neighbours: concrete's eight pave slots
    # all miss (TW-5), so the exact chooser often decides, still uniformly over the swaps.
    state = get_game("thruway", size=4, tiles=12).from_text("CCCC\nCAC.\nACAC\nCACA")
    assert state.reserves[0] >= 2 and all(m.kind == SWAP for m in state.legal_moves())
    assert_uniform(state)


def test_the_draw_passes_only_without_a_legal_move() -> None:
    state = get_game("thruway", size=3, tiles=1, pie=False).initial_state()  # TW-7
    assert one_ply_draws(state, 10) == {"pass": 10}


def test_below_is_uniform_and_inside_its_bound() -> None:
    rng = rng_of(3)
    for bound in (1, 2, 3, 7, 1000, 2**31 + 5):
        assert all(0 <= k.below(rng, bound) < bound for _ in range(200))
    counts = Counter(k.below(rng, 6) for _ in range(6000))
    assert chisquare([counts[i] for i in range(6)]).pvalue > 1e-4


# -- State.playout ------------------------------------------------------------------------


def test_state_playout_has_the_distribution_of_the_python_playout() -> None:
    state = get_game("thruway", size=5).initial_state().play("c3-d3")
    rng = random.Random(5)
    compiled = Counter(state.playout(rng) for _ in range(3000))
    python = Counter(random_playout(state.rules, state.position(), rng) for _ in range(3000))
    table = [
        [compiled["concrete"], compiled["asphalt"], compiled[None]],
        [python[0], python[1], python[None]],
    ]
    assert chi2_contingency(table).pvalue > 1e-4, table


@pytest.mark.parametrize("size", [3, 11, 26])
def test_n_playouts_per_call_report_results_and_pie(size: int) -> None:
    state = get_game("thruway", size=size).initial_state().play("b2-b3")  # pie open
    cell, s, _ = state.kernel_arrays()
    results = k.playouts(cell, s, arrays.geometry(size), 9, 300)
    assert results.shape == (300, 2)
    assert set(results[:, 0]) <= {-1, 0, 1} and set(results[:, 1]) <= {0, 1}
    if size == 3:  # pie is one of 11 moves: some playouts take it
        assert 0 < results[:, 1].sum() < 300
    again = k.playouts(cell, s, arrays.geometry(size), 9, 300)
    assert (results == again).all()
