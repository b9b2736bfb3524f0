"""The generic protocol test, run over every registered game and each conformance option set.

In the spirit of OpenSpiel's random simulation test: seeded random games are played to the
end and, along the way, every state must honour the protocol in `abstracts/core.py`. The
last tests feed deliberately broken games to the same checks, to show each check can fail.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from abstracts import IllegalMove, get_game
from abstracts.agents import GreedyAgent, RandomAgent
from abstracts.core import Game, Move, State, game_names, get_game_class
from abstracts.evaluators import Lead
from abstracts.mcts import MCTSAgent
from abstracts.saved_games import load_game
from tabletop.saves import SavedGame, write_save
from tests.abstracts.toy_game import CellMove, TicTacToeState, ToyTicTacToe

GAMES_PER_CASE = 10
FULL_CHECK_GAMES = 2  # games whose every legal move is parsed back at every ply
SAMPLED_MOVES = 12  # legal moves parsed back per ply in the other games
FALLBACK_PLY_LIMIT = 10_000  # for games without a ply_limit(): they must still end

CASES = [
    pytest.param(name, options, id=f"{name}-{json.dumps(options, sort_keys=True)}")
    for name in game_names()
    for options in get_game_class(name).conformance_options
]


@dataclass(frozen=True, slots=True)
class Trajectory:
    states: tuple[State, ...]
    moves: tuple[Move, ...]


Runs = tuple[Trajectory, ...]


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a caller can see of a state, to prove that `play` did not change it."""
    moves = tuple(str(m) for m in state.legal_moves())
    return (state.to_text(), state.to_move, state.ply, state.is_over, state.winner, moves)


@functools.cache
def trajectories(name: str, options_json: str) -> tuple[Game, Runs]:
    """GAMES_PER_CASE seeded random games for one registered case (cached across checks)."""
    game = get_game(name, **json.loads(options_json))
    return game, random_games(game)


def random_games(game: Game, count: int = GAMES_PER_CASE) -> Runs:
    """`count` seeded uniformly random games (stopped one ply past the limit if endless)."""
    limit = game.ply_limit() or FALLBACK_PLY_LIMIT
    runs = []
    for seed in range(count):
        rng = random.Random(seed)
        state, states, moves = game.initial_state(), [], []
        while not state.is_over and state.ply <= limit:
            states.append(state)
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state = state.play(move)
        states.append(state)
        runs.append(Trajectory(tuple(states), tuple(moves)))
    return tuple(runs)


# ---------------------------------------------------------------------- the checks


def check_games_end_with_a_consistent_winner(game: Game, runs: Runs, _: Path) -> None:
    limit = game.ply_limit() or FALLBACK_PLY_LIMIT
    for run in runs:
        final = run.states[-1]
        assert final.is_over, f"{game.name}: a random game passed {limit} plies without ending"
        assert final.ply == len(run.moves) <= limit
        assert final.legal_moves() == []
        assert final.winner in (*game.sides, None)
        assert final.end_reason().strip()
        for state in run.states[:-1]:
            assert not state.is_over
            assert state.winner is None
            assert state.to_move in game.sides


def check_legal_moves_unique_stable_non_empty(game: Game, runs: Runs, _: Path) -> None:
    for run in runs:
        for state in run.states[:-1]:
            moves = state.legal_moves()
            assert moves, "legal moves are empty only when the game is over"
            assert len(set(moves)) == len(moves), "legal moves repeat"
            assert len({str(m) for m in moves}) == len(moves), "two moves share a text"
            assert [str(m) for m in state.legal_moves()] == [str(m) for m in moves]


def check_play_never_changes_the_original(game: Game, runs: Runs, _: Path) -> None:
    rng = random.Random(7)
    for run in runs:
        state = game.initial_state()  # replayed afresh: a buggy play may have hit run.states
        for move in run.moves:
            before = snapshot(state)
            others = rng.sample(state.legal_moves(), min(2, len(state.legal_moves())))
            for other in [move, *others]:
                state.play(other)
                assert snapshot(state) == before, f"playing {other} changed the state"
                state.play(str(other))
                assert snapshot(state) == before, f"playing {str(other)!r} changed the state"
            after = state.play(move)
            assert after.ply == state.ply + 1
            assert state.play(str(move)).to_text() == after.to_text()
            state = after


def check_move_texts_parse_back(game: Game, runs: Runs, _: Path) -> None:
    rng = random.Random(11)
    for number, run in enumerate(runs):
        for state in run.states[:-1]:
            moves = state.legal_moves()
            if number >= FULL_CHECK_GAMES:
                moves = rng.sample(moves, min(SAMPLED_MOVES, len(moves)))
            for move in moves:
                assert state.parse_move(str(move)) == move, f"{move} does not parse back"


def check_garbled_and_late_moves_are_illegal(game: Game, runs: Runs, _: Path) -> None:
    for run in runs:
        with pytest.raises(IllegalMove):
            run.states[0].parse_move("§§ not a move §§")
        with pytest.raises(IllegalMove):
            run.states[-1].play(str(run.moves[-1]))  # nothing is legal once the game is over


def check_text_positions_round_trip(game: Game, runs: Runs, _: Path) -> None:
    for run in runs:
        for state in run.states:
            text = state.to_text()
            again = game.from_text(text, to_move=state.to_move)
            assert again.to_text() == text
            assert again.to_move == state.to_move


