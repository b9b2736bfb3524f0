"""Rapid Transit rules on hand-worked positions: networks and terminals (RT-5, RT-6), the
swap and its restrictions (RT-8..RT-10), passing and the end (RT-11), the winner (RT-12),
the pie rule (RT-13), move text (RT-14), the v1 rule set (RT-15..RT-18) and the ply limit.

Boards are written as RT-4 text, top rank first."""

from __future__ import annotations

import pytest

from abstracts import IllegalMove, get_game
from abstracts.rapid_transit import RapidTransitState
from abstracts.rapid_transit.board import bits
from abstracts.rapid_transit.networks import networks, terminals
from abstracts.rapid_transit.rules import compare_networks


def position(text: str, to_move: str = "red", **options: object) -> RapidTransitState:
    state = get_game("rapid-transit", **options).from_text(text, to_move=to_move)
    assert isinstance(state, RapidTransitState)
    return state


def names(state: RapidTransitState, mask: int) -> set[str]:
    return {state.board.name(bit) for bit in bits(mask)}


def move_texts(state: RapidTransitState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def refusal(state: RapidTransitState, move: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        state.play(move)
    return str(caught.value)


# Position A. Red networks: {a4,a3} {c4} {d3} {b2,c2,b1} {d1};
# cyan networks: {b4,b3,c3} {a2,a1} {d4} {c1} {d2}.
A = """
R C R C
R C C R
C R R C
C R C R
"""


# ---------------------------------------------------------------- RT-5, RT-6


def test_rt5_networks_are_maximal_connected_same_coloured_sets() -> None:
    state = position(A)
    red = sorted(sorted(names(state, net)) for net in networks(state.board, state.red))
    cyan = sorted(sorted(names(state, net)) for net in networks(state.board, state.cyan))
    assert red == [["a3", "a4"], ["b1", "b2", "c2"], ["c4"], ["d1"], ["d3"]]
    assert cyan == [["a1", "a2"], ["b3", "b4", "c3"], ["c1"], ["d2"], ["d4"]]


def test_rt6_terminals_have_at_most_one_own_neighbour() -> None:
    state = position(A)
    # b2 touches c2 and b1; every other red piece touches at most one red piece.
    assert names(state, state.red & ~terminals(state.board, state.red)) == {"b2"}
    # b3 touches b4 and c3.
    assert names(state, state.cyan & ~terminals(state.board, state.cyan)) == {"b3"}


# ---------------------------------------------------------------- RT-8..RT-10

# Worked by hand: for each red terminal, the cyan pieces of the networks next to its
# network, less those RT-9 and RT-10 forbid (see the refusals below for each reason).
A_MOVES = [
    "b1-a2", "b1-d2", "b1-b3", "b1-c3", "b1-b4",
    "c2-c1", "c2-a2", "c2-d2", "c2-b3", "c2-c3", "c2-b4",
    "a3-c3", "a3-b4",
    "d3-d2", "d3-b3", "d3-c3", "d3-b4",
    "c4-b3", "c4-c3",
]  # fmt: skip


def test_rt8_to_rt10_legal_swaps_of_the_worked_position() -> None:
    assert move_texts(position(A)) == A_MOVES


def test_rt8_the_swap_exchanges_the_two_colours() -> None:
    after = position(A).play("a3-c3")
    assert after.to_text().splitlines()[:4] == ["R C R C", "C C R R", "C R R C", "C R C R"]
    assert after.to_move == "cyan"
    assert after.ply == 1


def test_rt8_q_need_not_touch_p() -> None:
    # c3 is not next to a3, but its network {b4,b3,c3} touches a3's network at b3 and b4.
    assert "a3-c3" in move_texts(position(A))


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("b4-c4", "RT-8: b4 is not a red piece (red to move): 'b4-c4'"),
        ("c4-d3", "RT-8: d3 is not a cyan piece: 'c4-d3'"),
        ("b2-a2", "RT-8: b2 is not a terminal piece (RT-6: it has 2 red neighbours): 'b2-a2'"),
        ("c4-a1", "RT-8: a1 is not in a cyan network adjacent to c4's network: 'c4-a1'"),
        # c4 is cornered (RT-7): b3, c3 and b4 are cyan, so c4 turning cyan fills the block.
        ("c4-d4", "RT-9: the swap would make the 2 x 2 block b3-c4 all cyan: 'c4-d4'"),
        # Red on d4 would touch only c4 (d3 turns cyan).
        (
            "d3-d4",
            "RT-10: after the swap the red piece on d4 would have 1 red neighbour; it needs 2: "
            "'d3-d4'",
        ),
        # Cyan on d1 would touch only c1 (d2 turns red).
        (
            "d1-d2",
            "RT-10: after the swap the cyan piece on d1 would have 1 cyan neighbour; it needs 2: "
            "'d1-d2'",
        ),
    ],
)
def test_rt8_to_rt10_refusals_name_the_rule(move: str, message: str) -> None:
    assert refusal(position(A), move) == message


