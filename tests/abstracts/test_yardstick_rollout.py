"""The yardstick's evaluator for OpenSpiel's MCTSBot (abstracts/yardstick_rollout.py) and
transit chess's compiled uniform playout (abstracts/yardstick_playouts.py).

`CompiledRollout` must be OpenSpiel's `RandomRolloutEvaluator(n_rollouts=1)` in
distribution: from a leaf, uniformly random legal moves to the end, the returns there.
Checked four ways:
- the compiled chess playout plays the very codes of its plain-Python twin (`State.play`
  a ply, so only legal moves, to the rules' end and winner, MT-4..MT-11);
- the rollouts of Rapid Transit and Thruway, traced with the same seeds, replay through
  the rules to a terminal state whose returns are the evaluator's;
- from a position with k legal moves the first move's frequency over seeded playouts is
  within a binomial bound of 1/k;
- from small positions the exact outcome probabilities of uniform random play, worked out
  by enumerating every line through the rules, match the evaluator's frequencies (and
  OpenSpiel's own evaluator's) within a binomial bound of 4.5 standard errors (a false
  alarm about once in 150,000 runs per check).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts

from abstracts import get_game
from abstracts.encoding import Seated
from abstracts.openspiel import load_game
from abstracts.rapid_transit.playout import traced
from abstracts.thruway import arrays as thruway_arrays
from abstracts.thruway import kernel as thruway_kernel
from abstracts.yardstick_playouts import chess_playout_codes, chess_playout_reference
from abstracts.yardstick_rollout import CompiledRollout, rollout_returns

Z = 4.5  # standard errors a frequency may stray from its probability


def within(count: int, n: int, p: float) -> bool:
    return abs(count / n - p) <= Z * np.sqrt(max(p * (1 - p), 1e-12) / n) + 1e-12


def walk(seated: Seated, rng: random.Random, plies: int) -> Seated:
    for _ in range(plies):
        if seated.state.is_over:
            break
        seated = seated.play(rng.choice(seated.state.legal_moves()))
    return seated


# --- transit chess: the kernel and its twin ------------------------------------------------


@pytest.mark.parametrize(("chess_map", "seed"), [("fantasy", 1), ("glasgow", 2), ("toronto", 3)])
def test_chess_kernel_plays_the_codes_of_its_plain_python_twin(chess_map: str, seed: int) -> None:
    """Placing (MT-4), moving, repetitions of the game so far (MT-11): same codes, same end."""
    options = {"map": chess_map, "seed": seed, "max_plies": 150}
    game, rng = get_game("transit-chess", **options), random.Random(seed)
    state, checked = game.initial_state(), 0
    while checked < 12:
        if state.is_over:
            state = game.initial_state()
        draw = rng.getrandbits(64)
        codes, winner = chess_playout_codes(state, draw)
        assert (codes, winner) == chess_playout_reference(state, draw)
        assert codes  # a game not over has a move to play (pass at least, MT-11)
        checked += 1
        state = state.play(rng.choice(state.legal_moves()))


def test_chess_playouts_end_by_every_rule_of_mt11() -> None:
    """Glasgow (one route, two pieces a side) repeats positions: random games there end by
    conversion, by repetition and by passes, and the twin agrees on each."""
    state = get_game("transit-chess", map="glasgow", max_plies=60).initial_state()
    ends: Counter[str] = Counter()
    for draw in range(60):
        codes, winner = chess_playout_reference(state, draw)
        assert chess_playout_codes(state, draw) == (codes, winner)
        end = state
        for code in codes:
            end = end.play(end.rules.codec.move(code))
        assert end.is_over and end.winner == winner
        ends[end.end] += 1
    assert len(ends) >= 2, ends


def test_chess_first_code_is_uniform_among_the_legal_ones() -> None:
    state = get_game("transit-chess", map="fantasy", seed=4).initial_state()
    rng = random.Random(9)
    state = walk(Seated.start(state.game), rng, 10).state
    legal, n = state.legal_codes(), 3000
    assert 3 <= len(legal) <= 60 and not state.is_over
    first = Counter(chess_playout_codes(state, draw)[0][0] for draw in range(n))
    assert set(first) == set(legal)
    assert all(within(first[code], n, 1 / len(legal)) for code in legal), first


# --- the evaluator: legal rollouts to the rules' returns -----------------------------------


def traced_returns(seated: Seated, rng: random.Random) -> tuple[tuple[float, float], Seated]:
    """`rollout_returns` with the compiled playout traced (the same draws from `rng`), its
    moves replayed through the rules: the evaluator's returns and the end it reached."""
    game = seated.state.game
    while not seated.state.is_over and game.seat_swap_ahead(seated.state):
        seated = seated.play(rng.choice(seated.state.legal_moves()))
    state = seated.state
    if state.is_over:
        return seated.returns(), seated
    if game.name == "rapid-transit":
        _, moves = traced(state, rng)  # the draw State.playout makes, then the same game
        for move in moves:
            seated = seated.play(str(move))
    elif game.name == "thruway":
        cell, s, _ = (part.copy() for part in state.kernel_arrays())  # played in place
        geo = thruway_arrays.geometry(state.rules.geometry.size)
        trace = np.zeros((state.rules.max_plies + 1, 2), dtype=np.int64)
        plies = thruway_kernel.traced_playout(cell, s, geo, rng.getrandbits(63), trace)
        for _, code in trace[:plies]:
            seated = seated.play(thruway_arrays.move_of(state.rules.geometry.size, int(code)))
    else:
        codes, _ = chess_playout_codes(state, rng.getrandbits(64))
        for code in codes:
            seated = seated.play(state.rules.codec.move(code))
    return seated.returns(), seated