def check_saved_games_load_back(game: Game, runs: Runs, tmp_path: Path) -> None:
    for number, run in enumerate(runs[:3]):
        for cut in (len(run.moves) // 2, len(run.moves)):
            path = tmp_path / f"game{number}-{cut}.json"
            write_save(path, SavedGame.of(game, run.moves[:cut]))
            replay = load_game(path, game.name)
            assert snapshot(replay.states[-1]) == snapshot(run.states[cut])
            assert [str(m) for m in replay.moves] == [str(m) for m in run.moves[:cut]]


def check_playouts_return_a_winner(game: Game, runs: Runs, _: Path) -> None:
    for run in runs[:3]:
        for state in run.states[:: max(1, len(run.states) // 5)]:
            before = snapshot(state)
            winner = state.playout(random.Random(5))
            assert winner in (*game.sides, None), f"playout returned {winner!r}"
            assert state.playout(random.Random(5)) == winner, "playout is not seeded"
            assert snapshot(state) == before


def check_default_evaluator_names_a_winner(game: Game, runs: Runs, _: Path) -> None:
    evaluator = game.default_evaluator()
    for run in runs[:2]:
        for state in run.states[:: max(1, len(run.states) // 4)]:
            before = snapshot(state)
            winner = evaluator.evaluate(state, random.Random(6))
            named = winner.side if isinstance(winner, Lead) else winner
            assert named in (*game.sides, None), f"the evaluator returned {winner!r}"
            assert evaluator.evaluate(state, random.Random(6)) == winner, "not seeded"
            assert snapshot(state) == before


def check_agents_return_legal_moves(game: Game, runs: Runs, _: Path) -> None:
    agents = [
        RandomAgent(1),
        GreedyAgent(game, 2),
        MCTSAgent(game, seed=3, iterations=25, prior=1.0),
    ]
    for run in runs[:2]:
        for state in run.states[:-1][:: max(1, len(run.states) // 6)]:
            legal = state.legal_moves()
            for agent in agents:
                move = agent.choose(state)
                assert move in legal, f"{agent.name} chose {move}, not a legal move"
                assert str(move) in {str(m) for m in legal}


CHECKS: dict[str, Callable[[Game, Runs, Path], None]] = {
    "ends": check_games_end_with_a_consistent_winner,
    "legal-moves": check_legal_moves_unique_stable_non_empty,
    "immutable": check_play_never_changes_the_original,
    "move-text": check_move_texts_parse_back,
    "illegal": check_garbled_and_late_moves_are_illegal,
    "text": check_text_positions_round_trip,
    "saves": check_saved_games_load_back,
    "playout": check_playouts_return_a_winner,
    "evaluator": check_default_evaluator_names_a_winner,
    "agents": check_agents_return_legal_moves,
}


@pytest.mark.parametrize("check", list(CHECKS))
@pytest.mark.parametrize(("name", "options"), CASES)
def test_protocol(name: str, options: dict[str, Any], check: str, tmp_path: Path) -> None:
    game, runs = trajectories(name, json.dumps(options, sort_keys=True))
    CHECKS[check](game, runs, tmp_path)


def test_every_registered_game_takes_part() -> None:
    names = {param.values[0] for param in CASES}
    assert {"toy-hex", "toy-tictactoe"} <= names
    assert names == set(game_names())


# ---------------------------------------------------------------------- the checks can fail


class DuplicateMoves(TicTacToeState):
    def legal_moves(self) -> list[Move]:
        moves = super().legal_moves()
        return moves + moves[:1]


class MutatingPlay(TicTacToeState):
    def play(self, move: Move | str) -> State:
        after = super().play(move)
        self.cells = after.cells  # type: ignore[attr-defined]  # the bug under test
        return after


class WrongMoveText(TicTacToeState):
    def parse_move(self, text: str) -> Move:
        move = super().parse_move(text)
        assert isinstance(move, CellMove)
        return CellMove(move.index, 4) if move.index == 4 else move


class BadPlayout(TicTacToeState):
    def playout(self, rng: random.Random) -> str | None:
        return "nobody"


class NobodyWins:
    def evaluate(self, state: State, rng: random.Random, deadline: float = 0.0) -> str | None:
        return "nobody"


def broken_game(state_class: type[TicTacToeState], **overrides: Any) -> Game:
    game_class = type(f"Broken{state_class.__name__}", (ToyTicTacToe,), {})
    game_class.state_class = state_class
    for name, method in overrides.items():
        setattr(game_class, name, method)
    return game_class()


def always_x_to_move(self: ToyTicTacToe, text: str, to_move: str | None = None) -> State:
    return ToyTicTacToe.from_text(self, text, "x")


def greedy_takes_a_full_cell(self: ToyTicTacToe, state: State, rng: random.Random) -> Move:
    full = [i for i, c in enumerate(state.cells) if c != "."]  # type: ignore[attr-defined]
    return CellMove(full[0], 3) if full else state.legal_moves()[0]


@pytest.mark.parametrize(
    ("game", "check"),
    [
        pytest.param(broken_game(DuplicateMoves), "legal-moves", id="duplicate-moves"),
        pytest.param(broken_game(MutatingPlay), "immutable", id="mutating-play"),
        pytest.param(
            broken_game(TicTacToeState, from_text=always_x_to_move), "text", id="text-loses-mover"
        ),
        pytest.param(broken_game(WrongMoveText), "move-text", id="move-text"),
        pytest.param(broken_game(BadPlayout), "playout", id="bad-playout"),
        pytest.param(
            broken_game(TicTacToeState, default_evaluator=lambda self: NobodyWins()),
            "evaluator",
            id="bad-evaluator",
        ),
        pytest.param(
            broken_game(TicTacToeState, greedy_move=greedy_takes_a_full_cell),
            "agents",
            id="illegal-greedy",
        ),
    ],
)
def test_each_check_catches_a_broken_game(game: Game, check: str, tmp_path: Path) -> None:
    runs = random_games(game, count=3)
    with pytest.raises(AssertionError):
        CHECKS[check](game, runs, tmp_path)
