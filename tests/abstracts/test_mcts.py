"""UCT search over the protocol, on the toy games (hand-worked positions)."""

from __future__ import annotations

import gc
import math
import random
import time

import pytest

from abstracts.core import Game, State, get_game
from abstracts.evaluators import (
    GuidedPlayout,
    Lead,
    RandomPlayout,
    Rollout,
    WithPrior,
    search_clock,
)
from abstracts.mcts import MCTSAgent, _Node


def test_one_legal_move_is_returned_at_once(ttt: Game) -> None:
    state = ttt.from_text("XOX\nXOO\nOX.", to_move="x")
    agent = MCTSAgent(ttt, seed=1, iterations=10_000)
    assert str(agent.choose(state)) == "c1"
    assert agent.last_stats is not None and agent.last_stats.iterations == 0


def test_takes_the_winning_move(ttt: Game) -> None:
    # TTT-2: x completes the top row at c3; every other move lets o win at a1-b1-c1 or not.
    state = ttt.from_text("XX.\n...\nOO.", to_move="x")
    assert str(MCTSAgent(ttt, seed=2, iterations=400).choose(state)) == "c3"


def test_blocks_the_only_threat(ttt: Game) -> None:
    # o to move; x threatens a1-b2-c3, and o has no win of its own: only c3 holds.
    state = ttt.from_text("...\n.X.\nXOO", to_move="o")
    assert str(MCTSAgent(ttt, seed=3, iterations=2000).choose(state)) == "c3"


def test_a_dead_drawn_position_is_valued_at_one_half(ttt: Game) -> None:
    # Only rank 2 is open and no line can form through it (TTT-2): every playout is a draw,
    # so every reward is 1/2 and so is the chosen move's mean value.
    state = ttt.from_text("XOX\n...\nOXO", to_move="x")
    agent = MCTSAgent(ttt, seed=4, iterations=200)
    assert str(agent.choose(state)) in {"a2", "b2", "c2"}
    assert agent.last_stats is not None
    assert agent.last_stats.value == 0.5


def test_perfect_play_from_the_empty_board_is_valued_near_a_draw() -> None:
    game = get_game("toy-tictactoe")
    agent = MCTSAgent(game, seed=5, iterations=5000)
    agent.choose(game.initial_state())
    assert agent.last_stats is not None
    assert 0.4 < agent.last_stats.value < 0.8


def test_search_is_reproducible_with_an_iteration_budget(hex4: Game) -> None:
    state = hex4.initial_state().play("b2")
    agents = [MCTSAgent(hex4, seed=6, iterations=300) for _ in range(2)]
    moves = [agent.choose(state) for agent in agents]
    assert moves[0] == moves[1]
    stats = [agent.last_stats for agent in agents]
    assert stats[0] is not None and stats[1] is not None
    assert (stats[0].visits, stats[0].value) == (stats[1].visits, stats[1].value)


def test_a_time_budget_stops_and_returns_a_legal_move(hex4: Game) -> None:
    state = hex4.initial_state()
    agent = MCTSAgent(hex4, seed=7, seconds=0.05)
    assert agent.choose(state) in state.legal_moves()
    assert agent.last_stats is not None and agent.last_stats.iterations >= 1


class _Sleeper:
    """A leaf scored as a draw after 2 ms of wall time that costs no CPU (a loaded machine)."""

    def evaluate(self, state: State, rng: random.Random, deadline: float = math.inf) -> None:
        time.sleep(0.002)


def test_a_time_budget_is_cpu_time_not_wall_time(hex4: Game) -> None:
    # 0.02 s of wall time would allow at most 10 of these evaluations; 0.02 s of CPU time is
    # spent only on the search's own work (tens of microseconds an iteration), so far more
    # evaluations finish: the budget buys the same search however loaded the machine is.
    agent = MCTSAgent(hex4, seed=7, seconds=0.02, evaluator=_Sleeper())
    began = time.perf_counter()
    agent.choose(hex4.initial_state())
    assert agent.last_stats is not None and agent.last_stats.iterations > 40
    assert time.perf_counter() - began > 40 * 0.002
    assert search_clock is time.process_time