def test_rt9_is_checked_for_both_colours() -> None:
    # Red on c1 would complete the red block b1-c2 (b1, b2, c2 are red): c2 may take c1,
    # since c2 turns cyan inside that block, but d1 may not.
    state = position(A)
    assert "c2-c1" in move_texts(state)
    assert refusal(state, "d1-c1") == (
        "RT-9: the swap would make the 2 x 2 block b1-c2 all red: 'd1-c1'"
    )
    assert refusal(state, "b1-c1").startswith("RT-10")  # cyan on b1 would touch only a1


# ---------------------------------------------------------------- RT-11 passing and the end

# Red must pass: its terminals are d4, a1 and c1. Cyan on d4 or a1 would have one cyan
# neighbour (RT-10); c1 is cornered twice, in b1-c2 and c1-d2, so only c2 (in both blocks)
# may take its place, and red on c2 would have one red neighbour (RT-10).
STUCK = """
C C C R
R R R R
R C C C
R C R C
"""


def test_rt11_no_legal_swap_means_the_only_move_is_pass() -> None:
    state = position(STUCK)
    assert move_texts(state) == ["pass"]
    assert refusal(state, "c1-d2").startswith("RT-9: the swap would make the 2 x 2 block b1-c2")
    assert refusal(state, "c1-c2").startswith("RT-10: after the swap the red piece on c2")
    after = state.play("pass")
    assert not after.is_over
    assert after.to_move == "cyan"
    assert after.passes == 1


def test_rt11_passing_is_refused_while_a_swap_is_legal() -> None:
    assert refusal(position(A), "pass") == "RT-11: red has a legal swap, so may not pass: 'pass'"


def test_rt11_passes_must_be_in_a_row_to_end_the_game() -> None:
    # After red's pass, cyan can only move b1 (a4, c4, d1 fail RT-10 or RT-9), onto b3 or c3.
    cyan = position(STUCK).play("pass")
    assert move_texts(cyan) == ["b1-b3", "b1-c3"]
    red = cyan.play("b1-c3")
    assert red.passes == 0
    assert move_texts(red) == ["pass"]  # red is stuck again (worked in END below)
    cyan_again = red.play("pass")
    assert not cyan_again.is_over  # a pass, a swap, a pass: not two in a row


# Neither side can swap. Red: b3 is cornered in b2-c3 and in b3-c4, so only c3 may take
# its place (RT-9); c1 and d3 are cornered in c1-d2 and c2-d3 and keep two cyan neighbours,
# which leaves them only d2 and c2 (RT-9, RT-10); red on c3, d2 or c2 would have one red
# neighbour, and cyan on d4 one cyan neighbour (RT-10). Cyan: only b2 would leave a red
# piece with two red neighbours (RT-10), and b2 turning red fills the block a1-b2 unless q
# is a1, b1 or a2, where a cyan piece would have no cyan neighbour (RT-10).
# Red networks 6 2, cyan 8.
END = """
C C C R
R R C R
R C C C
R R R C
"""


