"""Transit chess's default evaluator and the search it feeds (rollout.py, MT-4..MT-11)."""

from __future__ import annotations

import random

import pytest

from abstracts import get_game
from abstracts.evaluators import Lead, PriorEvaluator, Rollout, WithPrior
from abstracts.mcts import MCTSAgent
from abstracts.transit_chess.judge import judge
from abstracts.transit_chess.rollout import HORIZON, judged_rollout, move_priors

FIVE = {
    "name": "Five",
    "stops": [{"id": s, "name": s} for s in "ABCDE"],
    "routes": {"Only": list("ABCDE")},
}


def test_the_default_evaluator_is_a_judged_rollout_with_priors() -> None:
    game = get_game("transit-chess", map="fantasy", seed=1)
    evaluator = game.default_evaluator()
    assert evaluator == WithPrior(Rollout(HORIZON, judge), move_priors) == judged_rollout()
    assert isinstance(evaluator, PriorEvaluator)


def test_evaluations_name_a_side_ahead_or_none_and_repeat_with_the_seed() -> None:
    game = get_game("transit-chess", map="toronto", seed=2)
    evaluator, state, rng = game.default_evaluator(), game.initial_state(), random.Random(4)
    for _ in range(60):
        verdict = evaluator.evaluate(state, random.Random(state.ply))
        named = verdict.side if isinstance(verdict, Lead) else verdict
        assert named in (*game.sides, None)
        assert not isinstance(verdict, Lead) or 0 < verdict.margin <= 1
        assert evaluator.evaluate(state, random.Random(state.ply)) == verdict
        state = state.play(rng.choice(state.legal_moves()))


def test_the_search_converts_the_last_piece_at_once() -> None:
    # MT-11: white's rider on A converts black's only stack on D and wins.
    game = get_game("transit-chess", map=FIVE, seed=0)
    state = game.from_text("white: R@A P@B\nblack: P@D P@D", to_move="white")
    assert str(MCTSAgent(game, seed=1, iterations=50).choose(state)) == "R@A-D"


def test_the_search_converts_the_rider_that_threatens_a_stack() -> None:
    # Black's rider on E can land on white's three pedestrians on C (MT-6). White's rider on
    # B rides through its own stop C (MT-9) and converts it (MT-10); black's pedestrian on A
    # then reaches only the empty B.
    game = get_game("transit-chess", map=FIVE, seed=0)
    state = game.from_text("white: R@B P@C P@C P@C\nblack: P@A R@E", to_move="white")
    assert str(MCTSAgent(game, seed=2, iterations=200).choose(state)) == "R@B-E"


def test_a_search_on_a_real_map_makes_a_legal_move_in_placement_and_movement() -> None:
    game = get_game("transit-chess", map="boston", seed=3)
    state, rng = game.initial_state(), random.Random(5)
    agent = MCTSAgent(game, seed=3, iterations=30)
    assert agent.choose(state) in state.legal_moves()  # MT-4
    while state.placing:
        state = state.play(rng.choice(state.legal_moves()))
    assert agent.choose(state) in state.legal_moves()


def ranked(game, text: str, to_move: str = "white") -> list[str]:  # type: ignore[no-untyped-def]
    state = game.from_text(text, to_move=to_move)
    weighed = move_priors(state)
    assert [m for m, _ in weighed] == state.legal_moves()
    assert sum(w for _, w in weighed) == pytest.approx(1.0)
    return [str(m) for m, _ in sorted(weighed, key=lambda mw: -mw[1])]


def test_converting_the_last_pieces_comes_first() -> None:
    game = get_game("transit-chess", map=FIVE, seed=0)
    assert ranked(game, "white: R@A P@B\nblack: P@D")[0] == "R@A-D"  # MT-11


def test_a_safe_conversion_beats_one_converted_back() -> None:
    # White's rider on C: converting the rider on B is safe (nothing black then reaches B),
    # converting D's pedestrian lands where E's pedestrian converts it back (MT-10).
    game = get_game("transit-chess", map=FIVE, seed=0)
    order = ranked(game, "white: R@C\nblack: R@B P@D P@E")
    assert order[0] == "R@C-B"
    assert order.index("R@C-D") > order.index("R@C-B")


def test_placements_avoid_stops_the_opponent_reaches_and_seek_threats() -> None:
    # White places a rider (MT-4) on A - B - C - D - E with black's pedestrian on A.
    game = get_game("transit-chess", map=FIVE, seed=0)
    order = ranked(game, "white: P@E place: R\nblack: P@A place: P")
    # B is the one stop black's pedestrian can land on (MT-5): a rider placed there is lost;
    # from C or D it threatens the pedestrian (MT-6).
    assert order[-1] == "R@B"
    assert set(order[:2]) == {"R@C", "R@D"}