def test_takes_the_pie_when_the_opening_wins() -> None:
    # HEX-4: on 3 x 3 the centre opening wins for Red, so Blue should trade sides; the search
    # must see that after `pie` the player who chose it holds Red.
    game = get_game("toy-hex", size=3, pie=True)
    state = game.initial_state().play("b2")
    assert str(MCTSAgent(game, seed=8, iterations=3000).choose(state)) == "pie"


def test_declines_the_pie_after_a_losing_opening() -> None:
    # HEX-4: Red's a1 corner on 3 x 3 loses with best play (checked exhaustively), so Blue
    # keeps its side.
    game = get_game("toy-hex", size=3, pie=True)
    state = game.initial_state().play("a1")
    assert str(MCTSAgent(game, seed=9, iterations=4000).choose(state)) != "pie"


def test_guided_playouts_find_the_winning_move(ttt: Game) -> None:
    state = ttt.from_text("XX.\n...\nOO.", to_move="x")
    agent = MCTSAgent(ttt, seed=10, iterations=300, evaluator=GuidedPlayout(0.2))
    assert str(agent.choose(state)) == "c3"


def test_the_greedy_prior_leads_a_short_search(ttt: Game) -> None:
    # With two iterations the bare search has barely looked; the prior puts the game's greedy
    # move (the winning c3, TTT-2) first, and it is expanded and visited before the rest.
    state = ttt.from_text("XX.\n...\nOO.", to_move="x")
    assert str(MCTSAgent(ttt, seed=13, iterations=2, prior=1.0).choose(state)) == "c3"


def test_the_subtree_under_the_reply_is_reused(hex4: Game) -> None:
    agent = MCTSAgent(hex4, seed=11, iterations=500)
    state = hex4.initial_state()
    first = agent.choose(state)
    reply = state.play(first).legal_moves()[0]
    agent.choose(state.play(first).play(reply))
    assert agent.last_stats is not None and agent.last_stats.reused > 0
    agent.reset()
    agent.choose(state.play(first).play(reply))
    assert agent.last_stats.reused == 0


