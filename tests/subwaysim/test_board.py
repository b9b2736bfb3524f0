"""SG-1..SG-3: sections, terrain and algebraic squares."""

from __future__ import annotations

import pytest

from subwaysim.board import Board, SquareError
from tests.subwaysim.helpers import scenario


def test_sg1_default_board_is_2x2_sections_of_6x6() -> None:
    board = scenario().make_board()
    assert (board.width, board.height, board.section_count) == (12, 12, 4)


def test_sg3_algebraic_names_a1_bottom_left() -> None:
    board = Board()
    assert board.name(0) == "a1"
    assert board.square("a1") == 0
    assert board.square("l1") == 11
    assert board.square("a2") == 12
    assert board.name(143) == "l12"
    assert board.square(" C4 ") == board.square("c4")


@pytest.mark.parametrize("bad", ["m1", "a13", "a0", "4c", "", "c"])
def test_sg3_bad_squares_are_refused_with_the_square_named(bad: str) -> None:
    with pytest.raises(SquareError, match=repr(bad)):
        Board().square(bad)


def test_sg3_sections_row_major_from_top_left_cards_from_section_top_left() -> None:
    board = Board()
    # a12 is the top-left square: section 0, row card 0, column card 0.
    assert board.locate(board.square("a12")) == (0, 0, 0)
    # g12: second section of the top row of sections.
    assert board.locate(board.square("g12")) == (1, 0, 0)
    # a6: first section of the bottom row of sections (section 2), its top row.
    assert board.locate(board.square("a6")) == (2, 0, 0)
    # l1: bottom-right square: section 3, last row, last column.
    assert board.locate(board.square("l1")) == (3, 5, 5)
    # c10: section 0, third row from the top (row 2), third column (col 2).
    assert board.locate(board.square("c10")) == (0, 2, 2)


def test_sg3_cards_name_squares_and_back_for_every_square() -> None:
    board = Board(sections=(2, 3), section_size=(4, 5))
    for sq in range(board.size):
        assert board.from_cards(*board.locate(sq)) == sq


def test_sg2_terrain_map_top_rank_first() -> None:
    terrain = "\n".join(["#" + "." * 11] + ["." * 12] * 10 + ["." * 11 + "#"])
    s = scenario(board={"terrain": terrain})
    board = s.make_board()
    assert board.is_hazard(board.square("a12"))
    assert board.is_hazard(board.square("l1"))
    assert len(board.hazards) == 2


def test_sg2_explicit_hazard_list_and_seeded_density() -> None:
    board = scenario(board={"hazards": ["c4", "d4"]}).make_board()
    assert board.hazards == {board.square("c4"), board.square("d4")}
    one = scenario(board={"hazard_density": 0.2, "terrain_seed": 4}).make_board()
    two = scenario(board={"hazard_density": 0.2, "terrain_seed": 4}).make_board()
    assert one.hazards == two.hazards and 10 < len(one.hazards) < 50


def test_neighbours_are_orthogonal_and_stay_on_the_board() -> None:
    board = Board()
    assert sorted(board.neighbours(0)) == [1, 12]
    c4 = board.square("c4")
    names = sorted(board.name(n) for n in board.neighbours(c4))
    assert names == ["b4", "c3", "c5", "d4"]
