"""Is there a dominant strategy? The equilibrium and the flags of a strategy matrix.

The ladder (`subway match subway --agents A,B,..`) plays every pair of strategies; its win
matrix W (W[i, j]: i's win rate against j, a draw half a win, so W[i, j] + W[j, i] = 1) is
a symmetric zero-sum game with payoff W - 1/2. Its Nash equilibrium is the mix x of
strategies no strategy beats: maximise v subject to sum_i x_i (W[i, j] - 1/2) >= v for every
column j, sum x = 1, x >= 0 (a linear program, scipy's HiGHS). The game's value is 0, so
the equilibrium mix wins at least half its games against every strategy. A strategy the
equilibrium gives no weight is "not in the equilibrium": some mix of the others does at
least as well against everything.

Flags, from the games with their 95% Wilson intervals:
- **dominant**: its interval lies above 50% against every other strategy;
- **dominated** by B: against every opponent (A and B themselves included, where a
  strategy's rate against itself is 1/2) B does at least as well as A (B's rate is at
  least A's, or their intervals overlap) and against one B does better beyond the
  intervals (B's low end above A's high end).

Added to these (they stay as defined), when the games' action counts are given
(`sources.py`): **leans on A**, on a strategy in the equilibrium that spends far more of
its build points on action A (or takes far more of its points from A's SG-18 extra trips)
than the strategies outside the equilibrium: where a planted flaw's abusers carry the
equilibrium without any of them beating the rest beyond the intervals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from scipy.optimize import linprog

from subwaysim.sweep.statistics.stats import wilson_interval

if TYPE_CHECKING:
    from subwaysim.commands.ladder import Ladder
    from subwaysim.strategies.sources import ActionUse

IN_EQUILIBRIUM = 1e-6  # a weight above this is in the equilibrium


class EquilibriumError(ValueError):
    """A matrix the linear program cannot solve (it should not happen: every finite matrix
    game has an equilibrium)."""


def equilibrium(rates: np.ndarray) -> np.ndarray:
    """The equilibrium mix of the symmetric game whose row i wins `rates[i, j]` of its games
    against column j (see the module)."""
    w = np.asarray(rates, dtype=float)
    n = w.shape[0]
    if w.shape != (n, n) or n == 0:
        raise EquilibriumError(f"a strategy matrix is square, got shape {w.shape}")
    payoff = w - 0.5
    np.fill_diagonal(payoff, 0.0)
    # variables x_1..x_n, v: minimise -v; for every column j: v - sum_i x_i payoff[i, j] <= 0
    cost = np.zeros(n + 1)
    cost[-1] = -1.0
    upper = np.hstack([-payoff.T, np.ones((n, 1))])
    equal = np.hstack([np.ones((1, n)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * n + [(None, None)]
    fit = linprog(
        cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=[1.0], bounds=bounds, method="highs"
    )
    if not fit.success:
        raise EquilibriumError(f"the equilibrium's linear program failed: {fit.message}")
    x = np.clip(fit.x[:n], 0.0, None)
    x[x < IN_EQUILIBRIUM] = 0.0
    return x / x.sum()


@dataclass(frozen=True, slots=True)
class Rate:
    """A win rate (draws half) over `games`, with its 95% Wilson interval."""

    points: float
    games: int

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else math.nan

    def interval(self) -> tuple[float, float]:
        if not self.games:
            return (0.0, 1.0)
        return wilson_interval(round(self.points), self.games)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One strategy's line under the matrix."""

    name: str
    weight: float  # in the equilibrium
    field: Rate  # against every other strategy, its games added up
    dominant: bool
    dominated_by: tuple[str, ...]
    leans: tuple[str, ...] = ()  # "leans on A: ..." (`sources.leans`), when counts are given

    @property
    def in_equilibrium(self) -> bool:
        return self.weight > 0

    def flags(self) -> list[str]:
        out = []
        if self.dominant:
            out.append("dominant")
        if self.dominated_by:
            out.append("dominated by " + ", ".join(self.dominated_by))
        if not self.in_equilibrium:
            out.append("not in the equilibrium")
        out.extend(self.leans)
        return out


@dataclass(frozen=True)
class StrategyMatrix:
    """`points[i, j]`: what strategy i scored against j (a win 1, a draw 1/2) in
    `games[i, j]` games."""

    names: tuple[str, ...]
    points: np.ndarray
    games: np.ndarray

    def rate(self, i: int, j: int) -> Rate:
        if i == j:
            return Rate(0.5, 1)  # itself: even (its interval is the point 1/2, see `_span`)
        return Rate(float(self.points[i, j]), int(self.games[i, j]))

    def _span(self, i: int, j: int) -> tuple[float, float, float]:
        """(rate, low, high) of i against j; against itself exactly 1/2."""
        if i == j:
            return (0.5, 0.5, 0.5)
        r = self.rate(i, j)
        low, high = r.interval()
        return (r.rate if r.games else 0.5, low, high)

    def rates(self) -> np.ndarray:
        n = len(self.names)
        return np.array([[self._span(i, j)[0] for j in range(n)] for i in range(n)])

    def dominates(self, b: int, a: int) -> bool:
        """Whether b does at least as well as a against every strategy and better beyond
        the intervals against one (see the module)."""
        better = False
        for k in range(len(self.names)):
            rb, lb, hb = self._span(b, k)
            ra, la, ha = self._span(a, k)
            if rb < ra and not (lb <= ha and la <= hb):
                return False  # worse, beyond the intervals
            better = better or lb > ha
        return better

    def dominant(self, a: int) -> bool:
        others = [k for k in range(len(self.names)) if k != a]
        return bool(others) and all(self._span(a, k)[1] > 0.5 for k in others)

    def verdicts(self, uses: Mapping[str, ActionUse] | None = None) -> list[Verdict]:
        """Each strategy's line; with `uses` (each strategy's action counts over its games,
        `sources.py`) the equilibrium's strategies also get what they lean on."""
        weights = equilibrium(self.rates())
        n = len(self.names)
        leaning: dict[str, list[str]] = {}
        if uses is not None:
            from subwaysim.strategies.sources import leans

            found = leans(uses, dict(zip(self.names, weights.tolist(), strict=True)))
            leaning = {name: [lean.words() for lean in found[name]] for name in found}
        out = []
        for a in range(n):
            others = [k for k in range(n) if k != a]
            field = Rate(
                float(sum(self.points[a, k] for k in others)),
                int(sum(self.games[a, k] for k in others)),
            )
            by = tuple(self.names[b] for b in range(n) if b != a and self.dominates(b, a))
            out.append(
                Verdict(
                    self.names[a],
                    float(weights[a]),
                    field,
                    self.dominant(a),
                    by,
                    tuple(leaning.get(self.names[a], ())),
                )
            )
        return out

    @classmethod
    def of_ladder(cls, ladder: Ladder) -> StrategyMatrix:
        names = ladder.agents
        n = len(names)
        points, games = np.zeros((n, n)), np.zeros((n, n), dtype=int)
        for i, a in enumerate(names):
            for j, b in enumerate(names):
                if i != j:
                    points[i, j] = ladder.heads[a, b].points
                    games[i, j] = ladder.heads[a, b].games
        return cls(tuple(names), points, games)

    @classmethod
    def of_counts(
        cls, names: Sequence[str], points: Sequence[Sequence[float]], games: int
    ) -> StrategyMatrix:
        """A matrix of `games` games a pair (tests and hand-worked examples)."""
        p = np.asarray(points, dtype=float)
        g = np.full(p.shape, games, dtype=int)
        np.fill_diagonal(g, 0)
        return cls(tuple(names), p, g)
