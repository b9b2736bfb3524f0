"""MCTS speed per game: search iterations per second against bare playouts in the same run.

For each game (default options, from a position a few random plies in) four rates:
- reference: the generic move-by-move random playout (`State.playout` of the base class);
- fast: the game's own `playout(rng)`, the uniform random playout it makes fast;
- evaluations: the game's default evaluator (`Game.default_evaluator`), which MCTS calls
  once an iteration (the baseline MCTS cannot beat);
- mcts: full UCT iterations (select, expand, evaluate, back up) with a time budget; a game
  that offers a compiled search (`Game.compiled_search`, Thruway) runs it, marked
  `compiled`, with its own compiled evaluator, so its iterations can outpace the Python
  evaluations.
Ratios: fast / reference (what the game's playout buys), mcts / evaluations (the share of
an iteration's time spent evaluating: near 1 means the tree costs little).
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable

from abstracts.core import Game, State, game_names, get_game
from abstracts.mcts import MCTSAgent

SECONDS = 1.0  # per measured rate
OPENING_PLIES = 4  # random plies before measuring, so placement/opening phases are passed


def per_second(step: Callable[[], object], seconds: float = SECONDS) -> float:
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        step()
        done += 1
    return done / (time.perf_counter() - start)


def start_position(game: Game) -> State:
    rng = random.Random(0)
    state = game.initial_state()
    for _ in range(OPENING_PLIES):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def mcts_rate(game: Game, state: State) -> tuple[float, bool]:
    """Iterations per second, and whether the game's compiled search ran them."""
    agent = MCTSAgent(game, seed=1, seconds=SECONDS, reuse=False)
    agent.choose(state)
    stats = agent.last_stats
    assert stats is not None and stats.seconds > 0
    offer = getattr(game, "compiled_search", None)  # (optional: not every game has one)
    return stats.iterations / stats.seconds, offer is not None and offer(agent) is not None


def measure(name: str, game: Game) -> None:
    state = start_position(game)
    rng = random.Random(2)
    state.playout(rng)  # compile (or load) the game's kernels outside the timing
    game.default_evaluator().evaluate(state, rng)
    reference = per_second(lambda: State.playout(state, rng))
    fast = per_second(lambda: state.playout(rng))
    evaluator = game.default_evaluator()
    evaluations = per_second(lambda: evaluator.evaluate(state, rng))
    mcts, compiled = mcts_rate(game, state)
    options = game.options.model_dump(exclude_defaults=True) or "defaults"
    print(
        f"{name:15} {options!s:28} reference {reference:9.1f}/s  fast {fast:9.1f}/s "
        f"({fast / reference:5.1f}x)  {type(evaluator).__name__} {evaluations:9.1f}/s  "
        f"mcts {mcts:9.1f} it/s ({mcts / evaluations:4.2f} of evaluations)"
        + ("  compiled" if compiled else "")
    )


def cases() -> list[tuple[str, Game]]:
    found = [(name, get_game(name)) for name in game_names() if not name.startswith("toy-")]
    try:  # the toy game lives with the tests; run from the repository root to include it
        importlib.import_module("tests.abstracts.toy_game")
        found.append(("toy-hex", get_game("toy-hex", size=5)))
    except ModuleNotFoundError:
        pass
    return found


def main() -> None:
    for name, game in cases():
        measure(name, game)


if __name__ == "__main__":
    main()