ROLLOUT_GAMES = [
    ("rapid-transit", {"size": 6}),
    ("rapid-transit", {"size": 4, "pie": True}),  # RT-13: seats trade on the way
    ("thruway", {"size": 5}),  # TW-11: pie on by default
    ("thruway", {"size": 7, "tiles": 6}),  # TW-12: reserves run out, passes come
    ("transit-chess", {"map": "fantasy", "seed": 5}),
]


@pytest.mark.parametrize(("name", "options"), ROLLOUT_GAMES)
def test_rollouts_play_legal_moves_to_the_end_and_score_the_rules_returns(
    name: str, options: dict[str, Any]
) -> None:
    game, rng = get_game(name, **options), random.Random(6)
    for plies in (0, 1, 2, 7, 15):
        start = walk(Seated.start(game), rng, plies)
        for draw in range(4):
            returns, end = traced_returns(start, random.Random(draw))
            assert end.state.is_over  # every move replayed through the rules, to the end
            assert rollout_returns(start, random.Random(draw)) == returns == end.returns()


def test_the_evaluator_reads_the_adapter_state_and_returns_by_player() -> None:
    """Player numbers, not sides: after `pie` player 1 holds red (RT-13)."""
    spiel = load_game("rapid-transit", size=4, pie=True)
    state = spiel.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.string_to_action("pie"))
    assert state.seated.seats == ("cyan", "red")
    for seed in range(5):
        got = CompiledRollout(seed).evaluate(state)
        expected = rollout_returns(state.seated, random.Random(seed))
        assert got.tolist() == list(expected) and sum(got) == 0
    prior = CompiledRollout(0).prior(state)
    legal = state.legal_actions()
    assert prior == [(action, 1 / len(legal)) for action in legal]
    assert prior == mcts.RandomRolloutEvaluator().prior(state)


def test_one_seed_gives_the_same_rollouts() -> None:
    state = load_game("thruway", size=5).new_initial_state()
    first, second = CompiledRollout(3), CompiledRollout(3)
    assert [first.evaluate(state).tolist() for _ in range(20)] == [
        second.evaluate(state).tolist() for _ in range(20)
    ]


# --- in distribution: exact probabilities of uniform random play ---------------------------


def exact(seated: Seated, budget: list[int]) -> dict[float, float]:
    """Player 0's return and its probability when both play uniformly random legal moves
    to the end, every line enumerated through the rules (`budget`: nodes left)."""
    budget[0] -= 1
    if budget[0] < 0 or seated.state.ply > 300:  # too many lines, or too deep to recurse
        raise OverflowError
    if seated.state.is_over:
        return {seated.returns()[0]: 1.0}
    moves = seated.state.legal_moves()
    found: dict[float, float] = {}
    for move in moves:
        for value, p in exact(seated.play(move), budget).items():
            found[value] = found.get(value, 0.0) + p / len(moves)
    return found


def uncertain_position(name: str, options: dict[str, Any], seed: int) -> tuple[Any, dict]:
    """An adapter state late in a seeded random game whose result uniform play leaves
    open (no outcome has probability above 0.85), with its exact outcome probabilities."""
    spiel, rng = load_game(name, **options), random.Random(seed)
    for _ in range(200):
        line = [spiel.new_initial_state()]
        while not line[-1].is_terminal():
            step = line[-1].clone()
            step.apply_action(rng.choice(step.legal_actions()))
            line.append(step)
        for state in reversed(line[:-1]):
            try:
                odds = exact(state.seated, [4000])
            except OverflowError:
                break
            if max(odds.values()) < 0.85 and len(state.legal_actions()) >= 3:
                return state, odds
    raise AssertionError("no position with an open result found")


@pytest.mark.parametrize(
    ("name", "options", "seed"),
    [
        ("rapid-transit", {"size": 4}, 1),
        ("thruway", {"size": 4, "max_plies": 40}, 2),
        ("transit-chess", {"map": "glasgow", "max_plies": 20}, 3),
    ],
)
def test_rollout_results_have_the_exact_distribution_of_uniform_play(
    name: str, options: dict[str, Any], seed: int
) -> None:
    state, odds = uncertain_position(name, options, seed)
    compiled, n = CompiledRollout(seed), 4000
    ours = Counter(compiled.evaluate(state)[0] for _ in range(n))
    assert set(ours) <= set(odds)
    assert all(within(ours[value], n, p) for value, p in odds.items()), (odds, ours)
    python, m = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), 400
    theirs = Counter(python.evaluate(state)[0] for _ in range(m))
    assert all(within(theirs[value], m, p) for value, p in odds.items()), (odds, theirs)


@pytest.mark.parametrize(
    ("name", "options"),
    [("rapid-transit", {"size": 4, "pie": True}), ("thruway", {"size": 4, "tiles": 5})],
)
def test_with_the_pie_ahead_mean_returns_match_openspiels_evaluator(
    name: str, options: dict[str, Any]
) -> None:
    """RT-13, TW-11: from the start, before anyone may trade seats, the compiled rollouts'
    mean return for player 0 and OpenSpiel's own evaluator's differ by less than 4.5
    standard errors of the difference."""
    state = load_game(name, **options).new_initial_state()
    compiled = CompiledRollout(8)
    ours = np.array([compiled.evaluate(state)[0] for _ in range(3000)])
    python = mcts.RandomRolloutEvaluator(1, np.random.RandomState(8))
    theirs = np.array([python.evaluate(state)[0] for _ in range(600)])
    error = np.sqrt(ours.var() / len(ours) + theirs.var() / len(theirs))
    assert abs(ours.mean() - theirs.mean()) <= Z * max(error, 1e-9)
