"""The cell-array playout kernel (any board size) against the rules, as test_bitboard.py
tests the 64-bit one: on boards past 8 x 8, where it runs, and on small boards, where the
two kernels and the rules must all agree."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts.rapid_transit import RapidTransitState
from tests.abstracts.rapid_transit.positions import game_of, positions
from tests.abstracts.rapid_transit.test_bitboard import assert_same_moves, replay


@settings(max_examples=120, deadline=None)
@given(state=positions(sizes=(4, 6, 8, 10, 12)))
def test_listed_moves_are_the_legal_moves(state: RapidTransitState) -> None:
    if not state.is_over:
        assert_same_moves(state, cells=True)


@settings(max_examples=60, deadline=None)
@given(state=positions(sizes=(4, 6, 10)), seed=st.integers(0, 2**32 - 1))
def test_traced_playouts_replay_through_the_rules(state: RapidTransitState, seed: int) -> None:
    replay(state, seed, cells=True)


def test_state_playout_runs_on_the_largest_board() -> None:
    state = game_of(size=26, holes="corners").initial_state()
    end = replay(state, seed=3, cells=True)
    assert end.ply > 26
