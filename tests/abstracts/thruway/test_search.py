"""Thruway's compiled MCTS (search.py): the generic UCT's behaviour, with the tree in arrays.

`MCTSAgent` hands its moves to it for the uniform playout and the judged rollout; the
search is reproducible with an iteration budget, stops with a time budget, finds a win and
parries a threat, values `pie` (TW-11) from the side each player ends up holding, keeps
the subtree under the opponent's reply, and lets the greedy prior lead a short search.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from abstracts import get_game
from abstracts.evaluators import GuidedPlayout, RandomPlayout, Rollout
from abstracts.mcts import MCTSAgent
from abstracts.thruway import ThruwayState
from abstracts.thruway.rollout import HORIZON, judge
from abstracts.thruway.search import (
    NODES,
    PARENT,
    VISITS,
    ThruwaySearch,
    keep_subtree,
    reply_between,
)
from tests.abstracts.thruway.test_rollout import THREAT
from tests.abstracts.thruway.test_threats import position

# Concrete threatens both d1-e1 and d5-e5 (each encloses a full rank, TW-14, TW-15); one
# asphalt move parries only one. Asphalt's first turn, so asphalt may take the pie (TW-11).
DOUBLE = "CCC..\nACCCC\nAA...\nACCCC\nCCC..\nto_move=asphalt ply=1 passes=0 banned=- pie=open"


def double_threat(*, transposed: bool = False) -> ThruwayState:
    text = DOUBLE
    if transposed:  # the same board for asphalt: files become ranks, colours trade
        ranks = DOUBLE.splitlines()[:5]
        swap = str.maketrans("CA", "AC")
        ranks = ["".join(row[f] for row in reversed(ranks)).translate(swap) for f in range(5)]
        text = "\n".join(reversed(ranks)) + "\n" + DOUBLE.splitlines()[5]
    return get_game("thruway", size=5, tiles=20).from_text(text)


@pytest.mark.parametrize(
    ("evaluator", "compiled"),
    [
        (None, True),  # the default: the graded judge (rollout.graded_judge)
        (Rollout(HORIZON, judge), True),  # the judge's verdict
        (RandomPlayout(), True),
        (GuidedPlayout(0.2), False),
    ],
)
def test_the_agent_uses_the_compiled_search_for_the_evaluators_it_compiles(
    evaluator: object, compiled: bool
) -> None:
    game = get_game("thruway", size=5)
    agent = MCTSAgent(game, seed=1, iterations=10, evaluator=evaluator)  # type: ignore[arg-type]
    assert isinstance(game.compiled_search(agent), ThruwaySearch) == compiled


@pytest.mark.parametrize("evaluator", [None, RandomPlayout()])
def test_the_search_is_reproducible_with_an_iteration_budget(evaluator: object) -> None:
    game = get_game("thruway", size=7)
    state = game.initial_state().play("d4-e4")
    runs = []
    for _ in range(2):
        agent = MCTSAgent(game, seed=6, iterations=3000, evaluator=evaluator)  # type: ignore[arg-type]
        move, stats = agent.choose(state), agent.last_stats
        assert stats is not None and stats.iterations == 3000
        runs.append((move, stats.visits, stats.value))
    assert runs[0] == runs[1]


def test_a_time_budget_stops_and_returns_a_legal_move() -> None:
    game = get_game("thruway")
    state = game.initial_state()
    agent = MCTSAgent(game, seed=7, seconds=0.05)
    assert agent.choose(state) in state.legal_moves()
    assert agent.last_stats is not None and agent.last_stats.iterations >= 1


def test_takes_the_win_and_parries_the_threat() -> None:
    win = position(THREAT)  # concrete to move: d1-e1 encloses rank 1
    assert str(MCTSAgent(win.game, seed=2, iterations=500).choose(win)) == "d1-e1"
    parry = position(THREAT, "asphalt")
    for seed in range(3):
        agent = MCTSAgent(parry.game, seed=seed, iterations=1500, reuse=False)
        assert str(agent.choose(parry)) in ("c1-d1", "d1-e1")


@pytest.mark.parametrize("evaluator", [None, RandomPlayout()])
def test_takes_the_pie_against_a_double_threat(evaluator: object) -> None:
    state = double_threat()
    assert "pie" in [str(m) for m in state.legal_moves()]
    agent = MCTSAgent(state.game, seed=3, iterations=4000, evaluator=evaluator)  # type: ignore[arg-type]
    assert str(agent.choose(state)) == "pie"
    assert agent.last_stats is not None and agent.last_stats.value > 0.8


def test_wins_at_once_rather_than_trading_a_double_threat_away() -> None:
    state = double_threat(transposed=True)  # asphalt holds the double threat and moves
    agent = MCTSAgent(state.game, seed=4, iterations=2000)
    move = agent.choose(state)
    assert state.play(move).winner == "asphalt"


def test_a_game_every_playout_draws_is_valued_at_one_half() -> None:
    # Two tiles each on 3 x 3 (TW-3): one pave a side, then passes until three in a row
    # draw (TW-12); no tile can ever be enclosed.
    game = get_game("thruway", size=3, tiles=2, pie=False)
    agent = MCTSAgent(game, seed=5, iterations=300, evaluator=RandomPlayout())
    agent.choose(game.initial_state())
    assert agent.last_stats is not None and agent.last_stats.value == 0.5


def test_the_greedy_prior_leads_a_short_search() -> None:
    win = position(THREAT)
    assert str(MCTSAgent(win.game, seed=13, iterations=1, prior=1.0).choose(win)) == "d1-e1"


def test_the_subtree_under_the_reply_is_reused_and_reset_forgets_it() -> None:
    game = get_game("thruway", size=5)
    agent = MCTSAgent(game, seed=11, iterations=2000)
    state = game.initial_state()
    first = agent.choose(state)
    # The reply greedy ranks first: the search grows the replies best first (move order).
    reply = game.greedy_move(state.play(first), random.Random(0))
    agent.choose(state.play(first).play(reply))
    assert agent.last_stats is not None and agent.last_stats.reused > 0
    agent.reset()
    agent.choose(state.play(first).play(reply))
    assert agent.last_stats.reused == 0
    other = game.from_text("C....\n.....\n.....\n.....\n....A")
    assert agent.choose(other) in other.legal_moves()
    assert agent.last_stats.reused == 0


def test_keeping_a_subtree_renumbers_it_from_its_top() -> None:
    game = get_game("thruway", size=5)
    agent = MCTSAgent(game, seed=12, iterations=1500)
    agent.choose(game.initial_state())
    search = agent._compiled
    assert isinstance(search, ThruwaySearch) and search._tree is not None
    ints, reals, pool, meta = search._tree
    top = search._after_node
    kept_ints, kept_reals, _, kept_meta = keep_subtree(ints, reals, pool, meta, top)
    count = int(kept_meta[NODES])
    assert kept_ints[PARENT, 0] == -1 and kept_ints[VISITS, 0] == ints[VISITS, top]
    parents = kept_ints[PARENT, 1:count]
    assert (parents >= 0).all() and (parents < np.arange(1, count)).all()
    # Every visit of a kept node's children passed through the node (plus its own leaf).
    children = np.bincount(parents, weights=kept_ints[VISITS, 1:count], minlength=count)
    assert (children <= kept_ints[VISITS, :count]).all()
    assert np.isclose(kept_reals[0, 0], reals[0, top])


@pytest.mark.parametrize(
    ("start", "move"),
    [
        ("...\n...\n...", "a1-b1"),  # TW-5
        ("...\n.A.\n...", "a2-b2"),  # TW-6: b2 is replaced
        ("...\nCAA\nACC", "b1~b2"),  # TW-9
    ],
)
def test_the_reply_is_read_from_the_two_positions(start: str, move: str) -> None:
    state = get_game("thruway", size=3, tiles=8).from_text(start)
    assert str(reply_between(state, state.play(move))) == move


def test_a_reply_that_leaves_the_board_is_pass_or_pie() -> None:
    opening = get_game("thruway", size=3).initial_state().play("a1-b1")
    assert str(reply_between(opening, opening.play("pie"))) == "pie"  # TW-11
    stuck = get_game("thruway", size=3, tiles=1, pie=False).initial_state()
    assert str(reply_between(stuck, stuck.play("pass"))) == "pass"  # TW-12
    far = get_game("thruway", size=3).from_text("C..\n...\n..C")
    assert reply_between(opening, far) is None
