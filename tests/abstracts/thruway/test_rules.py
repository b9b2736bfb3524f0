"""Thruway rules TW-1..TW-15, one hand-worked position at a time.

Positions are TW-4 text, top rank first. Rank 1 is the bottom line, file a the left column.
"""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from abstracts import IllegalMove, get_game
from abstracts.thruway import ThruwayState
from abstracts.thruway.board import bit_indices
from abstracts.thruway.thruways import indestructible


def position(text: str, to_move: str = "concrete", **options: object) -> ThruwayState:
    size = len(text.strip().splitlines())
    return get_game("thruway", size=size, **options).from_text(text, to_move)


def board(state: ThruwayState) -> str:
    """The TW-4 rank lines of `to_text` (without the state line)."""
    return "\n".join(line for line in state.to_text().splitlines() if "=" not in line)


def texts(state: ThruwayState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def swaps(state: ThruwayState) -> list[str]:
    return [m for m in texts(state) if "~" in m]


def safe(state: ThruwayState) -> set[str]:
    geo = state.game.geometry
    bits = indestructible(geo, state.concrete, state.asphalt, state.blocks)
    return {geo.name(i) for i in bit_indices(bits)}


def refused(state: ThruwayState, move: str) -> str:
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    return str(info.value)


# ---------------------------------------------------------------------- board and players


def test_tw1_board_sizes_and_parcel_names() -> None:
    assert get_game("thruway").options.size == 11
    state = get_game("thruway", size=3).initial_state()
    assert board(state) == "...\n...\n..."
    for bad in (2, 27):
        with pytest.raises(ValidationError):
            get_game("thruway", size=bad)
    played = state.play("a1-a2")
    assert board(played) == "...\nC..\nC.."  # files a.. west to east, ranks 1.. upwards


def test_tw2_concrete_moves_first_then_turns_alternate() -> None:
    state = get_game("thruway", size=5).initial_state()
    assert state.to_move == "concrete"
    state = state.play("c3-d3")
    assert state.to_move == "asphalt"
    assert state.play("a1-a2").to_move == "concrete"


@pytest.mark.parametrize(("size", "tiles"), [(11, 60), (3, 4), (4, 8), (5, 12), (12, 72)])
def test_tw3_initial_reserves(size: int, tiles: int) -> None:
    assert get_game("thruway", size=size).initial_state().reserves == (tiles, tiles)


def test_tw3_tiles_option_sets_both_reserves() -> None:
    assert get_game("thruway", size=5, tiles=3).initial_state().reserves == (3, 3)


def test_tw3_a_replaced_tile_goes_back_to_its_owner() -> None:
    state = get_game("thruway", size=5).initial_state().play("c3-d3")
    assert state.reserves == (10, 12)
    state = state.play("d3-d4")  # asphalt paves d4 and replaces concrete's d3
    assert state.to_text().splitlines()[1:3] == ["...A.", "..CA."]
    assert state.reserves == (11, 10)


def test_tw4_text_round_trip_and_defaults() -> None:
    text = ".A...\nCC...\n.....\n..A..\n....C"
    state = position(text, "asphalt")
    assert board(state) == text
    assert state.to_move == "asphalt"
    assert state.reserves == (12 - 3, 12 - 2)  # initial reserve minus tiles on the board
    assert state.ply == 0
    assert position(text).to_move == "concrete"  # the documented default


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("...\n...", "expected 3 lines"),
        ("...\n....\n...", "line 2 (rank 2) has 4 parcels"),
        ("...\n.X.\n...", "line 2 has 'X'"),
        ("CCC\nCCC\n...", "the text has 6 concrete tiles but each side owns only 4"),
    ],
)
def test_tw4_bad_text_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        get_game("thruway", size=3).from_text(text)


def test_tw4_unknown_side_to_move() -> None:
    with pytest.raises(ValueError, match=re.escape("unknown side 'red'")):
        get_game("thruway", size=3).from_text("...\n...\n...", "red")


# ---------------------------------------------------------------------- paving


def test_tw5_pave_two_adjacent_empty_parcels() -> None:
    state = get_game("thruway", size=3).initial_state()
    moves = texts(state)
    assert len(moves) == 12  # every orthogonal pair of a 3 x 3 board
    assert "a1-b1" in moves and "a1-a2" in moves and "a1-b2" not in moves
    after = state.play("b2-b3")
    assert board(after) == ".C.\n.C.\n..."
    assert after.reserves == (2, 4)


