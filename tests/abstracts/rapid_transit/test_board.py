"""Rapid Transit boards: sizes and cell names (RT-1)."""

from __future__ import annotations

import pytest

from abstracts import get_game
from abstracts.rapid_transit import Board, BoardError
from tests.abstracts.rapid_transit.positions import start

# ---------------------------------------------------------------- RT-1


def test_rt1_default_board_is_8_by_8_with_algebraic_cells() -> None:
    state = start()
    assert state.board.size == 8
    assert state.board.cells.bit_count() == 64
    assert state.board.name(state.board.bit(0, 0)) == "a1"
    assert state.board.name(state.board.bit(7, 7)) == "h8"
    assert state.board.coords(state.board.parse_cell("c5")) == (2, 4)


@pytest.mark.parametrize("size", [4, 6, 10, 26])
def test_rt1_any_even_size_from_4(size: int) -> None:
    assert start(size=size).board.cells.bit_count() == size * size


@pytest.mark.parametrize("size", [2, 3, 5, 7, 28])
def test_rt1_odd_small_or_huge_sizes_are_refused(size: int) -> None:
    with pytest.raises(ValueError, match="RT-1"):
        get_game("rapid-transit", size=size)


def test_cell_names_off_the_board_or_garbled_are_refused() -> None:
    board = Board(4)
    with pytest.raises(BoardError, match="RT-1: 'e1' is off the board"):
        board.parse_cell("e1")
    with pytest.raises(BoardError, match="RT-1: 'a0' is off the board"):
        board.parse_cell("a0")
    with pytest.raises(BoardError, match="not a cell name"):
        board.parse_cell("4d")
