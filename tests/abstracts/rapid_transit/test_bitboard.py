"""The 64-bit playout kernel (boards up to 8 x 8) against the rules: the moves it draws
from are `State.legal_moves` exactly (RT-8..RT-11, RT-13, RT-16, RT-17), and the games it
plays replay through `State.play` to the same end and winner (RT-11, RT-12, RT-18)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts.rapid_transit import RapidTransitState
from abstracts.rapid_transit.bitboard import board_bit, to_word
from abstracts.rapid_transit.board import Board, bits
from abstracts.rapid_transit.moves import PASS_MOVE
from abstracts.rapid_transit.playout import kernel_moves, traced
from tests.abstracts.rapid_transit.positions import A, game4, positions


def replay(state: RapidTransitState, seed: int, cells: bool = False) -> RapidTransitState:
    """A traced kernel playout played through the State: every move legal, same result."""
    winner, moves = traced(state, random.Random(seed), cells=cells)
    for move in moves:
        assert not state.is_over
        state = state.play(move)  # IllegalMove if the kernel broke a rule
    assert state.is_over, state.to_text()
    assert state.winner == (None if winner is None else ("red", "cyan")[winner])
    return state


def assert_same_moves(state: RapidTransitState, cells: bool = False) -> None:
    listed = kernel_moves(state, cells=cells)
    assert len(listed) == len(set(listed)), "a move listed twice would be drawn twice as often"
    assert sorted(listed) == state.legal_moves(), state.to_text()


@settings(max_examples=150, deadline=None)
@given(state=positions(sizes=(4, 6, 8)))
def test_listed_moves_are_the_legal_moves(state: RapidTransitState) -> None:
    if not state.is_over:
        assert_same_moves(state)


@settings(max_examples=100, deadline=None)
@given(state=positions(sizes=(4, 6, 8)), seed=st.integers(0, 2**32 - 1))
def test_traced_playouts_replay_through_the_rules(state: RapidTransitState, seed: int) -> None:
    replay(state, seed)


def test_rt11_a_player_without_a_swap_passes() -> None:
    # Red's terminal pieces (a1, d4) have no swap that RT-10 allows: red must pass.
    state = game4().from_text("C C C R\nR R R R\nR C C C\nR C R C")
    assert kernel_moves(state) == state.legal_moves() == [PASS_MOVE]
    for seed in range(10):
        assert replay(state, seed).is_over


def test_rt13_pie_is_one_more_move_on_the_second_players_first_turn() -> None:
    state = game4(rules="v1").initial_state().play("a1-b1")
    assert "pie" in [str(m) for m in kernel_moves(state)]
    assert_same_moves(state)


def test_rt16_and_rt17_after_a_swap_and_after_a_pass() -> None:
    game = game4(rules="v1", pie=False)
    after_swap = game.from_text(A).play("a4-b4")
    assert_same_moves(after_swap)  # the two swapped pieces sit out (RT-16)
    relaxed = game.from_text(A + "to_move=red ply=3 passes=1 previous=- swapper=cyan")
    assert relaxed.relaxed
    assert_same_moves(relaxed)  # any red piece may move (RT-17)


def test_the_word_layout_round_trips_board_bits() -> None:
    for size in (4, 6, 8):
        board = Board(size)
        word = to_word(board, board.cells)
        assert word.bit_count() == size * size
        assert [board_bit(board, bit) for bit in bits(word)] == bits(board.cells)
