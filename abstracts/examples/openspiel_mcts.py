"""OpenSpiel's MCTS plays one of our games against a uniformly random player.

    python -m abstracts.examples.openspiel_mcts
    python -m abstracts.examples.openspiel_mcts --game "python_thruway(size=7)" --simulations 300

Needs the `openspiel` extra. Everything here is plain OpenSpiel: load the game by its string,
search it with `open_spiel.python.algorithms.mcts`, read moves with `action_to_string`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from rich.console import Console

import abstracts.openspiel  # noqa: F401  (registers the python_* games with pyspiel)

DEFAULT_GAME = "python_rapid_transit(size=6)"


def bots(game: pyspiel.Game, simulations: int, seed: int, mcts_player: int) -> list[pyspiel.Bot]:
    """MCTS (random rollouts) in seat `mcts_player`, a uniform random player in the other."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=True)
    randomer = pyspiel.make_uniform_random_bot(1 - mcts_player, seed)
    return [searcher, randomer] if mcts_player == 0 else [randomer, searcher]


def play(game: pyspiel.Game, players: list[pyspiel.Bot], console: Console) -> pyspiel.State:
    """One game to the end, printing each move in the rules' move text."""
    state = game.new_initial_state()
    names = ["mcts" if isinstance(bot, mcts.MCTSBot) else "random" for bot in players]
    while not state.is_terminal():
        player = state.current_player()
        side = state.seated.state.to_move
        action = players[player].step(state)
        text = state.action_to_string(player, action)
        console.print(f"{state.move_number() + 1:3}. {side:<8} player {player} ({names[player]}): "
                      f"{text}")  # fmt: skip
        state.apply_action(action)
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help="an OpenSpiel game string")
    parser.add_argument("--simulations", type=int, default=200, help="MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=1, help="seeds both players")
    parser.add_argument("--mcts-player", type=int, choices=(0, 1), default=0)
    args = parser.parse_args(argv)
    console = Console(highlight=False, soft_wrap=True)  # long game strings stay one line
    game = pyspiel.load_game(args.game)
    console.print(f"{game}: {game.num_distinct_actions()} actions, "
                  f"observation {game.observation_tensor_shape()}")  # fmt: skip
    state = play(game, bots(game, args.simulations, args.seed, args.mcts_player), console)
    console.print(str(state))
    console.print(f"{state.seated.state.end_reason()} Returns: {state.returns()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
