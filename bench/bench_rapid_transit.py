"""Rapid Transit speed: compiled random playouts and MCTS iterations, against OpenSpiel's
Othello 8 x 8 random games played by C++ in the same run.

- Rapid Transit random playouts per second from the initial position (standard rules):
  `state.playout(rng)` (one compiled playout per call, as MCTS's evaluator calls it), the
  N-per-call form (`playout.winners`), and, as the in-process baseline, the protocol loop
  `state.play(rng.choice(state.legal_moves()))`; also the v1 rule set, whose random games
  run much longer, and the cell-array kernel that boards past 8 x 8 use (on 8 x 8 here to
  compare it with the 64-bit one, and on 12 x 12);
- Rapid Transit MCTS iterations per second from the initial position (`abstracts.mcts`);
- the yardstick: OpenSpiel's Othello 8 x 8, whole random games played in C++
  (`pyspiel.evaluate_bots` with two uniform random C++ bots, one call a game). The issue's
  target is Rapid Transit's `state.playout` at >= 5x that. Skipped with a clear line if
  `pyspiel` is not importable (`make bench` installs open_spiel==2.0.2).
Rates use this process's CPU time (`time.process_time`), best of a few rounds, so other
work on a shared machine disturbs them less. The kernels are compiled (or loaded from
numba's cache) before timing. Games differ in length, so plies per second are shown too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from abstracts import get_game
from abstracts.mcts import MCTSAgent
from abstracts.rapid_transit import RapidTransitState
from abstracts.rapid_transit.playout import winners

ROUNDS = 3
PLAYOUTS = 3000
V1_PLAYOUTS = 500
CELL_PLAYOUTS = 300
REFERENCE_PLAYOUTS = 60
OTHELLO_GAMES = 600
MCTS_SECONDS = 3.0
TARGET = 5.0  # issue 19: state.playout >= 5x OpenSpiel Othello C++


def best_rate(run: Callable[[], int]) -> float:
    """Best of ROUNDS rounds of `run()`, which returns how many units it did."""
    best = 0.0
    for _ in range(ROUNDS):
        start = time.process_time()
        done = run()
        best = max(best, done / max(time.process_time() - start, 1e-9))
    return best


def state_playouts(state: RapidTransitState, count: int) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            state.playout(rng)
        return count

    return run


def batched_playouts(state: RapidTransitState, count: int, cells: bool) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        winners(state, count, rng, cells=cells)
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


def start(**options: object) -> RapidTransitState:
    state = get_game("rapid-transit", **options).initial_state()
    assert isinstance(state, RapidTransitState)
    winners(state, 1, random.Random(0))  # compile (or load) the kernels before timing
    winners(state, 1, random.Random(0), cells=True)
    return state


def othello_yardstick() -> tuple[float, float] | None:
    """(random games per second played by C++, mean plies) of OpenSpiel's Othello, or None."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("othello")
    bots = [pyspiel.make_uniform_random_bot(player, 100 + player) for player in (0, 1)]
    seeds = iter(range(10**9))

    def games() -> int:
        for _ in range(OTHELLO_GAMES):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seeds))
        return OTHELLO_GAMES

    rng, plies = random.Random(1), 0
    for _ in range(REFERENCE_PLAYOUTS):  # game length only: driven from Python
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            plies += 1
    return best_rate(games), plies / REFERENCE_PLAYOUTS


def main() -> None:
    state, v1 = start(), start(rules="v1", pie=False)
    big = start(size=12)
    single = best_rate(state_playouts(state, PLAYOUTS))
    batched = best_rate(batched_playouts(state, PLAYOUTS, cells=False))
    cells = best_rate(batched_playouts(state, CELL_PLAYOUTS, cells=True))
    reference = best_rate(reference_playouts(state, REFERENCE_PLAYOUTS))
    plies = mean_plies(state, REFERENCE_PLAYOUTS)
    v1_rate = best_rate(state_playouts(v1, V1_PLAYOUTS))
    v1_plies = mean_plies(v1, REFERENCE_PLAYOUTS // 2)
    big_rate = best_rate(state_playouts(big, CELL_PLAYOUTS // 3))
    mcts = mcts_rate(state)
    print("Rapid Transit 8 x 8, from the initial position (CPU time, best of 3):")
    print(f"  standard playouts/s  state.playout {single:8.0f}   {PLAYOUTS} a call {batched:8.0f}")
    speedup = single / reference
    print(f"    protocol loop       {reference:8.0f}   state.playout / loop {speedup:7.1f}x")
    print(f"    mean plies a game   {plies:8.1f}   plies/s (state.playout) {single * plies:9.0f}")
    print(f"    cell-array kernel   {cells:8.0f}   64-bit word / cells {batched / cells:8.1f}x")
    print(f"  v1 playouts/s        state.playout {v1_rate:8.0f}   mean plies {v1_plies:.1f}")
    print(f"  12 x 12 playouts/s   state.playout {big_rate:8.1f}   (cell-array kernel)")
    print(f"  MCTS iterations/s    {mcts:8.0f}   (abstracts.mcts, {MCTS_SECONDS:g} s)")
    yardstick = othello_yardstick()
    if yardstick is None:
        print("OpenSpiel Othello 8 x 8: skipped (pyspiel is not importable here)")
        return
    othello, othello_plies = yardstick
    ratio = single / othello
    print("OpenSpiel Othello 8 x 8, random games played in C++ (evaluate_bots), same run:")
    print(f"  random games/s       {othello:8.0f}   mean plies {othello_plies:.1f}")
    verdict = "met" if ratio >= TARGET else "NOT met"
    plies_ratio = single * plies / (othello * othello_plies)
    print(f"  Rapid Transit state.playout / Othello C++ {ratio:6.1f}x playouts/s "
          f"(target >= {TARGET:g}x: {verdict}), {plies_ratio:.1f}x plies/s")  # fmt: skip


if __name__ == "__main__":
    main()
