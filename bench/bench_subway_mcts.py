"""The Subway Game's strong player (`mcts` at its default budget): its cost in greedy games.

One run, one process, so every figure is a ratio that holds on a loaded machine:
- a greedy-vs-greedy classic game, cut to `ROUNDS` rounds a player (CPU seconds);
- the same game with `mcts` (default budget) in the first seat: CPU seconds, its ratio to
  the greedy game, the search's share of it, its playouts and their rate;
- the cost of a whole classic game (both seats), scaled from the cut game by the ratio of
  whole to cut greedy games (later turns cost more, for both players alike).
"""

from __future__ import annotations

import random
import time

from subwaysim.agents.greedy import GreedyAgent
from subwaysim.agents.mcts import MCTSAgent
from subwaysim.engine import Game
from subwaysim.scenario import load_scenario

ROUNDS = 10  # rounds a player of the measured games
SEEDS = range(1, 3)


def cpu_of(scenario_rounds: int | None, mcts: bool, seed: int) -> tuple[float, MCTSAgent | None]:
    """CPU seconds of one classic game (IRT mcts when `mcts`), and the mcts agent."""
    overrides = [f"end.turns={scenario_rounds}"] if scenario_rounds else []
    scenario = load_scenario("scenarios/classic.yaml", overrides)
    agents = {p: GreedyAgent(p, random.Random(f"{seed}:{p}")) for p in scenario.player_names}
    searcher = None
    if mcts:
        searcher = MCTSAgent("IRT", random.Random(f"{seed}:IRT"))
        agents["IRT"] = searcher
    start = time.process_time()
    Game(scenario, seed, agents=agents).run()
    return time.process_time() - start, searcher


def main() -> None:
    cpu_of(2, True, 0)  # compile (or load) the kernels outside the timing
    greedy_cut = sum(cpu_of(ROUNDS, False, s)[0] for s in SEEDS) / len(SEEDS)
    greedy_whole = sum(cpu_of(None, False, s)[0] for s in SEEDS) / len(SEEDS)
    mcts_cut, searched, playouts = 0.0, 0.0, 0
    for seed in SEEDS:
        seconds, agent = cpu_of(ROUNDS, True, seed)
        assert agent is not None
        mcts_cut += seconds / len(SEEDS)
        searched += agent.searched_seconds / len(SEEDS)
        playouts += agent.playouts
    ratio = mcts_cut / greedy_cut
    whole = ratio * greedy_whole
    print(
        f"classic, {ROUNDS} rounds: greedy game {greedy_cut:.3f} s CPU; mcts (IRT) vs greedy "
        f"{mcts_cut:.2f} s = {ratio:.1f} greedy games (search {searched / mcts_cut:.0%} of it, "
        f"{playouts / len(SEEDS):.0f} playouts a game, "
        f"{playouts / len(SEEDS) / max(searched, 1e-9):.0f}/s)"
    )
    print(
        f"whole classic game (30 rounds): greedy {greedy_whole:.3f} s; mcts vs greedy about "
        f"{whole:.2f} s CPU, both seats (scaled by the greedy games' ratio)"
    )


if __name__ == "__main__":
    main()
