"""Rapid Transit for players and agents: the board view (networks, terminals, running
sizes), the greedy player, move selection, help, and the fast random playout."""

from __future__ import annotations

import io
import random
from collections import Counter
from functools import cache

import pytest
from rich.console import Console

from abstracts import get_game
from abstracts.rapid_transit import RapidTransit, RapidTransitState
from abstracts.rapid_transit.greedy import score
from abstracts.rapid_transit.rules import legal_frame
from abstracts.rapid_transit.swaps import sample_swap

A = """
R C R C
R C C R
C R R C
C R C R
"""


def game4(**options: object) -> RapidTransit:
    game = get_game("rapid-transit", size=4, **options)
    assert isinstance(game, RapidTransit)
    return game


def show(game: RapidTransit, state: RapidTransitState, *args: object, **view: object) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(game.render(state, *args, **view))
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


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


# ---------------------------------------------------------------- greedy


def test_greedy_takes_the_move_that_leaves_it_furthest_ahead() -> None:
    # Cyan after red's forced pass: b1-b3 leaves cyan 8 against red 5 3, b1-c3 only 8
    # against 6 2 (RT-12 compares 8 - 5 before 8 - 6).
    game = game4()
    stuck = "C C C R\nR R R R\nR C C C\nR C R C"
    state = game.from_text(stuck).play("pass")
    assert [str(m) for m in state.legal_moves()] == ["b1-b3", "b1-c3"]
    assert score(state, state.parse_move("b1-b3")) == (0, (3, -3), (8,))
    assert score(state, state.parse_move("b1-c3")) == (0, (2, -2), (8,))
    for seed in range(5):
        assert str(game.greedy_move(state, random.Random(seed))) == "b1-b3"


def test_greedy_wins_at_once_when_it_can_in_v1() -> None:
    game = game4(rules="v1")
    both = "R R R C\nC C C C\nR R R R\nR C C C"  # d2-a3 joins every red piece (RT-18)
    state = game.from_text(both)
    move = game.greedy_move(state, random.Random(1))
    after = state.play(move)
    assert after.is_over and after.winner == "red"


def test_greedy_beats_random_play() -> None:
    game = get_game("rapid-transit", size=6)
    rng = random.Random(3)
    wins = 0
    for number in range(10):
        side = game.sides[number % 2]
        state = game.initial_state()
        while not state.is_over:
            if state.to_move == side:
                state = state.play(game.greedy_move(state, rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        wins += state.winner == side
    assert wins >= 8


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


# ---------------------------------------------------------------- the fast playout


def exact_outcomes(state: RapidTransitState) -> dict[str | None, float]:
    """Winner probabilities under uniformly random play, by walking the whole game tree."""

    @cache
    def walk(key: tuple[object, ...]) -> tuple[tuple[str | None, float], ...]:
        node = nodes[key]
        if node.is_over:
            return ((node.winner, 1.0),)
        moves = node.legal_moves()
        total: dict[str | None, float] = {}
        for move in moves:
            child = node.play(move)
            nodes.setdefault(child.key(), child)
            for winner, chance in walk(child.key()):
                total[winner] = total.get(winner, 0.0) + chance / len(moves)
        return tuple(total.items())

    nodes = {state.key(): state}
    return dict(walk(state.key()))


@pytest.mark.parametrize(
    "options", [{}, {"rules": "v1", "max_plies": 3}], ids=["standard", "v1-pie-3-plies"]
)
def test_fast_playout_has_the_distribution_of_uniform_random_play(
    options: dict[str, object],
) -> None:
    state = game4(**options).initial_state()
    exact = exact_outcomes(state)
    rng = random.Random(11)
    runs = 3000
    seen: dict[str | None, int] = {}
    for _ in range(runs):
        winner = state.playout(rng)
        seen[winner] = seen.get(winner, 0) + 1
    assert set(seen) <= set(exact)
    for winner, chance in exact.items():
        spread = 4 * (chance * (1 - chance) / runs) ** 0.5 + 1e-9
        assert abs(seen.get(winner, 0) / runs - chance) <= spread, (winner, chance, seen)


def test_playout_of_a_finished_game_is_its_winner() -> None:
    final = game4().from_text(A + "to_move=red ply=3 passes=2 previous=- swapper=-")
    assert final.is_over
    assert final.playout(random.Random(1)) == final.winner


def test_sampled_swaps_are_legal_and_uniform() -> None:
    """The playout's rejection sampler draws every legal swap, and only those, evenly."""
    game = get_game("rapid-transit")
    rng = random.Random(8)
    state = game.initial_state()
    for _ in range(10):
        state = state.play(rng.choice(state.legal_moves()))
    assert isinstance(state, RapidTransitState)
    frame = legal_frame(
        state.board, state.rules, state.mine, state.theirs, state.passes, state.previous
    )
    assert frame is not None
    legal = {(move.p, move.q) for move in state.legal_moves()}
    draws = 40 * len(legal)
    counts = Counter(sample_swap(frame, rng, tries=10_000) for _ in range(draws))
    assert set(counts) == legal
    expected = draws / len(legal)
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    freedom = len(legal) - 1
    assert chi_square < freedom + 6 * (2 * freedom) ** 0.5
    assert sample_swap(frame, rng, tries=0) is None
