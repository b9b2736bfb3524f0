"""A search player's budget as a spec writes it: `mcts` (the default), `mcts:400`
(iterations) or `mcts:0.5s` (seconds of CPU time). Parsed here once, for scenario
validation, the CLI and the agent itself; no heavy imports, so checking a scenario does not
load the search."""

from __future__ import annotations

import re
from dataclasses import dataclass

ITERATIONS = 16  # the default budget per build phase, in playouts
MAX_ITERATIONS = 1_000_000  # an mcts:N budget (a move at 10**6 iterations takes minutes)
MAX_SECONDS = 600.0  # an mcts:Ns budget
SYNTAX = re.compile(r"^(\d+|\d+(\.\d+)?s)$")


@dataclass(frozen=True, slots=True)
class Budget:
    """Iterations or CPU seconds per build phase: exactly one is set."""

    iterations: int | None = ITERATIONS
    seconds: float | None = None


def parse_budget(name: str, budget: str) -> Budget:
    """`""` (the default), `"400"` iterations or `"0.5s"` seconds; ValueError naming the
    spec `name:budget` and the limits otherwise."""
    if not budget:
        return Budget()
    value = f"{name}:{budget}"
    if not SYNTAX.match(budget):
        raise ValueError(f"{value!r}: a budget is {name}:N iterations or {name}:Xs seconds")
    if budget.endswith("s"):
        if 0 < float(budget[:-1]) <= MAX_SECONDS:
            return Budget(iterations=None, seconds=float(budget[:-1]))
        raise ValueError(
            f"{value!r}: an {name} time budget is above 0 and at most {MAX_SECONDS:g}s"
        )
    if 0 < int(budget) <= MAX_ITERATIONS:
        return Budget(iterations=int(budget))
    raise ValueError(f"{value!r}: an {name} budget is 1 to {MAX_ITERATIONS:,} iterations")
