"""Thruway speed: playouts, MCTS rollouts and iterations, against OpenSpiel's Hex.

Measured in one run:
- Thruway uniformly random playouts per second on 11 x 11 from the initial position: the
  fast playout (`random_playout`) and, as the in-process baseline, the protocol loop
  `state.play(rng.choice(state.legal_moves()))` it replaces;
- Thruway's default evaluator, the judged rollout (`Rollout(HORIZON, judge)`, rollout.py), on
  7 x 7 and 11 x 11, from the start and from a middle-game position: evaluations per
  second, against the same rollout without the check for a winning move (what that check
  costs) and against the greedy move the rollout does not call (`greedy_move`, what guided
  playouts would cost per ply); and how often rollouts and uniform playouts end drawn (a
  draw teaches the search nothing);
- Thruway MCTS iterations per second from the initial position (`abstracts.mcts`);
- the yardstick, OpenSpiel's Hex 11 x 11 (`pyspiel`): random playouts driven from Python
  (`legal_actions` / `apply_action` per ply) and its C++ `MCTSBot` at 1000 simulations with
  one random rollout per leaf. Skipped with a clear line if `pyspiel` is not importable
  (it is not a project dependency: `pip install open_spiel==2.0.2` in another venv and put
  its site-packages on PYTHONPATH to include it).
Rates use CPU time of this process (`time.process_time`), best of a few rounds, so other
work on a shared machine disturbs them less.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from abstracts import get_game
from abstracts.mcts import MCTSAgent
from abstracts.thruway import ThruwayState
from abstracts.thruway.playout import STRAY, TraceEntry, random_playout, run_playout
from abstracts.thruway.rollout import HORIZON, judge, judged_rollout

ROUNDS = 3
PLAYOUTS = 200
ROLLOUTS = 2000
DRAW_SAMPLES = 400
GREEDY_CALLS = 20
REFERENCE_PLAYOUTS = 20
MCTS_SECONDS = 3.0
HEX_SIMULATIONS = 1000


def best_rate(run: Callable[[], int]) -> float:
    """Best of ROUNDS rounds of `run()`, which returns how many units it did."""
    best = 0.0
    for _ in range(ROUNDS):
        start = time.process_time()
        done = run()
        best = max(best, done / max(time.process_time() - start, 1e-9))
    return best


def thruway_playouts(state: ThruwayState, count: int) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            random_playout(state.rules, state.position(), rng)
        return count

    return run


def rollouts(state: ThruwayState, count: int) -> Callable[[], int]:
    """Evaluations by the default evaluator, the judged rollout."""
    rng, evaluator = random.Random(1), judged_rollout()

    def run() -> int:
        for _ in range(count):
            evaluator.evaluate(state, rng)
        return count

    return run


def unchecked_rollouts(state: ThruwayState, count: int) -> Callable[[], int]:
    """The same rollout and judge without the winning-move check (decisive 0)."""
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            winner, reached = run_playout(
                state.rules, state.position(), rng, horizon=HORIZON, stray=STRAY, decisive=0
            )
            end = state.at(reached)
            if winner is None and not end.is_over:
                judge(end)
        return count

    return run


def greedy_calls(state: ThruwayState, count: int) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            state.game.greedy_move(state, rng)
        return count

    return run


def draw_share(play: Callable[[random.Random], str | None]) -> float:
    rng = random.Random(3)
    return sum(play(rng) is None for _ in range(DRAW_SAMPLES)) / DRAW_SAMPLES


def middle_game(size: int, plies: int) -> ThruwayState:
    """A position `plies` greedy moves into a game (seeded), roads under way."""
    game = get_game("thruway", size=size)
    state, rng = game.initial_state(), random.Random(5)
    for _ in range(plies):
        state = state.play(game.greedy_move(state, rng))
    return state


def rollout_report(label: str, state: ThruwayState) -> None:
    rate = best_rate(rollouts(state, ROLLOUTS))
    plain = best_rate(unchecked_rollouts(state, ROLLOUTS))
    greedy = best_rate(greedy_calls(state, GREEDY_CALLS))
    evaluator = judged_rollout()
    drawn = draw_share(lambda rng: evaluator.evaluate(state, rng))
    uniform = draw_share(state.playout)
    print(f"  {label}:")
    print(f"    rollouts          {rate:8.0f}/s  ({HORIZON} plies, winning-move check)")
    print(f"    without the check {plain:8.0f}/s  (baseline; the check costs x{plain / rate:.2f})")
    print(f"    greedy_move       {greedy:8.0f}/s  ({rate / greedy:.0f} rollouts per greedy move)")
    print(f"    drawn results     {drawn:8.1%}   (uniform playouts to the end: {uniform:.1%})")


def reference_playouts(state: ThruwayState, count: int) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        for _ in range(count):
            s = state
            while not s.is_over:
                s = s.play(rng.choice(s.legal_moves()))
        return count

    return run


def mean_plies(state: ThruwayState, count: int = 200) -> float:
    rng, plies = random.Random(2), 0
    for _ in range(count):
        trace: list[TraceEntry] = []
        random_playout(state.rules, state.position(), rng, trace)
        plies += len(trace)
    return plies / count


def mcts_rate(state: ThruwayState) -> float:
    agent = MCTSAgent(state.game, seed=0, seconds=MCTS_SECONDS, reuse=False)
    start = time.process_time()
    agent.choose(state)
    stats = agent.last_stats
    assert stats is not None
    return stats.iterations / (time.process_time() - start)


def hex_yardstick() -> dict[str, float] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hex", {"board_size": 11})
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

    def mcts() -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(1, 3)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, HEX_SIMULATIONS, 1000, False, 3, False)
        bot.step(game.new_initial_state())
        return HEX_SIMULATIONS

    return {
        "playouts": best_rate(playouts),
        "plies": plies[0] / plies[1],
        "mcts": best_rate(mcts),
    }


def main() -> None:
    state = get_game("thruway").initial_state()
    fast = best_rate(thruway_playouts(state, PLAYOUTS))
    reference = best_rate(reference_playouts(state, REFERENCE_PLAYOUTS))
    plies = mean_plies(state)
    print(f"Thruway 11 x 11, random playouts from the start ({plies:.1f} plies on average):")
    print(f"  fast playout        {fast:9.0f} playouts/s  {fast * plies:11.0f} plies/s")
    print(f"  protocol loop       {reference:9.0f} playouts/s  (baseline)")
    print(f"  speed-up            {fast / reference:9.1f} x")
    print("Thruway's default evaluator, the judged rollout (rollout.py):")
    rollout_report("7 x 7 from the start", get_game("thruway", size=7).initial_state())
    rollout_report("7 x 7, 20 greedy plies in", middle_game(7, 20))
    rollout_report("11 x 11 from the start", state)
    iterations = mcts_rate(state)
    print(f"Thruway 11 x 11, MCTS from the start: {iterations:.0f} iterations/s")
    small = get_game("thruway", size=7).initial_state()
    print(f"Thruway 7 x 7, MCTS from the start:   {mcts_rate(small):.0f} iterations/s")
    hex_rates = hex_yardstick()
    if hex_rates is None:
        print("OpenSpiel yardstick skipped: pyspiel is not importable (package open_spiel).")
        return
    hex_plies = hex_rates["plies"]
    print(f"OpenSpiel Hex 11 x 11 ({hex_plies:.1f} plies on average):")
    print(
        f"  Python-driven random playouts {hex_rates['playouts']:9.0f} playouts/s"
        f"  {hex_rates['playouts'] * hex_plies:11.0f} plies/s"
    )
    print(f"  C++ MCTSBot ({HEX_SIMULATIONS} simulations) {hex_rates['mcts']:9.0f} simulations/s")
    print("Ratios, Thruway / Hex:")
    print(f"  playouts/s          {fast / hex_rates['playouts']:6.2f}")
    print(f"  plies/s             {fast * plies / (hex_rates['playouts'] * hex_plies):6.2f}")
    print(f"  MCTS iterations/s   {iterations / hex_rates['mcts']:6.2f}")


if __name__ == "__main__":
    main()
