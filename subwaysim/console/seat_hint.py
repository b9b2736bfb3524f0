"""`hint` at the Subway seat: what the strong computer player (`mcts`) would build now.

The search is the `mcts` agent's own (sampled futures; it never sees the hidden order of a
deck), seeded from the game's seed and the turn, and budgeted in playouts, so the same
position gives the same hint.
"""

from __future__ import annotations

import random

from subwaysim.agents.mcts import ITERATIONS, MCTSAgent
from subwaysim.builds import Build
from subwaysim.state import GameState


def hint_plan(
    state: GameState, player: str, points: int, first: bool, seed: int = 0
) -> tuple[tuple[Build, ...], int]:
    """The builds `mcts` would make with `points` left, and the playouts it used."""
    rng = random.Random(f"hint:{seed}:{state.turn}:{points}:{first}")
    agent = MCTSAgent(player, rng, iterations=ITERATIONS)
    plan = agent.search(state.copy(), points, first)
    return plan, agent.stats.iterations
