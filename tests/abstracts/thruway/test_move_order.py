"""Greedy's move order near the root of the compiled search (search.py).

`move_scores` is the compiled twin of greedy.evaluate_move (the greedy evaluation after a
move, for the mover): on positions along games mixing greedy and random moves the two agree
move for move. The search ranks the root's moves by it and widens: after a budget the root
has no more children than `widened` allows, and they are the best-ranked moves.
"""

from __future__ import annotations

import numpy as np
import pytest

import abstracts.thruway.arrays as arrays
import abstracts.thruway.kernel as k
import abstracts.thruway.kernel_rollout as kr
from abstracts import get_game
from abstracts.evaluators import RandomPlayout
from abstracts.mcts import MCTSAgent
from abstracts.thruway import ThruwayState
from abstracts.thruway.greedy import WIN, evaluate_move
from abstracts.thruway.moves import PIE
from abstracts.thruway.rollout import DEFAULT_DEPTH
from abstracts.thruway.search import (
    FIRST,
    FIRST_CHOICE,
    NEXP,
    NMOVES,
    ORDER_DEPTH,
    ORDERED,
    POLICY,
    VISITS,
    ThruwaySearch,
    fresh_tree,
    iterate,
    move_scores,
    widened,
    with_room,
)
from tests.abstracts.thruway.test_kernel import kernel_position
from tests.abstracts.thruway.test_kernel_rollout import game_positions


def compiled_scores(state: ThruwayState) -> dict[str, float]:
    cell, s, w, geo = kernel_position(state)
    out = np.empty(4 * geo[k.SIZE, 1] + 1, dtype=np.int32)
    count = k.legal_moves(cell, s, w, geo, out)
    scores = np.empty(count, dtype=np.float64)
    move_scores(cell, s, w, geo, out, count, kr.new_scratch(geo), POLICY, scores)
    size = state.rules.geometry.size
    return {str(arrays.move_of(size, int(out[i]))): float(scores[i]) for i in range(count)}


def python_score(state: ThruwayState, text: str) -> float:
    move = next(m for m in state.legal_moves() if str(m) == text)
    if move.kind == PIE:
        return FIRST_CHOICE  # TW-11: pie is always among the first tried
    score, _ = evaluate_move(state, move)
    return {WIN: FIRST_CHOICE, -WIN: -FIRST_CHOICE}.get(score, score)


@pytest.mark.parametrize(("size", "tiles", "seed"), [(5, None, 1), (6, 8, 2), (7, None, 3)])
def test_the_compiled_scores_are_greedys(size: int, tiles: int | None, seed: int) -> None:
    for state in game_positions(size, tiles, seed)[::2]:
        for text, score in compiled_scores(state).items():
            assert score == pytest.approx(python_score(state, text)), (state.to_text(), text)


def test_a_winning_move_scores_first_and_pie_is_offered_first() -> None:
    # Concrete to move on 5 x 5: d1-e1 completes rank 1 enclosed (TW-14, TW-15).
    from tests.abstracts.thruway.test_rollout import THREAT
    from tests.abstracts.thruway.test_threats import position

    scores = compiled_scores(position(THREAT))
    assert scores["d1-e1"] == FIRST_CHOICE
    assert max(v for m, v in scores.items() if m != "d1-e1") < FIRST_CHOICE
    opened = get_game("thruway", size=5).initial_state().play("c3-d3")
    assert compiled_scores(opened)["pie"] == FIRST_CHOICE


def test_widening_allows_a_few_more_children_as_visits_grow() -> None:
    assert widened(1) == 5 and widened(100) == 9 and widened(10_000) == 29
    assert all(widened(v) <= widened(v + 1) for v in range(1, 5000))


def test_the_root_grows_its_best_ranked_moves_only() -> None:
    game = get_game("thruway", size=7)
    state = game.initial_state().play("d4-e4").play("c3-c4")
    geo = arrays.geometry(7)
    tree, done = fresh_tree(geo), 0
    rng = np.array([3], dtype=np.uint64)
    while done < 2000:  # as ThruwaySearch._run: the arrays grow when nearly full
        tree = with_room(tree, geo)
        done += iterate(state.kernel_arrays(), geo, *tree, rng, 2000 - done, 1.0, 4, POLICY, 1)
    ints, _, pool, _ = tree
    grown = int(ints[NEXP, 0])
    assert ints[ORDERED, 0] == 1 and ints[VISITS, 0] == 2000
    assert grown == widened(2000) < ints[NMOVES, 0]  # every allowed child was grown
    scores = compiled_scores(state)
    first = int(ints[FIRST, 0])
    children = [str(arrays.move_of(7, int(code))) for code in pool[0, first : first + grown]]
    untried = [str(arrays.move_of(7, int(c))) for c in pool[0, first + grown : first + 60]]
    assert min(scores[m] for m in children) >= max(scores[m] for m in untried)
    assert [scores[m] for m in untried] == sorted((scores[m] for m in untried), reverse=True)


def test_the_uniform_playout_search_stays_plain_uct() -> None:
    # Greedy's order goes with the judge; uniform playouts are OpenSpiel's MCTSBot's UCT,
    # which `make bench` compares them with, so the root grows its moves uniformly at random.
    game = get_game("thruway", size=7)
    state = game.initial_state().play("d4-e4")
    plain = ThruwaySearch(MCTSAgent(game, seed=1, iterations=300, evaluator=RandomPlayout()), -1)
    judged = ThruwaySearch(MCTSAgent(game, seed=1, iterations=300), DEFAULT_DEPTH)
    assert (plain.order, judged.order) == (-1, ORDER_DEPTH)
    geo = arrays.geometry(7)
    for order, ordered in ((-1, 0), (ORDER_DEPTH, 1)):
        tree = fresh_tree(geo)
        rng = np.array([5], dtype=np.uint64)
        iterate(state.kernel_arrays(), geo, *tree, rng, 50, 1.0, -1, POLICY, order)
        assert tree[0][ORDERED, 0] == ordered
        assert (tree[0][NEXP, 0] == 50) == (not ordered)  # one new child an iteration
