"""Rapid Transit set-ups: the checkerboard (RT-2), modified boards and their validity,
and the random quadrant set-ups (RT-3)."""

from __future__ import annotations

import random

import pytest

from abstracts import get_game
from abstracts.rapid_transit import Board, BoardError
from abstracts.rapid_transit.board import bits
from abstracts.rapid_transit.networks import networks, singletons
from abstracts.rapid_transit.setups import (
    CORNERING_DRAWS,
    check_board,
    cornered,
    preset_holes,
    random_setup,
)
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


def test_rt3_piece_counts_may_differ() -> None:
    """RT-3 does not ask for equal counts: a valid board with 7 red and 9 cyan pieces."""
    state = get_game("rapid-transit").from_text(UNEQUAL)
    assert (state.red.bit_count(), state.cyan.bit_count()) == (7, 9)
    assert not state.is_over and state.legal_moves()


# ---------------------------------------------------------------- RT-3 modified boards


def names(board: Board, mask: int) -> set[str]:
    return {board.name(bit) for bit in bits(mask)}


def test_rt3_presets_remove_cells_at_the_corners() -> None:
    board = Board(6)
    assert names(board, preset_holes(6, "none")) == set()
    assert names(board, preset_holes(6, "corners")) == {"a1", "f1", "a6", "f6"}
    assert names(board, preset_holes(6, "triangles")) == {
        *("a1", "b1", "a2", "f1", "e1", "f2"),
        *("a6", "b6", "a5", "f6", "e6", "f5"),
    }
    blocks = names(board, preset_holes(6, "blocks"))
    assert len(blocks) == 16 and {"b2", "e2", "b5", "e5"} <= blocks
    assert not {"c3", "d3", "c4", "d4"} & blocks  # RT-3: never the centre


def test_rt3_a_preset_board_plays_without_its_holes() -> None:
    # RT-2 on 8 x 8 less the corner triangles: each corner triangle holds one piece of the
    # corner's colour and two of the other, so 26 red and 26 cyan remain.
    state = start(holes="triangles")
    assert state.board.cells.bit_count() == 64 - 12
    assert (state.red.bit_count(), state.cyan.bit_count()) == (26, 26)
    assert state.to_text().splitlines()[0] == ". . C R C R . ."  # c8: 2 + 7 is odd, cyan
    assert all(state.board.on_board(m.p) and state.board.on_board(m.q) for m in state.legal_moves())


def test_rt3_a_preset_that_breaks_a_condition_is_refused_naming_it() -> None:
    # The 2 x 2 corner blocks of a 4 x 4 board are the whole board, centre included.
    with pytest.raises(ValueError, match="RT-3: the four centre cells must stay; b2, c2, b3, c3"):
        get_game("rapid-transit", size=4, holes="blocks")
    with pytest.raises(ValueError, match="give no setup or holes"):
        get_game("rapid-transit", board="RCRC/RCCR/CRRC/CRCR", holes="corners")


# ---------------------------------------------------------------- RT-3 named set-ups

# RT-7 by hand (top rank first). A piece is cornered when the other three cells of one of
# its 2 x 2 blocks hold opponent pieces: red b3 (a4, b4, a3 cyan), cyan a3 (a2, b2, b3
# red), cyan b4 (b3, c3, c4 red), cyan c2 (c1, d1, d2 red) and cyan d4 (c4, c3, d3 red).
# No block is one colour.
CORNERS = "C C R C\nC R R R\nR R C R\nC C R R"


def test_rt7_cornered_pieces_by_hand() -> None:
    state = get_game("rapid-transit", size=4).from_text(CORNERS)
    found = names(state.board, cornered(state.board, state.red, state.cyan))
    assert found == {"a3", "b3", "b4", "c2", "d4"}


@pytest.mark.parametrize("seed", range(4))
def test_rt3_no_singletons_redraws_until_no_piece_is_alone(seed: int) -> None:
    """The result is the first draw of the random quadrant set-up (same seed, same draws)
    without a singleton network (RT-5)."""
    state = start(size=6, setup="no-singletons", seed=seed)
    board, rng = state.board, random.Random(seed)
    while True:
        red, cyan = random_setup(board, rng)
        if not singletons(board, red) and not singletons(board, cyan):
            break
    assert (state.red, state.cyan) == (red, cyan)
    for pieces in (state.red, state.cyan):
        assert min(net.bit_count() for net in networks(board, pieces)) >= 2


def test_rt3_no_singletons_differs_from_a_first_draw_with_singletons() -> None:
    board = Board(6)
    seed = next(s for s in range(50) if singletons(board, random_setup(board, random.Random(s))[0]))
    plain, redrawn = (
        start(size=6, setup="random", seed=seed),
        start(size=6, setup="no-singletons", seed=seed),
    )
    assert singletons(board, plain.red) and not singletons(board, redrawn.red)


@pytest.mark.parametrize("seed", range(3))
def test_rt3_cornering_keeps_the_draw_with_the_most_cornered_pieces(seed: int) -> None:
    state = start(size=6, setup="cornering", seed=seed)
    board, rng = state.board, random.Random(seed)
    draws = [random_setup(board, rng) for _ in range(CORNERING_DRAWS)]
    counts = [cornered(board, red, cyan).bit_count() for red, cyan in draws]
    assert (state.red, state.cyan) == draws[counts.index(max(counts))]  # the first best
    assert max(counts) > sorted(counts)[len(counts) // 2]  # more than a typical draw


def test_rt3_named_set_ups_work_on_modified_boards() -> None:
    for setup in ("random", "no-singletons", "cornering"):
        state = start(size=6, setup=setup, holes="corners", seed=1)
        assert not (state.red | state.cyan) & state.board.holes
        assert (state.red | state.cyan) == state.board.cells
        if setup == "no-singletons":
            assert not singletons(state.board, state.red) and not singletons(
                state.board, state.cyan
            )
