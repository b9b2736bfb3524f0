"""OpenSpiel's random-rollout evaluator, its rollouts played by our compiled playouts.

`CompiledRollout` is an `open_spiel.python.algorithms.mcts.Evaluator` for `MCTSBot` over our
OpenSpiel adapter (`abstracts/openspiel.py`). It does what OpenSpiel's
`RandomRolloutEvaluator(n_rollouts=1)` does, and its results have the same distribution:

- `evaluate(state)`: from the leaf, uniformly random legal moves to the end of the game, and
  the returns there (+1 / -1 by player, 0 each for a draw);
- `prior(state)`: every legal action with the same weight (OpenSpiel's own `prior`).

Only where the moves are drawn differs: OpenSpiel's evaluator clones the adapter's state and
applies actions one by one through Python (every ply a `legal_actions`, `apply_action`,
`is_terminal`), ours plays the same uniform game in the games' compiled playouts
(`abstracts/yardstick_playouts.py`). A legal action is one legal move, so drawing uniformly
among moves is drawing uniformly among actions. While a seat swap may still come (the pie
rule, RT-13, TW-11) the moves are drawn in Python through `Seated.play`, which trades the
players' sides as the adapter does; from there the compiled playout names the winning side,
and the returns go to the player holding it. The evaluator draws from its own
`random.Random(seed)`, so a seeded bot searches the same tree every time.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from abstracts.encoding import Seated
from abstracts.yardstick_playouts import compiled_playout


def rollout_returns(seated: Seated, rng: random.Random) -> tuple[float, float]:
    """The players' returns at the end of one uniformly random game from `seated`."""
    game = seated.state.game
    while not seated.state.is_over and game.seat_swap_ahead(seated.state):
        seated = seated.play(rng.choice(seated.state.legal_moves()))  # RT-13, TW-11
    if seated.state.is_over:
        return seated.returns()
    winner = compiled_playout(seated.state, rng)
    if winner is None:
        return 0.0, 0.0
    return (1.0, -1.0) if seated.seats[0] == winner else (-1.0, 1.0)


class CompiledRollout(mcts.Evaluator):
    """`RandomRolloutEvaluator(n_rollouts=1)` with the rollout in compiled code (see the
    module); `seed` seeds its random stream."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def evaluate(self, state: Any) -> np.ndarray:
        """The returns of one uniformly random game from `state` to its end."""
        return np.array(rollout_returns(state.seated, self._rng))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Equal weights for every legal action (OpenSpiel's random-rollout prior)."""
        prior: list[tuple[int, float]] = mcts.RandomRolloutEvaluator.prior(self, state)
        return prior
