"""The one-ply greedy player (RT-12, RT-18)."""

from __future__ import annotations

import random

from abstracts import get_game
from abstracts.rapid_transit.greedy import score
from tests.abstracts.rapid_transit.positions import game4


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
