"""Thruway positions as text (TW-4) with the state line: the side to move, the ply count,
passes in a row (TW-12), the swap TW-10 forbids and where the pie rule stands (TW-11)."""

from __future__ import annotations

import re

import pytest

from abstracts import IllegalMove, get_game
from abstracts.thruway import ThruwayState

# After concrete's b1~b2 resolves block a1 it creates block b1, whose west edge is b1-b2.
REVERSAL = "...\nCAA\nACC"


def again(state: ThruwayState) -> ThruwayState:
    return state.game.from_text(state.to_text())


def test_tw4_the_state_line_follows_the_rank_lines() -> None:
    state = get_game("thruway", size=3).initial_state()
    assert state.to_text() == "...\n...\n...\nto_move=concrete ply=0 passes=0 banned=- pie=next"


def test_tw10_the_ban_survives_the_text() -> None:
    state = get_game("thruway", size=3, tiles=8).from_text(REVERSAL).play("b1~b2")
    text = state.to_text()
    assert text.splitlines()[-1] == "to_move=asphalt ply=1 passes=0 banned=b1~b2 pie=-"
    read = again(state)
    assert read.banned == state.banned
    assert [str(m) for m in read.legal_moves()] == [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMove, match="TW-10"):
        read.play("b1~b2")


def test_tw11_the_pie_rule_survives_the_text() -> None:
    start = get_game("thruway", size=5).initial_state()
    assert "pie" in [str(m) for m in again(start).play("c3-d3").legal_moves()]  # pie=next
    first = start.play("c3-d3")
    assert first.to_text().endswith("pie=open")
    assert again(first).legal_moves() == first.legal_moves()
    traded = first.play("pie")
    assert traded.to_text().endswith("pie=taken") and again(traded).roles_traded


def test_tw12_passes_survive_the_text() -> None:
    state = get_game("thruway", size=3, tiles=1, pie=False).initial_state()
    twice = state.play("pass").play("pass")
    assert twice.to_text().endswith("passes=2 banned=- pie=-")
    assert again(twice).play("pass").is_over  # the third pass in a row (TW-12)


def test_without_a_state_line_nothing_is_banned_or_offered() -> None:
    state = get_game("thruway", size=5).from_text(".....\n.....\n..CC.\n.....\n.....", "asphalt")
    assert (state.ply, state.passes, state.banned, state.pie_ok) == (0, 0, None, False)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("to_move=asphalt ply=1 banned=b1-b2", "TW-10: banned=b1-b2 must be a swap"),
        ("to_move=asphalt ply=1 banned=a3~b3", "a swap leaves one concrete and one asphalt"),
        ("to_move=asphalt ply=1 banned=c1~c2", "undoing it makes no crossroads dispute"),
        ("to_move=asphalt ply=0 banned=b1~b2", "banned=b1~b2 is the swap just played, but ply=0"),
        ("to_move=asphalt ply=2 passes=1 banned=b1~b2", "but ply=2 and passes=1"),
        ("to_move=asphalt ply=1 banned=b1~z9", "TW-10: banned=b1~z9: TW-1"),
        ("to_move=concrete ply=1 passes=2", "TW-12: passes=2 in a row, but only 1 plies"),
        ("to_move=concrete ply=9 passes=4", "TW-12: passes=4 in a row, but three end the game"),
        ("to_move=asphalt ply=2 pie=open", "TW-11: pie=open is asphalt's first turn, but ply=2"),
        ("to_move=concrete ply=1 pie=open", "but ply=1, concrete to move"),
        ("to_move=concrete ply=1 pie=next", "TW-11: pie=next is the game's start, but ply=1"),
        ("to_move=asphalt ply=1 pie=taken", "TW-11: pie=taken needs the first move and the pie"),
        ("to_move=asphalt ply=1 pie=maybe", "TW-11: pie must be one of -, next, open, taken"),
        ("to_move=asphalt ply=one", "TW-4: ply must be a whole number, not 'one'"),
        ("colour=asphalt", "TW-4: unknown state field 'colour=asphalt'"),
    ],
)
def test_an_impossible_state_line_is_refused_naming_the_rule(line: str, message: str) -> None:
    # b1~b2 is a possible ban here (see REVERSAL after the swap); swapping c1, c2 back makes no
    # dispute (ranks C C C over A A A), and a3, b3 are empty.
    game = get_game("thruway", size=3, tiles=8)
    with pytest.raises(ValueError, match=re.escape(message)):
        game.from_text("...\nCCA\nAAC\n" + line)


def test_a_state_line_needs_the_pie_rule_for_pie() -> None:
    game = get_game("thruway", size=5, pie=False)
    with pytest.raises(ValueError, match="TW-11: pie=open, but the pie rule is off"):
        game.from_text(".....\n.....\n..CC.\n.....\n.....\nto_move=asphalt ply=1 pie=open")
