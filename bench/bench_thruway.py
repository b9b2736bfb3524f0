"""Thruway speed: compiled playouts and MCTS against OpenSpiel's C++ Hex, in one run.

Measured side by side (rounds interleaved, best of ROUNDS, CPU time of this process via
`time.process_time`, so other work on a shared machine disturbs the ratios less):
- Thruway 11 x 11 uniformly random playouts from the start: `State.playout` (one compiled
  playout per call, what the protocol offers), the kernel's N playouts per call
  (`kernel.playouts`), the plain-Python fast playout (`playout.random_playout`, the
  reference) and the protocol loop `state.play(rng.choice(state.legal_moves()))`;
- the yardstick, OpenSpiel's Hex 11 x 11 (`pyspiel`), whole random games driven by C++:
  `pyspiel.evaluate_bots` with two uniform random C++ bots;
- Thruway's judged 4-ply rollout (HORIZON; the default evaluator now judges at once,
  rollout.DEFAULT_DEPTH): the compiled one (`kernel_rollout.evaluate`) and the Python one
  (`Rollout(HORIZON, judge)`), and how often
  rollouts and uniform playouts end drawn (a draw teaches the search nothing);
- MCTS from the start with the same number of simulations per move: Thruway's compiled
  search (`MCTSAgent`, search.py) with the uniform playout (one random playout per leaf, as
  OpenSpiel's; plain UCT) and with its default evaluator (the graded judge at once, with
  greedy's move order near the root), against OpenSpiel's C++ `MCTSBot` with one
  random rollout per leaf (`RandomRolloutEvaluator(1)`).
The OpenSpiel lines are skipped with a clear line if `pyspiel` is not importable (`make
bench` installs open_spiel==2.0.2; it is not a project dependency).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np

import abstracts.thruway.arrays as arrays
import abstracts.thruway.kernel as kernel
import abstracts.thruway.kernel_rollout as kernel_rollout
from abstracts import get_game
from abstracts.evaluators import RandomPlayout
from abstracts.mcts import MCTSAgent
from abstracts.thruway import ThruwayState
from abstracts.thruway.playout import TraceEntry, random_playout
from abstracts.thruway.rollout import HORIZON, judged_rollout
from abstracts.thruway.search import POLICY

ROUNDS = 3
PLAYOUTS = 2000
BATCH = 2000  # kernel playouts per call
PYTHON_PLAYOUTS = 100
REFERENCE_PLAYOUTS = 10
ROLLOUTS = 20_000
PYTHON_ROLLOUTS = 300
DRAW_SAMPLES = 400
SIMULATIONS = 5000  # MCTS simulations per move, Thruway and Hex alike

Rates = dict[str, float]


def interleaved(runs: dict[str, Callable[[], int]]) -> Rates:
    """Best rate of each run over ROUNDS rounds, the runs taking turns within a round (so
    a burst of load elsewhere hits all of them alike). A run returns how many units it did."""
    best = dict.fromkeys(runs, 0.0)
    for _ in range(ROUNDS):
        for name, run in runs.items():
            start = time.process_time()
            done = run()
            best[name] = max(best[name], done / max(time.process_time() - start, 1e-9))
    return best


def state_playouts(state: ThruwayState) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(PLAYOUTS):
            state.playout(rng)
        return PLAYOUTS

    return run


def kernel_playouts(state: ThruwayState) -> Callable[[], int]:
    cell, s, _ = state.kernel_arrays()
    geo, seed = arrays.geometry(state.rules.geometry.size), [0]

    def run() -> int:
        seed[0] += 1
        kernel.playouts(cell, s, geo, seed[0], BATCH)
        return BATCH

    return run


def python_playouts(state: ThruwayState, count: int = PYTHON_PLAYOUTS) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            random_playout(state.rules, state.position(), rng)
        return count

    return run


def protocol_playouts(state: ThruwayState) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(REFERENCE_PLAYOUTS):
            s = state
            while not s.is_over:
                s = s.play(rng.choice(s.legal_moves()))
        return REFERENCE_PLAYOUTS

    return run


def compiled_rollouts(state: ThruwayState, depth: int = HORIZON) -> Callable[[], int]:
    """The search's leaf evaluation: copy the position's arrays, roll, judge."""
    root = state.kernel_arrays()
    geo = arrays.geometry(state.rules.geometry.size)
    out = np.empty(4 * int(geo[kernel.SIZE, 1]) + 1, dtype=np.int32)
    scratch, rng = kernel_rollout.new_scratch(geo), np.array([1], dtype=np.uint64)

    def run() -> int:
        for _ in range(ROLLOUTS):
            cell, s, w = (array.copy() for array in root)
            kernel_rollout.evaluate(cell, s, w, geo, rng, out, scratch, depth, POLICY)
        return ROLLOUTS

    return run


def python_rollouts(state: ThruwayState) -> Callable[[], int]:
    rng, evaluator = random.Random(1), judged_rollout()

    def run() -> int:
        for _ in range(PYTHON_ROLLOUTS):
            evaluator.evaluate(state, rng)
        return PYTHON_ROLLOUTS

    return run


def draw_share(play: Callable[[random.Random], str | None]) -> float:
    rng = random.Random(3)
    return sum(play(rng) is None for _ in range(DRAW_SAMPLES)) / DRAW_SAMPLES


def mean_plies(state: ThruwayState, count: int = 200) -> float:
    rng, plies = random.Random(2), 0
    for _ in range(count):
        trace: list[TraceEntry] = []
        random_playout(state.rules, state.position(), rng, trace)
        plies += len(trace)
    return plies / count


def middle_game(size: int, plies: int) -> ThruwayState:
    """A position `plies` greedy moves into a game (seeded), roads under way."""
    game = get_game("thruway", size=size)
    state, rng = game.initial_state(), random.Random(5)
    for _ in range(plies):
        state = state.play(game.greedy_move(state, rng))
    return state


def thruway_mcts(state: ThruwayState, uniform: bool) -> Callable[[], int]:
    """One move's search of SIMULATIONS iterations, without the greedy prior (as OpenSpiel)."""
    evaluator = RandomPlayout() if uniform else None
    agent = MCTSAgent(state.game, seed=0, iterations=SIMULATIONS, evaluator=evaluator, reuse=False)

    def run() -> int:
        agent.choose(state)
        return SIMULATIONS

    return run


