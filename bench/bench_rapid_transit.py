"""Rapid Transit speed on 8 x 8: random playouts and MCTS iterations, against OpenSpiel's
Othello 8 x 8 random playouts measured in the same run.

- Rapid Transit random playouts per second from the initial position (standard rules):
  the game's playout (`state.playout`: each move drawn uniformly from the swap frame without
  listing the moves, then played through the State's one transition) and, as the
  in-process baseline, the protocol loop `state.play(rng.choice(state.legal_moves()))`;
  also the v1 rule set, whose random games run much longer;
- Rapid Transit MCTS iterations per second from the initial position (`abstracts.mcts`);
- the yardstick: OpenSpiel's Othello 8 x 8 random playouts, driven from Python
  (`legal_actions` / `apply_action` per ply), the same way a Python agent would use it.
  Skipped with a clear line if `pyspiel` is not importable: it is not a project
  dependency (`pip install open_spiel==2.0.2` in another venv, then put that venv's
  site-packages on PYTHONPATH to include it).
Rates use this process's CPU time (`time.process_time`), best of a few rounds, so other
work on a shared machine disturbs them less. Games differ in length, so plies per second
are shown next to playouts per second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from abstracts import get_game
from abstracts.mcts import MCTSAgent
from abstracts.rapid_transit import RapidTransitState

ROUNDS = 3
PLAYOUTS = 300
V1_PLAYOUTS = 30
REFERENCE_PLAYOUTS = 60
MCTS_SECONDS = 3.0


def best_rate(run: Callable[[], int]) -> float:
    """Best of ROUNDS rounds of `run()`, which returns how many units it did."""
    best = 0.0
    for _ in range(ROUNDS):
        start = time.process_time()
        done = run()
        best = max(best, done / max(time.process_time() - start, 1e-9))
    return best


def fast_playouts(state: RapidTransitState, count: int) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            state.playout(rng)
        return count

    return run


def reference_playouts(state: RapidTransitState, count: int) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            s = state
            while not s.is_over:
                s = s.play(rng.choice(s.legal_moves()))
        return count

    return run


def mean_plies(state: RapidTransitState, count: int) -> float:
    """Mean length of uniformly random games (the protocol loop, seeded)."""
    rng, plies = random.Random(2), 0
    for _ in range(count):
        s = state
        while not s.is_over:
            s = s.play(rng.choice(s.legal_moves()))
        plies += s.ply - state.ply
    return plies / count


def mcts_rate(state: RapidTransitState) -> float:
    agent = MCTSAgent(state.game, seed=0, seconds=MCTS_SECONDS, reuse=False)
    start = time.process_time()
    agent.choose(state)
    stats = agent.last_stats
    assert stats is not None
    return stats.iterations / (time.process_time() - start)


def othello_yardstick() -> tuple[float, float] | None:
    """(random playouts per second, mean plies) of OpenSpiel's Othello, or None."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("othello")
    rng = random.Random(1)
    plies = [0, 0]

    def playouts() -> int:
        for _ in range(PLAYOUTS):
            s = game.new_initial_state()
            while not s.is_terminal():
                s.apply_action(rng.choice(s.legal_actions()))
                plies[0] += 1
            plies[1] += 1
        return PLAYOUTS

    return best_rate(playouts), plies[0] / plies[1]


def main() -> None:
    state = get_game("rapid-transit").initial_state()
    v1 = get_game("rapid-transit", rules="v1", pie=False).initial_state()
    assert isinstance(state, RapidTransitState) and isinstance(v1, RapidTransitState)
    fast = best_rate(fast_playouts(state, PLAYOUTS))
    reference = best_rate(reference_playouts(state, REFERENCE_PLAYOUTS))
    plies = mean_plies(state, REFERENCE_PLAYOUTS)
    v1_fast = best_rate(fast_playouts(v1, V1_PLAYOUTS))
    v1_plies = mean_plies(v1, V1_PLAYOUTS)
    mcts = mcts_rate(state)
    print("Rapid Transit 8 x 8, from the initial position (CPU time, best of 3):")
    print(f"  standard random playouts/s   fast {fast:8.0f}   protocol loop {reference:8.0f}")
    print(f"    fast / protocol loop       {fast / reference:8.2f}x")
    print(f"    mean plies per game        {plies:8.1f}   plies/s (fast) {fast * plies:9.0f}")
    print(f"  v1 random playouts/s         fast {v1_fast:8.1f}   mean plies {v1_plies:.1f}")
    print(f"  MCTS iterations/s            {mcts:8.0f}   (abstracts.mcts, {MCTS_SECONDS:g} s)")
    yardstick = othello_yardstick()
    if yardstick is None:
        print("OpenSpiel Othello 8 x 8: skipped (pyspiel is not importable here)")
        return
    othello, othello_plies = yardstick
    print("OpenSpiel Othello 8 x 8 (pyspiel, driven from Python), same run:")
    print(f"  random playouts/s            {othello:8.0f}   mean plies {othello_plies:.1f}")
    print(f"  Rapid Transit / Othello      {fast / othello:8.2f}x playouts/s, "
          f"{fast * plies / (othello * othello_plies):.2f}x plies/s")  # fmt: skip


if __name__ == "__main__":
    main()
