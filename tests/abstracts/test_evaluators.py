"""Evaluators (`abstracts/evaluators.py`): how the search scores a leaf, on the toy games."""

from __future__ import annotations

import math
import random

import pytest

import abstracts.evaluators as evaluators
import abstracts.mcts as mcts
from abstracts.core import Game, State
from abstracts.evaluators import GuidedPlayout, Lead, OutOfTime, RandomPlayout, Rollout, in_frame
from abstracts.mcts import MCTSAgent


def test_random_playout_is_the_states_uniform_playout(hex4: Game) -> None:
    state = hex4.initial_state().play("b2")
    for seed in range(20):
        expected = state.playout(random.Random(seed))
        assert RandomPlayout().evaluate(state, random.Random(seed)) == expected


def test_a_finished_game_is_scored_by_its_result(ttt: Game) -> None:
    # TTT-2: x has the top row.
    won = ttt.from_text("XXX\nOO.\n...", to_move="o")
    never = Rollout(3, lambda state: pytest.fail("a finished game is not judged"))
    for evaluator in (RandomPlayout(), GuidedPlayout(0.5), never):
        assert evaluator.evaluate(won, random.Random(1)) == "x"


def test_a_rollout_of_depth_zero_is_the_judges_word(ttt: Game) -> None:
    state = ttt.from_text("X..\n.O.\n...", to_move="x")
    assert Rollout(0, lambda s: "o").evaluate(state, random.Random(1)) == "o"
    assert Rollout(0, lambda s: None).evaluate(state, random.Random(1)) is None


def test_a_rollout_judges_where_the_game_policy_stops(ttt: Game) -> None:
    """Two uniform plies (State.rollout's default policy), then the judge sees that state."""
    state = ttt.from_text("X..\n.O.\n...", to_move="x")
    seen: list[State] = []

    def judge(reached: State) -> str | None:
        seen.append(reached)
        return "x"

    for seed in range(5):
        assert Rollout(2, judge).evaluate(state, random.Random(seed)) == "x"
        assert seen[-1].ply == state.ply + 2
        assert seen[-1].to_text() == state.rollout(random.Random(seed), 2).to_text()


def test_guided_playouts_with_epsilon_zero_follow_the_greedy_move(ttt: Game) -> None:
    # TTT-2: greedy completes x's row at c3 at once.
    state = ttt.from_text("XX.\n...\nOO.", to_move="x")
    assert GuidedPlayout(0.0).evaluate(state, random.Random(3)) == "x"


def test_the_winner_is_named_as_the_evaluated_state_names_its_player(hex4: Game) -> None:
    """HEX-4: after Red's centre opening Blue's greedy move is `pie`; the player who takes
    it plays Red from then on, so a Red win at the end is a win for the player holding
    Blue in the evaluated state."""
    from abstracts import get_game

    game = get_game("toy-hex", size=3, pie=True)
    state = game.initial_state().play("b2")
    assert str(game.greedy_move(state, random.Random(0))) == "pie"
    for seed in range(5):
        rng, end = random.Random(seed), state
        while not end.is_over:  # the same rng calls as GuidedPlayout(0)
            rng.random()
            end = end.play(game.greedy_move(end, rng))
        other = {"red": "blue", "blue": "red"}[end.winner]
        assert GuidedPlayout(0.0).evaluate(state, random.Random(seed)) == other


def test_random_playouts_keep_track_of_a_pie_taken_on_the_way() -> None:
    """HEX-4 on 2 x 2: whatever Red opens, a random game either takes the pie or not; the
    evaluation names the winner as the player who held that side at the start."""
    from abstracts import get_game

    game = get_game("toy-hex", size=2, pie=True)
    state = game.initial_state().play("a1")
    assert game.seat_swap_ahead(state)
    outcomes = set()
    for seed in range(40):
        rng = random.Random(seed)
        first = rng.choice(state.legal_moves())
        after = state.play(first)
        winner = after.playout(rng)
        swapped = str(first) == "pie"
        expected = {"red": "blue", "blue": "red"}[winner] if swapped else winner
        assert RandomPlayout().evaluate(state, random.Random(seed)) == expected
        outcomes.add((swapped, expected))
    assert {swapped for swapped, _ in outcomes} == {True, False}


def test_an_evaluation_past_its_deadline_stops(ttt: Game) -> None:
    state = ttt.initial_state()
    with pytest.raises(OutOfTime):
        GuidedPlayout(0.5).evaluate(state, random.Random(1), deadline=evaluators.search_clock() - 1)
    assert GuidedPlayout(0.5).evaluate(state, random.Random(1), math.inf) in ("x", "o", None)