def test_rt11_two_passes_in_a_row_end_the_game_and_rt12_decides() -> None:
    state = position(END)
    assert move_texts(state) == ["pass"]
    cyan = state.play("pass")
    assert move_texts(cyan) == ["pass"]
    final = cyan.play("pass")
    assert final.is_over
    assert final.legal_moves() == []
    assert final.winner == "cyan"  # 8 > 6 at the first place (RT-12)
    assert final.end_reason() == (
        "RT-11: both players passed in a row; RT-12: cyan has the larger networks "
        "(red 6 2, cyan 8): cyan wins."
    )
    assert refusal(final, "pass").startswith("the game is over")


# ---------------------------------------------------------------- RT-12 the winner

# Red networks {a4,b4,c4,c3} {a2,b2,a1} {d2}: 4 3 1.
# Cyan networks {c2,b1,c1,d1} {d4,d3} {a3,b3}: 4 2 2. Red wins at the second place.
SECOND_PLACE = """
R R R C
C C R C
R R C R
R C C C
"""

CHECKER = """
C R C R
R C R C
C R C R
R C R C
"""


def ended(text: str, swapper: str = "-") -> RapidTransitState:
    """The position as it stands after two passes (RT-11), last swap by `swapper`."""
    return position(text + f"to_move=red ply=9 passes=2 previous=- swapper={swapper}")


def test_rt12_first_difference_decides_larger_wins() -> None:
    final = ended(END)
    assert final.is_over and final.winner == "cyan"


def test_rt12_first_places_equal_a_later_place_decides() -> None:
    state = position(SECOND_PLACE)
    assert compare_networks(state.board, state.red, state.cyan) == (0, [4, 3, 1], [4, 2, 2])
    assert ended(SECOND_PLACE, swapper="cyan").winner == "red"


@pytest.mark.parametrize("swapper", ["red", "cyan"])
def test_rt12_equal_lists_the_last_swapper_wins(swapper: str) -> None:
    final = ended(CHECKER, swapper=swapper)  # eight single-piece networks each
    assert final.winner == swapper
    assert f"the network sizes are equal and {swapper} swapped last" in final.end_reason()


def test_rt12_equal_lists_and_no_swap_is_a_draw() -> None:
    final = ended(CHECKER)
    assert final.is_over
    assert final.winner is None
    assert final.end_reason().endswith("nobody swapped: the game is drawn.")


# ---------------------------------------------------------------- ply limit


def test_ply_limit_ends_the_game_and_rt12_decides() -> None:
    # From the 4 x 4 checkerboard, b2-b3 gives red {b4,a3,b3,c3} and cyan {a2,b2,c2,b1}
    # plus four single pieces each: equal lists, and red swapped last.
    game = get_game("rapid-transit", size=4, max_plies=1)
    final = game.initial_state().play("b2-b3")
    assert final.is_over
    assert final.legal_moves() == []
    assert final.winner == "red"
    assert final.end_reason() == (
        "the 1-ply limit (max_plies) was reached; RT-12: the network sizes are equal and "
        "red swapped last: red wins."
    )


def test_default_ply_limit_is_eight_plies_per_cell() -> None:
    assert get_game("rapid-transit").ply_limit() == 512
    assert get_game("rapid-transit", size=6).ply_limit() == 288
    assert get_game("rapid-transit", max_plies=40).ply_limit() == 40


# ---------------------------------------------------------------- RT-13 pie