def test_tw5_pave_refusals() -> None:
    state = position("...\n.C.\n...")
    assert "TW-5: a1 and c1 are not orthogonally adjacent" in refused(state, "a1-c1")
    assert "TW-5: a1 and b2 are not orthogonally adjacent" in refused(state, "a1-b2")
    assert "TW-5: b2 already holds a concrete tile" in refused(state, "b2-b3")


def test_tw6_pave_with_replacement() -> None:
    state = position("...\n.A.\n...")
    assert "b2-b3" in texts(state)
    after = state.play("b3-b2")  # cells in either order (TW-13)
    assert board(after) == ".C.\n.C.\n..."
    assert after.reserves == (2, 4)  # asphalt's tile went home: 3 + 1


def test_tw6_replacement_needs_one_empty_parcel() -> None:
    state = position("...\nAA.\n...")
    assert "a2-b2" not in texts(state)
    assert "TW-6: replacement needs one empty parcel" in refused(state, "a2-b2")


def test_tw7_paving_needs_two_tiles_in_reserve() -> None:
    state = position("C..\n...\n...", tiles=2)  # concrete has one tile left
    assert texts(state) == ["pass"]
    assert "TW-7: concrete has 1 tile(s) in reserve" in refused(state, "b2-b3")


# ---------------------------------------------------------------------- disputes and swaps

# Block a1-b2 with asphalt on the south-west/north-east diagonal, and the other shape.
DISPUTE_A = "...\nCA.\nAC."
DISPUTE_C = "...\nAC.\nCA."


@pytest.mark.parametrize("text", [DISPUTE_A, DISPUTE_C])
def test_tw8_both_dispute_shapes_are_found(text: str) -> None:
    state = position(text)
    assert state.blocks == 1  # one dispute, anchored at a1
    assert swaps(state) == ["a1~a2", "a1~b1", "a2~b2", "b1~b2"]


def test_tw8_same_colour_diagonal_pairs_are_no_dispute() -> None:
    for text in ("...\nCC.\nAA.", "...\nAC.\nAC.", "...\nCA.\nCC.", "...\n.A.\nAC."):
        assert position(text).blocks == 0
        assert swaps(position(text)) == []


@pytest.mark.parametrize(
    ("swap", "after"),
    [
        ("a1~b1", "...\nCA.\nCA."),  # south edge
        ("a2~b2", "...\nAC.\nAC."),  # north edge
        ("a1~a2", "...\nAA.\nCC."),  # west edge
        ("b1~b2", "...\nCC.\nAA."),  # east edge
    ],
)
def test_tw9_each_of_the_four_edge_swaps(swap: str, after: str) -> None:
    state = position(DISPUTE_A)
    played = state.play(swap)
    assert board(played) == after
    assert played.reserves == state.reserves  # a swap moves no tile in or out of reserve
    assert played.blocks == 0


def test_tw9_a_swap_must_be_an_edge_of_a_dispute() -> None:
    state = position("...\nCA.\nAA.")
    assert "TW-9: a1 and b1 are not an edge of a crossroads dispute" in refused(state, "a1~b1")
    assert "TW-9: a3 and b3 are not an edge of a crossroads dispute" in refused(state, "a3~b3")


def test_tw9_an_edge_shared_by_two_disputes_is_one_move() -> None:
    state = position("...\nCAC\nACA")  # blocks a1 and b1 share the edge b1-b2
    assert state.blocks.bit_count() == 2
    assert swaps(state) == ["a1~a2", "a1~b1", "a2~b2", "b1~b2", "b1~c1", "b2~c2", "c1~c2"]


# After concrete's b1~b2 resolves block a1 it creates block b1, whose west edge is b1-b2.
REVERSAL = "...\nCAA\nACC"


def test_tw10_the_immediate_reply_may_not_undo_a_swap() -> None:
    state = position(REVERSAL, tiles=8).play("b1~b2")
    assert board(state) == "...\nCCA\nAAC"
    assert state.to_move == "asphalt"
    assert "b1~b2" not in swaps(state)
    assert swaps(state) == ["b1~c1", "b2~c2", "c1~c2"]  # the rest of the new dispute
    assert "TW-10: this swap would undo concrete's swap" in refused(state, "b1~b2")


