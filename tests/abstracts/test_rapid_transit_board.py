"""Rapid Transit boards: sizes and names (RT-1), setups (RT-2, RT-3), validity (RT-3),
the text format (RT-4) and the game options built on them."""

from __future__ import annotations

import random

import pytest

from abstracts import get_game
from abstracts.rapid_transit import Board, BoardError, RapidTransitState
from abstracts.rapid_transit.board import bits
from abstracts.rapid_transit.networks import networks
from abstracts.rapid_transit.setups import check_board, parse_board, random_setup


def start(**options: object) -> RapidTransitState:
    state = get_game("rapid-transit", **options).initial_state()
    assert isinstance(state, RapidTransitState)
    return state


def colour_at(state: RapidTransitState, name: str) -> str:
    bit = state.board.parse_cell(name)
    return "red" if state.red >> bit & 1 else "cyan"


# ---------------------------------------------------------------- RT-1, RT-2


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


def test_rt2_checkerboard_red_on_a1_and_even_cells_red_moves_first() -> None:
    state = start()
    assert state.to_move == "red"
    assert colour_at(state, "a1") == "red"
    assert colour_at(state, "b1") == "cyan"
    assert colour_at(state, "a2") == "cyan"
    assert colour_at(state, "h8") == "red"  # 7 + 7 is even
    assert colour_at(state, "h1") == "cyan"
    assert state.red.bit_count() == state.cyan.bit_count() == 32


def test_cell_names_off_the_board_or_garbled_are_refused() -> None:
    board = Board(4)
    with pytest.raises(BoardError, match="RT-1: 'e1' is off the board"):
        board.parse_cell("e1")
    with pytest.raises(BoardError, match="RT-1: 'a0' is off the board"):
        board.parse_cell("a0")
    with pytest.raises(BoardError, match="not a cell name"):
        board.parse_cell("4d")


# ---------------------------------------------------------------- RT-4 text

SMALL = """
R C R C
R C C R
C R R C
C R C R
"""


def test_rt4_text_top_rank_first_spaces_optional() -> None:
    game = get_game("rapid-transit", size=4)
    spaced = game.from_text(SMALL)
    packed = game.from_text("RCRC\nRCCR\nCRRC\nCRCR")
    assert spaced == packed
    assert colour_at(spaced, "a4") == "red"  # first line is rank 4
    assert colour_at(spaced, "a1") == "cyan"
    assert spaced.to_text().splitlines()[:4] == [line for line in SMALL.strip().splitlines()]


def test_rt4_to_text_adds_a_state_line_that_from_text_reads_back() -> None:
    game = get_game("rapid-transit", size=4)
    state = game.from_text(SMALL).play("c2-c1")
    text = state.to_text()
    assert text.splitlines()[-1] == "to_move=cyan ply=1 passes=0 previous=c1,c2 swapper=red"
    again = game.from_text(text)
    assert again == state
    assert again.legal_moves() == state.legal_moves()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("RCRC\nRCXR\nCRRC\nCRCR", "RT-4: rank line 2 'RCXR' has 'X'"),
        ("RCRC\nRCR\nCRRC\nCRCR", "RT-4: rank line 2 'RCR' has 3 cells"),
        ("RCR\nCRC\nRCR", "RT-1: the text has 3 ranks"),
        (SMALL + "to_move=green", "RT-4: to_move must be red or cyan, not 'green'"),
        (SMALL + "colour=red", "RT-4: unknown state field 'colour=red'"),
        (SMALL + "ply=two", "RT-4: ply must be a whole number, not 'two'"),
    ],
)
def test_rt4_bad_text_is_refused_with_the_line(text: str, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        get_game("rapid-transit").from_text(text)
    assert str(caught.value).startswith(message)


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


# ---------------------------------------------------------------- options


def test_board_option_sets_the_starting_position() -> None:
    state = start(board="RCRC/RCCR/CRRC/CRCR")
    assert state.board.size == 4
    assert state == get_game("rapid-transit", size=4).from_text(SMALL)


def test_board_option_is_validated_when_the_game_is_made() -> None:
    with pytest.raises(ValueError, match="RT-3: piece counts must be equal"):
        get_game("rapid-transit", board=UNEQUAL)
    with pytest.raises(ValueError, match="board text is 4 x 4 but size=6"):
        get_game("rapid-transit", board=SMALL, size=6)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match="colour"):
        get_game("rapid-transit", colour="red")
    with pytest.raises(ValueError, match="rules"):
        get_game("rapid-transit", rules="v2")
    with pytest.raises(ValueError, match="max_plies"):
        get_game("rapid-transit", max_plies=0)


def test_parse_board_reads_holes() -> None:
    board, red, cyan = parse_board(["R.RC", "CRCR", "RCRC", "CRC."])
    assert board.holes.bit_count() == 2
    assert not board.on_board(board.bit(1, 3))  # b4
    assert red.bit_count() == 7 and cyan.bit_count() == 7
