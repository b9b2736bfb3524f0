"""Rapid Transit positions as text (RT-4)."""

from __future__ import annotations

import pytest

from abstracts import get_game
from abstracts.rapid_transit import BoardError
from abstracts.rapid_transit.text import parse_board
from tests.abstracts.rapid_transit.positions import colour_at

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


def test_parse_board_reads_holes() -> None:
    board, red, cyan = parse_board(["R.RC", "CRCR", "RCRC", "CRC."])
    assert board.holes.bit_count() == 2
    assert not board.on_board(board.bit(1, 3))  # b4
    assert red.bit_count() == 7 and cyan.bit_count() == 7


# ---------------------------------------------------------------- RT-4 state line checks


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "to_move=cyan ply=1 passes=0 previous=c2 swapper=red",
            "RT-16: previous=c2 must name the two cells of one swap (RT-8), not 1",
        ),
        (
            "to_move=cyan ply=3 passes=0 previous=a1,b1,c1 swapper=red",
            "RT-16: previous=a1,b1,c1 must name the two cells of one swap (RT-8), not 3",
        ),
        (  # a4 and c4 are both red in SMALL
            "to_move=cyan ply=1 passes=0 previous=a4,c4 swapper=red",
            "RT-16: previous=a4,c4: a swap leaves one red and one cyan piece on its two cells "
            "(RT-8), but both are red",
        ),
        (  # the swap on c1, c2 was made by the side now to move
            "to_move=red ply=1 passes=0 previous=c1,c2 swapper=red",
            "RT-16: previous=c1,c2 says cyan just swapped, but passes=0 and swapper=red",
        ),
        (
            "to_move=cyan ply=2 passes=1 previous=c1,c2 swapper=red",
            "RT-16: previous=c1,c2 says red just swapped, but passes=1 and swapper=red",
        ),
        (
            "to_move=cyan ply=1 passes=0 previous=c1,c2 swapper=-",
            "RT-16: previous=c1,c2 says red just swapped, but passes=0 and swapper=nobody",
        ),
        ("to_move=red ply=1 passes=2", "RT-11: passes=2 in a row, but only 1 plies were played"),
        ("to_move=red ply=0 swapper=cyan", "RT-12: swapper=cyan, but no move was played (ply=0)"),
    ],
)
def test_rt4_an_impossible_state_line_is_refused_naming_the_rule(line: str, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        get_game("rapid-transit", size=4).from_text(SMALL + line)
    assert str(caught.value) == message


def test_rt16_a_possible_previous_field_reads_back() -> None:
    # SMALL after c2-c1 (RT-8: red's c2 and cyan's c1 exchange colours), read from text.
    game = get_game("rapid-transit", size=4, rules="v1")
    after = game.from_text(SMALL).play("c2-c1")
    again = game.from_text(after.to_text())
    assert again == after and again.previous == after.previous
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in after.legal_moves()]