def test_tw10_later_turns_may_swap_back() -> None:
    state = position(REVERSAL, tiles=8).play("b1~b2").play("a3-b3")
    assert "b1~b2" in swaps(state)  # concrete may undo its own swap a turn later
    state = state.play("c3-c2")  # concrete replaces c2, which resolves the dispute
    assert state.blocks == 0
    state = position(REVERSAL, tiles=8).play("b1~b2").play("a3-b3").play("b3-c3")
    assert "b1~b2" in swaps(state)  # and asphalt, two plies after concrete's swap
    assert board(state.play("b1~b2")) == "ACC\nCAA\nACC"


# ---------------------------------------------------------------------- pie, pass, limit


def test_tw11_pie_on_asphalts_first_turn() -> None:
    game = get_game("thruway", size=5)
    start = game.initial_state()
    assert "pie" not in texts(start)
    assert "TW-11: pie is only allowed on asphalt's first turn" in refused(start, "pie")
    first = start.play("c3-d3")
    assert texts(first)[-1] == "pie"
    after = first.play("pie")
    assert board(after) == board(first)  # the board is unchanged
    assert after.reserves == first.reserves  # the tiles went with the roles
    assert after.to_move == "asphalt"  # the side now playing asphalt moves next
    assert after.roles_traded and not first.roles_traded
    assert game.swaps_seats(first, first.parse_move("pie"))
    assert "pie" not in texts(after)
    assert "pie" not in texts(after.play("a1-a2"))


def test_tw11_pie_is_not_offered_when_switched_off_or_from_text() -> None:
    off = get_game("thruway", size=5, pie=False).initial_state().play("c3-d3")
    assert "pie" not in texts(off)
    assert "TW-11: the pie rule is off in this game" in refused(off, "pie")
    from_text = position(".....\n.....\n..CC.\n.....\n.....", "asphalt")
    assert "pie" not in texts(from_text)


def test_tw12_passing_only_without_a_legal_move() -> None:
    state = get_game("thruway", size=5).initial_state()
    assert "TW-12: concrete has a legal move and may not pass" in refused(state, "pass")
    stuck = position("C..\n...\n...", tiles=2, pie=False)
    assert texts(stuck) == ["pass"]
    assert stuck.play("pass").to_move == "asphalt"


def test_tw12_pie_counts_as_a_legal_move() -> None:
    state = get_game("thruway", size=3, tiles=1).initial_state()
    assert texts(state) == ["pass"]  # one tile cannot pave (TW-7)
    assert texts(state.play("pass")) == ["pie"]  # asphalt's first turn: pie is legal


def test_tw12_the_game_is_drawn_at_max_plies() -> None:
    state = get_game("thruway", size=3, max_plies=3).initial_state()
    for move in ("a1-a2", "c1-c2", "b3-c3"):
        state = state.play(move)
    assert state.ply == 3
    assert state.is_over and state.winner is None
    assert state.legal_moves() == []
    assert state.end_reason() == "The game is drawn: it reached the limit of 3 plies (TW-12)."
    assert "TW-12: the game is over" in refused(state, "a2-b2")  # not TW-15 for a draw


def test_tw12_three_passes_in_a_row_end_the_game_drawn() -> None:
    # One tile each: nobody can pave (TW-7), there is no dispute and no pie, so both pass.
    state = get_game("thruway", size=3, tiles=1, pie=False).initial_state()
    state = state.play("pass").play("pass")
    assert not state.is_over and texts(state) == ["pass"]  # two passes do not end it
    state = state.play("pass")
    assert state.is_over and state.winner is None and state.ply == 3
    assert state.end_reason() == "The game is drawn: three passes in a row (TW-12)."
    assert "TW-12: the game is over" in refused(state, "pass")


def test_tw12_a_move_between_passes_starts_the_count_again() -> None:
    game = get_game("thruway", size=3, tiles=2, pie=False)
    state = game.from_text("...\n...\n...\nto_move=concrete ply=4 passes=2 banned=- pie=-")
    assert state.passes == 2 and not state.is_over
    state = state.play("a1-a2").play("b1-b2")  # TW-5: each side paves its last two tiles
    assert state.passes == 0
    state = state.play("pass").play("pass")  # TW-7: no tiles left, no dispute (C A / C A)
    assert state.passes == 2 and not state.is_over
    assert state.play("pass").is_over