class OutOfTimeAfter:
    """An evaluator whose first `finished` evaluations finish; later ones run out of time."""

    def __init__(self, finished: int) -> None:
        self.finished = finished
        self.calls = 0

    def evaluate(self, state: State, rng: random.Random, deadline: float = math.inf) -> str | None:
        self.calls += 1
        if self.calls > self.finished:
            raise OutOfTime
        return RandomPlayout().evaluate(state, rng)


def test_a_search_whose_evaluations_never_finish_falls_back_on_the_heuristic(ttt: Game) -> None:
    """When no evaluation finished in time the agent plays the game's greedy move (here
    the winning c3, TTT-2)."""
    state = ttt.from_text("XX.\n...\nOO.", to_move="x")
    agent = MCTSAgent(ttt, seed=1, seconds=5.0, evaluator=OutOfTimeAfter(0))
    assert str(agent.choose(state)) == "c3"
    assert agent.last_stats is not None and agent.last_stats.iterations == 0


def test_an_evaluation_out_of_time_is_taken_back_out_of_the_tree(ttt: Game) -> None:
    state = ttt.from_text("X..\n.O.\n...", to_move="x")
    agent = MCTSAgent(ttt, seed=2, seconds=5.0, evaluator=OutOfTimeAfter(4))
    move = agent.choose(state)
    assert move in state.legal_moves()
    assert agent.last_stats is not None and agent.last_stats.iterations == 4
    assert agent.last_stats.visits == 1  # four children, one visit each, none half-made


def test_a_time_budget_is_kept_when_every_playout_outlasts_it(
    hex4: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a clock that only moves when the heuristic thinks (5 ms a greedy move), greedy
    playouts (up to 16 plies on 4 x 4) soon run into a 0.1 s budget: the search stops the
    one running at the deadline, so the move takes at most one greedy move more (and one
    for the fallback if no playout finished)."""
    clock = [0.0]
    greedy = type(hex4).greedy_move

    def thinking(game: Game, state: State, rng: random.Random) -> object:
        clock[0] += 0.005
        return greedy(game, state, rng)

    for module in (evaluators, mcts):  # the search's clock (CPU seconds: evaluators.py)
        monkeypatch.setattr(module, "search_clock", lambda: clock[0])
    monkeypatch.setattr(type(hex4), "greedy_move", thinking)
    agent = MCTSAgent(hex4, seed=3, seconds=0.1, evaluator=GuidedPlayout(0.0))
    state = hex4.initial_state()
    move = agent.choose(state)
    assert move in state.legal_moves()
    assert agent.last_stats is not None and agent.last_stats.seconds <= 0.1 * 1.2
    assert clock[0] <= 0.1 * 1.2


def test_a_playout_from_before_the_first_move_still_sees_the_pie() -> None:
    """HEX-4: from the empty board the pie is one move away; the evaluation plays move by
    move until it is past, so a pie taken on the way still renames the winner."""
    from abstracts import get_game

    game = get_game("toy-hex", size=2, pie=True)
    start = game.initial_state()
    assert game.seat_swap_ahead(start) and not any(
        game.swaps_seats(start, m) for m in start.legal_moves()
    )
    pies = 0
    for seed in range(20):
        rng = random.Random(seed)
        state, swapped = start, False
        while not state.is_over and game.seat_swap_ahead(state):
            move = rng.choice(state.legal_moves())
            swapped ^= game.swaps_seats(state, move)
            state = state.play(move)
        winner = state.winner if state.is_over else state.playout(rng)
        expected = {"red": "blue", "blue": "red"}[winner] if swapped else winner
        assert RandomPlayout().evaluate(start, random.Random(seed)) == expected
        pies += swapped
    assert 0 < pies < 20  # some playouts took the pie, some did not


def test_a_lead_is_renamed_with_the_seats_and_needs_a_margin_in_0_to_1(hex4: Game) -> None:
    # HEX-4: after `pie` the player who held blue holds red, and a lead follows the player.
    state = hex4.initial_state()
    assert in_frame(state, Lead("red", 0.4), True) == Lead("blue", 0.4)
    assert in_frame(state, Lead("red", 0.4), False) == Lead("red", 0.4)
    for margin in (0.0, -0.1, 1.5):
        with pytest.raises(ValueError, match="margin"):
            Lead("red", margin)