def test_rt13_pie_is_off_in_standard_and_on_in_v1() -> None:
    standard = get_game("rapid-transit", size=4).initial_state().play("b2-b3")
    assert "pie" not in move_texts(standard)
    assert refusal(standard, "pie") == "RT-13: the pie rule is off in this game: 'pie'"
    v1 = get_game("rapid-transit", size=4, rules="v1").initial_state().play("b2-b3")
    assert move_texts(v1)[0] == "pie"
    with_pie = get_game("rapid-transit", size=4, pie=True).initial_state().play("b2-b3")
    assert move_texts(with_pie)[0] == "pie"
    without = get_game("rapid-transit", size=4, rules="v1", pie=False)
    assert "pie" not in move_texts(without.initial_state().play("b2-b3"))


def test_rt13_pie_keeps_the_board_and_the_same_colour_moves_next() -> None:
    game = get_game("rapid-transit", size=4, pie=True)
    first = game.initial_state().play("b2-b3")
    taken = first.play("pie")
    assert game.swaps_seats(first, first.parse_move("pie"))
    assert taken.to_text().splitlines()[:4] == first.to_text().splitlines()[:4]
    assert taken.to_move == "cyan"  # now held by the first player
    assert taken.ply == 2
    assert taken.swapper == 0  # the opening swap stays with red, now the taker's colour
    assert "pie" not in move_texts(taken)


def test_rt13_pie_only_on_the_second_players_first_turn() -> None:
    game = get_game("rapid-transit", size=4, pie=True)
    assert "pie" not in move_texts(game.initial_state())
    later = game.initial_state().play("b2-b3").play("c2-c1")
    assert refusal(later, "pie") == (
        "RT-13: pie is allowed only on the second player's first turn (ply 1): 'pie'"
    )


# ---------------------------------------------------------------- RT-14 move text


def test_rt14_move_text_reads_loosely_and_prints_exactly() -> None:
    state = position(A)
    move = state.parse_move(" A3 - c3 ")
    assert str(move) == "a3-c3"
    assert move in state.legal_moves()
    assert str(state.parse_move("PASS")) == "pass"
    assert str(state.parse_move("pie")) == "pie"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a3c3", "RT-14: write a move as d4-e6, pass or pie: 'a3c3'"),
        ("a3-e3", "RT-1: 'e3' is off the board (a1..d4): 'a3-e3'"),
        ("resign", "RT-14: write a move as d4-e6, pass or pie: 'resign'"),
    ],
)
def test_rt14_garbled_moves_are_refused(text: str, message: str) -> None:
    with pytest.raises(IllegalMove) as caught:
        position(A).parse_move(text)
    assert str(caught.value) == message


def test_play_refuses_a_move_of_another_game() -> None:
    with pytest.raises(IllegalMove, match="not a Rapid Transit move"):
        position(A).play(("a3", "c3"))  # type: ignore[arg-type]


def test_a_move_made_for_another_board_size_is_read_by_its_text() -> None:
    """RT-1, RT-14: a move object of a 12 x 12 board names cells a 4 x 4 board lacks, or
    the same bits name other cells; either way it is its text that counts."""
    big = get_game("rapid-transit", size=12).initial_state()
    small = position(A)
    far = next(m for m in big.legal_moves() if str(m).startswith("l"))
    with pytest.raises(IllegalMove, match=r"RT-1: 'l.*' is off the board"):
        small.play(far)
    # a3-c3 is legal in position A; the 12 x 12 board's move of that text has other bits.
    same_text = big.parse_move("a3-c3")
    assert same_text != small.parse_move("a3-c3")
    assert small.play(same_text) == small.play("a3-c3")


# ---------------------------------------------------------------- v1: RT-15..RT-18


def test_rt15_v1_drops_rt10_but_keeps_rt9() -> None:
    v1 = position(A, rules="v1")
    assert "d3-d4" in move_texts(v1)  # refused by RT-10 in standard
    assert "a4-b4" in move_texts(v1)
    assert refusal(v1, "c4-d4").startswith("RT-9")
    assert set(A_MOVES) < set(move_texts(v1))