def mcts_runs(state: ThruwayState) -> dict[str, Callable[[], int]]:
    return {"uniform": thruway_mcts(state, True), "default": thruway_mcts(state, False)}


def hex_runs() -> dict[str, Callable[[], int]]:
    """OpenSpiel Hex 11 x 11 driven by C++: random games, and MCTSBot's simulations."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return {}
    game = pyspiel.load_game("hex", {"board_size": 11})
    bots = [pyspiel.make_uniform_random_bot(0, 1), pyspiel.make_uniform_random_bot(1, 2)]
    seed = [0]

    def games() -> int:
        for _ in range(PLAYOUTS):
            seed[0] += 1
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed[0])
        return PLAYOUTS

    def mcts() -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(1, 3)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, SIMULATIONS, 1000, False, 3, False)
        bot.step(game.new_initial_state())
        return SIMULATIONS

    return {"hex games": games, "hex mcts": mcts}


def rollout_lines(label: str, state: ThruwayState) -> None:
    rates = interleaved({"compiled": compiled_rollouts(state), "python": python_rollouts(state)})
    drawn = draw_share(lambda rng: judged_rollout().evaluate(state, rng))
    uniform = draw_share(state.playout)
    print(f"  {label}:")
    print(
        f"    compiled rollouts {rates['compiled']:9.0f}/s  (kernel_rollout.py; "
        f"x{rates['compiled'] / rates['python']:.0f} the Python rollouts, {rates['python']:.0f}/s)"
    )
    print(f"    drawn results     {drawn:9.1%}   (uniform playouts to the end: {uniform:.1%})")


def playout_lines(state: ThruwayState, rates: Rates) -> None:
    plies = mean_plies(state)
    print(
        f"Thruway 11 x 11, uniform random playouts from the start ({plies:.1f} plies on average):"
    )
    for name, note in (
        ("state.playout", "one compiled playout per call"),
        ("kernel", f"kernel.playouts, {BATCH} per call"),
        ("python", "playout.py, the plain-Python reference"),
        ("protocol", "state.play(rng.choice(state.legal_moves()))"),
    ):
        print(f"  {name:14} {rates[name]:9.0f} playouts/s  ({note})")


def mcts_lines(size: int, rates: Rates) -> None:
    print(f"Thruway {size} x {size} MCTS from the start, {SIMULATIONS} iterations a move:")
    print(f"  uniform playouts    {rates['uniform']:9.0f} iterations/s")
    print(f"  graded judge        {rates['default']:9.0f} iterations/s  (the default evaluator)")


def main() -> None:
    state = get_game("thruway").initial_state()
    hex_ = hex_runs()
    runs: dict[str, Callable[[], int]] = {
        "state.playout": state_playouts(state),
        "kernel": kernel_playouts(state),
        **mcts_runs(state),
        **hex_,
    }
    rates = interleaved(runs)
    rates.update(
        interleaved({"python": python_playouts(state), "protocol": protocol_playouts(state)})
    )
    playout_lines(state, rates)
    mcts_lines(11, rates)
    small = get_game("thruway", size=7).initial_state()
    mcts_lines(
        7,
        interleaved({"uniform": thruway_mcts(small, True), "default": thruway_mcts(small, False)}),
    )
    print(f"Thruway's judged rollout ({HORIZON} plies, then the judge):")
    rollout_lines("7 x 7 from the start", small)
    rollout_lines("7 x 7, 20 greedy plies in", middle_game(7, 20))
    rollout_lines("11 x 11 from the start", state)
    if not hex_:
        print("OpenSpiel yardstick skipped: pyspiel is not importable (package open_spiel).")
        return
    print("OpenSpiel Hex 11 x 11, driven by C++ (same run):")
    print(f"  evaluate_bots, uniform random bots {rates['hex games']:9.0f} games/s")
    print(f"  MCTSBot, {SIMULATIONS} simulations       {rates['hex mcts']:9.0f} simulations/s")
    print("Ratios, Thruway 11 x 11 / Hex 11 x 11 C++ (same run):")
    for label, ours, theirs, goal in (
        ("State.playout playouts/s / games/s", "state.playout", "hex games", "(goal >= 1.5)"),
        ("MCTS iterations/s, uniform playouts", "uniform", "hex mcts", "(goal >= 1)"),
        ("MCTS iterations/s, default evaluator", "default", "hex mcts", ""),
    ):
        print(f"  {label:40} {rates[ours] / rates[theirs]:5.2f}  {goal}")


if __name__ == "__main__":
    main()
