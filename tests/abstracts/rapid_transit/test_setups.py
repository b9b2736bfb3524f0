"""Rapid Transit set-ups: the checkerboard (RT-2), modified boards and their validity,
and the random quadrant set-ups (RT-3)."""

from __future__ import annotations

import random

import pytest

from abstracts import get_game
from abstracts.rapid_transit import Board, BoardError
from abstracts.rapid_transit.board import bits
from abstracts.rapid_transit.networks import networks
from abstracts.rapid_transit.setups import check_board, random_setup
from tests.abstracts.rapid_transit.positions import colour_at, start

# ---------------------------------------------------------------- RT-2


def test_rt2_checkerboard_red_on_a1_and_even_cells_red_moves_first() -> None:
    state = start()
    assert state.to_move == "red"
    assert colour_at(state, "a1") == "red"
    assert colour_at(state, "b1") == "cyan"
    assert colour_at(state, "a2") == "cyan"
    assert colour_at(state, "h8") == "red"  # 7 + 7 is even
    assert colour_at(state, "h1") == "cyan"
    assert state.red.bit_count() == state.cyan.bit_count() == 32


# ---------------------------------------------------------------- RT-3 validity

# Each breaks one condition of RT-3 and nothing else.
CENTRE_HOLE = "C R C .\nR . R C\nC R C R\nR C R C"
CUT_OFF = "R . R C\n. C R C\nR C R C\nC R C R"  # a4 reached only through holes
UNEQUAL = "R C R C\nC R C R\nR C R C\nC R C C"
RED_BLOCK = "R C C R\nC R R C\nC R R C\nR C C R"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (CENTRE_HOLE, "RT-3: the four centre cells must stay; b3 removed"),
        (CUT_OFF, "RT-3: the board must be orthogonally connected; a4 cannot be reached from b2"),
        (UNEQUAL, "RT-3: piece counts must be equal; red has 7, cyan has 9"),
        (RED_BLOCK, "RT-3: no 2 x 2 block may be one colour; b2-c3 is all red"),
    ],
)
def test_rt3_invalid_boards_are_refused_naming_the_condition(text: str, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        get_game("rapid-transit").from_text(text)
    assert str(caught.value) == message


def test_rt3_board_with_holes_is_accepted_and_holes_are_never_used() -> None:
    text = ". R C R C .\nR C R C R C\nC R C R C R\nR C R C R C\nC R C R C R\n. C R C R ."
    state = get_game("rapid-transit").from_text(text)
    assert state.board.cells.bit_count() == 32
    assert state.red.bit_count() == state.cyan.bit_count() == 16
    assert state.to_text().splitlines()[0] == ". R C R C ."
    holes = {"a1", "f1", "a6", "f6"}
    for move in state.legal_moves():
        assert not {state.board.name(move.p), state.board.name(move.q)} & holes
    with pytest.raises(ValueError, match="RT-3: a1 is a hole"):
        state.play("a1-b1")


# ---------------------------------------------------------------- RT-3 random setup


@pytest.mark.parametrize("size", [4, 6, 8, 12])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rt3_random_setup_mirrors_with_colours_flipped(size: int, seed: int) -> None:
    board = Board(size)
    red, cyan = random_setup(board, random.Random(seed))
    check_board(board, red, cyan)  # valid: equal counts, no one-colour block
    colour = {board.coords(b): "R" for b in bits(red)} | {board.coords(b): "C" for b in bits(cyan)}
    flip = {"R": "C", "C": "R"}
    for (file, rank), value in colour.items():
        assert colour[size - 1 - file, rank] == flip[value]  # left-right, flipped
        assert colour[file, size - 1 - rank] == flip[value]  # top-bottom, flipped


def test_rt3_random_setup_is_seeded() -> None:
    assert start(setup="random", seed=4).to_text() == start(setup="random", seed=4).to_text()
    assert start(setup="random", seed=4).to_text() != start(setup="random", seed=5).to_text()
    assert start(setup="random").to_text() == start(setup="random", seed=0).to_text()


def test_rt3_random_setup_is_not_the_checkerboard() -> None:
    # The checkerboard has only single-piece networks; a random quadrant joins some.
    state = start(setup="random", seed=1)
    assert max(net.bit_count() for net in networks(state.board, state.red)) > 1