def test_rt16_the_previous_swaps_pieces_sit_out_the_next_move() -> None:
    game = get_game("rapid-transit", size=4, rules="v1", pie=False)
    state = game.initial_state().play("b2-b3")
    # a4 (cyan, alone) may take b3 (red, in the network {b4,b3,a3,c3} next to it) ...
    free = game.from_text(state.to_text().replace("previous=b2,b3", "previous=-"))
    assert "a4-b3" in move_texts(free)
    # ... but not straight after b3 was swapped.
    assert "a4-b3" not in move_texts(state)
    assert refusal(state, "a4-b3") == (
        "RT-16: the piece on b3 was swapped by the previous move: 'a4-b3'"
    )


def test_rt16_does_not_apply_in_standard() -> None:
    # After c3-b3 and c2-b2, the red piece on a1 may take the cyan piece just put on b2.
    standard = get_game("rapid-transit", size=4).initial_state().play("c3-b3").play("c2-b2")
    assert "a1-b2" in move_texts(standard)
    v1 = get_game("rapid-transit", size=4, rules="v1", pie=False)
    state = v1.initial_state().play("c3-b3").play("c2-b2")
    assert refusal(state, "a1-b2").startswith("RT-16: the piece on b2 was swapped")


# Red is two rings of eight around b2 and e5: no red piece is terminal, so red must pass.
# The holes (a6, b5, e2, f1) keep the cyan corners free of one-colour blocks.
RINGS = """
. C C R R R
C . C R C R
C C C R R R
R R R C C C
R C R C . C
R R R C C .
"""


def test_rt17_after_a_pass_the_next_move_ignores_the_terminal_requirement() -> None:
    v1 = position(RINGS, rules="v1")
    assert move_texts(v1) == ["pass"]
    cyan = v1.play("pass")
    assert cyan.relaxed
    # d2 has two cyan neighbours (d1, d3), so it is no terminal, but after a pass it may move.
    assert "d2-b1" in move_texts(cyan)
    assert refusal(position(RINGS, to_move="cyan", rules="v1"), "d2-b1").startswith(
        "RT-8: d2 is not a terminal piece"
    )
    after = cyan.play("d2-b1")
    assert not after.relaxed  # only that one move


def test_rt17_does_not_apply_in_standard() -> None:
    cyan = position(RINGS).play("pass")
    assert not cyan.relaxed
    assert "d2-b1" not in move_texts(cyan)


# Red d2-a3 joins all red pieces (a4,b4,c4,a3,a2,b2,c2,a1) and all cyan pieces
# (d4,d3,d2,d1,c3,b3,c1,b1) at once.
BOTH = """
R R R C
C C C C
R R R R
R C C C
"""

# Cyan d3-b1 joins all red pieces: b4,b3,c3,d3,d4,d2,b2,a2.
GIFT = """
C R C R
C R R C
R R C R
C R C C
"""


def test_rt18_joining_all_your_pieces_wins_at_once() -> None:
    final = position(BOTH, rules="v1").play("d2-a3")
    assert final.is_over
    assert final.winner == "red"  # both sides joined: the mover wins
    assert final.end_reason() == "RT-18: red has all its pieces in one network: red wins."


def test_rt18_a_swap_that_joins_only_the_opponent_makes_the_opponent_win() -> None:
    final = position(GIFT, to_move="cyan", rules="v1").play("d3-b1")
    assert final.is_over
    assert final.winner == "red"


def test_rt18_does_not_apply_in_standard() -> None:
    after = position(BOTH).play("d2-a3")  # legal in standard too
    assert not after.is_over
    assert after.legal_moves()


def test_rt18_a_joined_side_in_a_text_position_has_won() -> None:
    # Both sides joined, red to move: cyan moved last and so is taken to have won.
    joined = "R R R C\nR C C C\nR R R C\nR C C C"
    assert position(joined, rules="v1").winner == "cyan"
    assert position(joined, to_move="cyan", rules="v1").winner == "red"
