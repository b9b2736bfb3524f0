"""What one move of OpenSpiel's MCTSBot costs on the yardstick's four boards.

    python -m abstracts.yardstick_profile [--simulations 1000] [--moves 3] [--python-rollouts]
        [--profile]

For each board (Rapid Transit 8 x 8, Thruway 7 x 7 and 11 x 11, transit chess on `fantasy`)
the bot of the yardstick (`MCTSBot`, c = 2, `solve=True`) searches `--moves` positions of
one seeded random game (a few plies in, where a search costs the most) at `--simulations`
simulations, with the compiled rollouts (`CompiledRollout`) and, with `--python-rollouts`,
with OpenSpiel's own `RandomRolloutEvaluator` too. It prints the CPU seconds of a move
(`time.process_time`, so other work on the machine slows it little) and, with `--profile`,
the functions that took the most time in one move (cProfile), to find the hot calls of the
adapter (`abstracts/openspiel.py`). Needs the `openspiel` extra.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from rich.console import Console

BOARDS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Rapid Transit 8x8", "rapid-transit", {"size": 8}),
    ("Thruway 7x7", "thruway", {"size": 7}),
    ("Thruway 11x11", "thruway", {"size": 11}),
    ("transit chess fantasy", "transit-chess", {"map": "fantasy"}),
)
WARMUP = 4  # random plies before the first position searched


def positions(spiel_game: Any, count: int, seed: int) -> list[Any]:
    """`count` positions of one seeded random game, from WARMUP plies in."""
    rng, state, found = random.Random(seed), spiel_game.new_initial_state(), []
    for ply in range(WARMUP + count):
        if state.is_terminal():
            break
        if ply >= WARMUP:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


def bot_maker(spiel_game: Any, simulations: int, python: bool) -> Callable[[int], Any]:
    from open_spiel.python.algorithms import mcts

    from abstracts.yardstick import UCT_C
    from abstracts.yardstick_rollout import CompiledRollout

    def make(seed: int) -> Any:
        rng = np.random.RandomState(seed)
        evaluator = (
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
            if python
            else CompiledRollout(seed)
        )
        return mcts.MCTSBot(spiel_game, UCT_C, simulations, evaluator, solve=True, random_state=rng)

    return make


def fresh(state: Any) -> Any:
    """`state` replayed from a new start: a clone would share the adapter's lines and the
    results an earlier search worked out on them (abstracts/openspiel.py, `Line`)."""
    copy = state.get_game().new_initial_state()
    for action in state.history():
        copy.apply_action(action)
    return copy


def move_cost(make: Callable[[int], Any], states: list[Any]) -> float:
    """Mean CPU seconds of one search from each of `states`."""
    copies = [fresh(state) for state in states]
    start = time.process_time()
    for seed, state in enumerate(copies):
        make(seed).step(state)
    return (time.process_time() - start) / max(len(states), 1)


def hot_calls(make: Callable[[int], Any], state: Any, rows: int = 14) -> str:
    profile = cProfile.Profile()
    profile.runcall(make(0).step, fresh(state))
    text = io.StringIO()
    pstats.Stats(profile, stream=text).sort_stats("tottime").print_stats(rows)
    return text.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--python-rollouts", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    if args.simulations < 1 or args.moves < 1:
        parser.error("--simulations and --moves must be at least 1")
    from abstracts.openspiel import load_game

    console = Console(highlight=False, soft_wrap=True)
    for label, name, options in BOARDS:
        spiel_game = load_game(name, **options)
        states = positions(spiel_game, args.moves, args.seed)
        compiled = bot_maker(spiel_game, args.simulations, python=False)
        move_cost(compiled, states[:1])  # compile and load the kernels first
        line = f"{label}: compiled rollouts {move_cost(compiled, states):.3f} s a move"
        if args.python_rollouts:
            python = bot_maker(spiel_game, args.simulations, python=True)
            line += f", OpenSpiel's Python rollouts {move_cost(python, states):.3f} s a move"
        console.print(
            f"{line} (CPU, {args.simulations} simulations, {len(states)} positions)", markup=False
        )
        if args.profile:
            console.print(hot_calls(compiled, states[0]), markup=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
