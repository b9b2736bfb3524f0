"""The Rapid Transit game's options (RT-1, RT-3, RT-4) and console hooks."""

from __future__ import annotations

import pytest

from abstracts import get_game
from tests.abstracts.rapid_transit.positions import A, game4, start
from tests.abstracts.rapid_transit.test_setups import RED_BLOCK, UNEQUAL
from tests.abstracts.rapid_transit.test_text import SMALL

# ---------------------------------------------------------------- options


def test_board_option_sets_the_starting_position() -> None:
    state = start(board="RCRC/RCCR/CRRC/CRCR")
    assert state.board.size == 4
    assert state == get_game("rapid-transit", size=4).from_text(SMALL)


def test_board_option_is_validated_when_the_game_is_made() -> None:
    with pytest.raises(ValueError, match="RT-3: no 2 x 2 block may be one colour"):
        get_game("rapid-transit", board=RED_BLOCK)
    assert get_game("rapid-transit", board=UNEQUAL).initial_state().red.bit_count() == 7
    with pytest.raises(ValueError, match="board text is 4 x 4 but size=6"):
        get_game("rapid-transit", board=SMALL, size=6)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match="colour"):
        get_game("rapid-transit", colour="red")
    with pytest.raises(ValueError, match="rules"):
        get_game("rapid-transit", rules="v2")
    with pytest.raises(ValueError, match="max_plies"):
        get_game("rapid-transit", max_plies=0)


# ---------------------------------------------------------------- console hooks


def test_select_moves_by_piece_or_by_target() -> None:
    game = game4()
    state = game.from_text(A)
    assert [str(m) for m in game.select_moves(state, "a3")] == ["a3-c3", "a3-b4"]
    assert [str(m) for m in game.select_moves(state, "-c3")] == [
        "b1-c3",
        "c2-c3",
        "a3-c3",
        "d3-c3",
        "c4-c3",
    ]


def test_rules_help_lists_the_rules_in_force() -> None:
    standard = game4().rules_help()
    v1 = game4(rules="v1").rules_help()
    assert "RT-10" in standard and "RT-16" not in standard
    assert "RT-16" in v1 and "RT-17" in v1 and "RT-18" in v1 and "RT-13" in v1
    assert "RT-10" not in v1