# ---------------------------------------------------------------------- move text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("f6-g6", "f6-g6"), ("g6-f6", "f6-g6"), (" F6-F5 ", "f5-f6"), ("f5~f6", "f5~f6")],
)
def test_tw13_move_text(text: str, canonical: str) -> None:
    state = get_game("thruway").initial_state()
    assert str(state.parse_move(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("f6", "TW-13: 'f6' is not a move"),
        ("f6-g6-h6", "TW-13"),
        ("f6_g6", "TW-13"),
        ("z1-z2", "TW-1: 'z1' is off the 11 x 11 board"),
        ("f6-f6", "TW-5: f6 and f6 are not orthogonally adjacent"),
        ("f6~h6", "TW-9: f6 and h6 are not orthogonally adjacent"),
        ("6f-g6", "TW-1: '6f' is not a parcel name"),
    ],
)
def test_tw13_garbled_move_text(text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=re.escape(message)):
        get_game("thruway").initial_state().parse_move(text)


def test_a_move_made_for_another_board_size_is_read_by_its_text() -> None:
    """TW-1, TW-13: an 11 x 11 move names parcels a 3 x 3 board lacks, or the same anchor
    bits name other parcels; either way its text counts."""
    big = get_game("thruway").initial_state()
    small = get_game("thruway", size=3).initial_state()
    with pytest.raises(IllegalMove, match="TW-1: 'k10' is off the 3 x 3 board"):
        small.play(big.parse_move("k10-k11"))
    same_text = big.parse_move("a2-b2")
    assert same_text.anchor != small.parse_move("a2-b2").anchor
    assert board(small.play(same_text)) == "...\nCC.\n..."


def test_tw13_pass_and_pie_texts() -> None:
    state = get_game("thruway", size=3).initial_state()
    assert str(state.parse_move("pass")) == "pass"
    assert str(state.parse_move("PIE")) == "pie"


# ---------------------------------------------------------------------- indestructible tiles


def test_tw14_corner_tile() -> None:
    assert safe(position("...\nA..\nCA.")) == {"a1"}  # a1's two neighbours hold tiles
    assert safe(position("...\n...\nCA.")) == set()  # a2 is empty


def test_tw14_edge_tile() -> None:
    assert safe(position("...\n.A.\nCAC")) == {"b1"}  # a1, c1 and b2 hold tiles
    assert safe(position("...\nAAA\nCAC")) == {"a1", "b1", "c1"}


def test_tw14_interior_tile_needs_all_four_neighbours() -> None:
    assert "b2" in safe(position(".A.\nCCC\n.A."))
    assert "b2" not in safe(position(".A.\nCC.\n.A."))


def test_tw14_a_disputed_tile_is_never_indestructible() -> None:
    full = position("AAA\nCAC\nACC", tiles=6)
    assert full.blocks != 0
    assert safe(full) == {"a3", "b3", "c3", "c2", "c1"}


# ---------------------------------------------------------------------- winning


def test_tw15_concrete_wins_by_paving_with_replacement() -> None:
    state = position("AAA\nCC.\nAAA", tiles=6)
    won = state.play("c1-c2")
    assert won.is_over and won.winner == "concrete"
    assert won.legal_moves() == []
    assert "concrete wins" in won.end_reason() and "TW-15" in won.end_reason()


def test_tw15_a_path_with_an_approach_is_not_yet_a_thruway() -> None:
    state = position("A.A\nCCC\nAAA", "asphalt", tiles=7)
    assert not state.is_over  # b2 still has an empty neighbour
    won = state.play("b3-b2")  # asphalt replaces b2 and completes its own column b
    assert won.winner == "asphalt"


# Concrete's road a2-b2-b3-c3-d3 is complete but b2 lies in the dispute of block b1.
BROKEN = "AAAA\nACCC\nCCAA\nAACA"


def test_tw15_a_thruway_broken_by_a_dispute_does_not_win() -> None:
    state = position(BROKEN, tiles=12)
    assert state.blocks.bit_count() == 1
    assert "b2" not in safe(state)
    assert not state.is_over and state.winner is None


@pytest.mark.parametrize(
    ("swap", "winner"),
    [("b1~c1", "concrete"), ("c1~c2", "concrete"), ("b1~b2", None), ("b2~c2", None)],
)
def test_tw15_a_win_that_appears_after_a_swap(swap: str, winner: str | None) -> None:
    state = position(BROKEN, tiles=12).play(swap)
    assert state.winner == winner


def test_tw15_a_swap_by_the_loser_can_complete_the_winners_thruway() -> None:
    state = position(BROKEN, "asphalt", tiles=12).play("b1~c1")
    assert state.winner == "concrete"  # checked after every move, whoever made it


def test_tw15_a_won_position_read_from_text_is_over() -> None:
    state = position("AAA\nCCC\nAAA", tiles=6)
    assert state.is_over and state.winner == "concrete"