def test_an_unrelated_position_starts_a_fresh_tree(hex4: Game) -> None:
    agent = MCTSAgent(hex4, seed=12, iterations=200)
    agent.choose(hex4.initial_state())
    other = hex4.from_text("R...\n....\n....\n...B")
    move = agent.choose(other)
    assert agent.last_stats is not None and agent.last_stats.reused == 0
    assert move in other.legal_moves()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({}, "exactly one budget"),
        ({"seconds": 1.0, "iterations": 5}, "exactly one budget"),
        ({"iterations": 0}, "must be positive"),
        ({"seconds": -1.0}, "must be positive"),
        ({"iterations": 5, "prior": -1.0}, "prior weights"),
        ({"iterations": 5, "prior_bias": -1.0}, "prior weights"),
        ({"iterations": 5, "widening": 0.0}, "widening"),
        ({"iterations": 5, "widening": 1.5}, "widening"),
    ],
)
def test_bad_settings_are_refused(hex4: Game, kwargs: dict[str, float], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        MCTSAgent(hex4, **kwargs)  # type: ignore[arg-type]


def test_guided_playouts_need_an_epsilon_in_0_to_1() -> None:
    with pytest.raises(ValueError, match="epsilon"):
        GuidedPlayout(1.5)


def test_refuses_to_move_in_a_finished_game(ttt: Game) -> None:
    with pytest.raises(ValueError, match="finished"):
        MCTSAgent(ttt, iterations=5).choose(ttt.from_text("XXX\nOO.\n..."))


def test_mcts_beats_random_on_small_hex() -> None:
    from abstracts.agents import RandomAgent
    from abstracts.match import play_game

    game = get_game("toy-hex", size=4)
    wins = 0
    for index in range(4):
        agents = (MCTSAgent(game, seed=index, iterations=300), RandomAgent(index))
        record = play_game(game, agents, first=index % 2, index=index)
        wins += record.winner_agent == 0
    assert wins == 4


# ------------------------------------------------------------------ move weights (priors)


def _favour(text: str):  # type: ignore[no-untyped-def]
    """A prior that puts almost all the weight on the move `text`, the rest spread evenly."""

    def prior(state: State) -> list[tuple[object, float]]:
        moves = state.legal_moves()
        return [(m, 0.9 if str(m) == text else 0.1 / len(moves)) for m in moves]

    return prior


def test_weighted_moves_are_expanded_best_first(hex4: Game) -> None:
    # Progressive widening: one visit allows one child, and it is the heaviest move.
    agent = MCTSAgent(
        hex4, seed=1, iterations=1, evaluator=WithPrior(RandomPlayout(), _favour("c3"))
    )
    assert str(agent.choose(hex4.initial_state())) == "c3"


def test_widening_caps_the_children_of_a_node(hex4: Game) -> None:
    evaluator = WithPrior(RandomPlayout(), _favour("b2"))
    agent = MCTSAgent(hex4, seed=2, iterations=100, evaluator=evaluator, widening=0.5)
    root = _Node(hex4.initial_state(), hex4, None, None, "")
    agent._search(root)
    assert root.visits == 100
    assert len(root.children) == math.ceil(100**0.5) == 10  # of 16 legal moves on 4 x 4
    # Without weights every move is tried before any is tried twice.
    plain = MCTSAgent(hex4, seed=2, iterations=100)
    root = _Node(hex4.initial_state(), hex4, None, None, "")
    plain._search(root)
    assert len(root.children) == 16


def test_a_weighted_search_still_finds_the_win_the_weights_miss(ttt: Game) -> None:
    # TTT-2: x wins at c3; the weights favour a2 instead, but as visits grow the search
    # widens to the winning move and its results take over.
    state = ttt.from_text("XX.\n...\nOO.", to_move="x")
    evaluator = WithPrior(RandomPlayout(), _favour("a2"))
    assert str(MCTSAgent(ttt, seed=3, iterations=600, evaluator=evaluator).choose(state)) == "c3"


def test_a_time_budget_stops_once_no_other_move_can_catch_up(ttt: Game) -> None:
    # With 0.5 s left at 1000 iterations a second, some 500 more iterations may come: a lead
    # of 990 visits is decided, a lead of 400 is not. An iteration budget always runs in full.
    agent = MCTSAgent(ttt, seed=4, seconds=1.0)
    root = _Node(ttt.initial_state(), ttt, None, None, "")
    for visits in (1000, 10):
        child = _Node(root.state, ttt, None, root, "x")
        child.visits = visits
        root.children.append(child)
    now = search_clock()
    agent._deadline = now + 0.5
    assert agent._decided(root, 1000, now - 1.0)
    root.children[1].visits = 600
    assert not agent._decided(root, 1000, now - 1.0)
    root.children[1].visits = 10
    assert not MCTSAgent(ttt, seed=4, iterations=10)._decided(root, 1000, now - 1.0)


def test_the_garbage_collector_is_back_on_after_a_move(hex4: Game) -> None:
    assert gc.isenabled()
    MCTSAgent(hex4, seed=5, iterations=50).choose(hex4.initial_state())
    assert gc.isenabled()
    gc.disable()
    try:
        MCTSAgent(hex4, seed=5, iterations=50).choose(hex4.initial_state())
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()


def test_weights_keep_an_iteration_budget_reproducible(hex4: Game) -> None:
    evaluator = WithPrior(RandomPlayout(), _favour("b2"))
    moves = [
        MCTSAgent(hex4, seed=6, iterations=300, evaluator=evaluator).choose(hex4.initial_state())
        for _ in range(2)
    ]
    assert moves[0] == moves[1]
    assert random.Random(0).random() == random.Random(0).random()


@pytest.mark.parametrize(("side", "value"), [("x", 0.75), ("o", 0.25)])
def test_a_judged_lead_is_credited_as_its_share_of_a_win(
    ttt: Game, side: str, value: float
) -> None:
    # Every move of x leaves a game still going (TTT-2): the judge's Lead(side, 1/2) gives
    # the player holding `side` 1/2 + 1/4 of a win and the other player the rest.
    state = ttt.from_text("X..\n.O.\n...", to_move="x")
    judged = Rollout(0, lambda s: Lead(side, 0.5))
    agent = MCTSAgent(ttt, seed=1, iterations=1, evaluator=judged)
    agent.choose(state)
    assert agent.last_stats is not None
    assert agent.last_stats.value == value
