"""The Rapid Transit board view: networks, terminals, last move, running sizes (RT-5,
RT-6, RT-12), in the shared grid frame."""

from __future__ import annotations

from abstracts import get_game
from tests.abstracts.rapid_transit.positions import A, game4, show

# ---------------------------------------------------------------- the board view

# After a3-c3 in position A: red {c4,c3,d3,c2,b2,b1} is red's largest network (capitals),
# cyan {b4,b3,a3,a2,a1} cyan's; a3 and c3 carry the last-move brackets.
AFTER_A3_C3 = """\
     a   b   c   d  
 4   r   C   R   c   4
 3  [C ] C  [R ] R   3
 2   C   R   R   c   2
 1   C   R   c   r   1
     a   b   c   d  
R C: in the side's largest network; r c: other pieces; [ ]: last move; .: hole
 red    networks 6 1 1
 cyan   networks 5 1 1 1   (to move)
ply 1; RT-12 now: red leads (network 1: red 6, cyan 5)
"""  # noqa: W291


def test_render_marks_largest_networks_last_move_and_running_sizes() -> None:
    game = game4()
    state = game.from_text(A).play("a3-c3")
    assert show(game, state, state.parse_move("a3-c3")) == AFTER_A3_C3
    assert show(game, state, "a3-c3") == AFTER_A3_C3  # move text works too


def test_render_marks_terminals_on_request() -> None:
    game = game4()
    state = game.from_text(A).play("a3-c3")
    view = show(game, state, None, terminals=True)
    rows = view.splitlines()
    # a4, c4, d3, b1, d1 (red) and b4, d4, d2, c1, a1 (cyan) touch at most one own piece.
    assert rows[1] == " 4   r*  C*  R*  c*  4"
    assert rows[2] == " 3   C   C   R   R*  3"
    assert rows[3] == " 2   C   R   R   c*  2"
    assert rows[4] == " 1   C*  R*  c*  r*  1"
    assert rows[6].endswith("; *: terminal (RT-6)")
    assert "terminals" in game.view_flags


def test_render_shows_holes_and_the_end() -> None:
    game = get_game("rapid-transit")
    holed = ". R C R C .\nR C R C R C\nC R C R C R\nR C R C R C\nC R C R C R\n. C R C R ."
    state = game.from_text(holed + "\nto_move=red ply=4 passes=2 previous=- swapper=cyan")
    view = show(game, state)
    assert view.splitlines()[1] == " 6   .   r   c   r   c   .   6"
    assert "sizes equal, cyan swapped last and leads" in view
    assert " ".join(view.split()).endswith("equal and cyan swapped last: cyan wins.")


def test_render_says_who_has_more_pieces_on_an_unequal_board() -> None:
    # RT-3 allows unequal counts: 7 red, 9 cyan.
    game = game4()
    view = show(game, game.from_text("R C R C\nC R C R\nR C R C\nC R C C"))
    assert "cyan has 2 more pieces (red 7, cyan 9)" in view
    assert "more piece" not in show(game, game.from_text(A))


def test_the_start_of_an_8_by_8_game_fits_80_columns() -> None:
    # Issue 32: 32 networks of one piece each once pushed "(to move)" onto its own line.
    game = get_game("rapid-transit")
    view = show(game, game.initial_state(), None)
    red = next(line for line in view.splitlines() if line.startswith(" red"))
    assert red == " red    networks 1×32   (to move)"
    assert max(map(len, view.splitlines())) <= 80
