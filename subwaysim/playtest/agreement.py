"""Where two kinds of players disagree: a rule changes the game differently for them.

For one setting and one measure, each kind of player gives its paired per-game
differences from the baseline (game k of the setting minus game k of the draft's rule,
common random numbers). The two kinds *disagree* when
- both detect the difference (compare.csv's call) and with opposite signs, or
- their per-game differences are told apart by an exact permutation test of the
  difference in means (two-sided, `scipy.stats.permutation_test`: every split of the
  pooled differences when there are few enough, else 9,999 seeded resamples; exact on
  heavily tied data, where a rank test's normal approximation is not), its p
  Holm-adjusted over every setting and measure of the part, below 0.05.
So a few search games with a narrow bootstrap interval do not make a disagreement on
their own: the test weighs how many games each kind played.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

from subwaysim.playtest.results import SIGNIFICANCE, Comparison, PartResult
from subwaysim.sweep.statistics.compare import metrics as metric_table
from subwaysim.sweep.statistics.inference import holm

MIN_GAMES = 2  # paired games each kind needs for the test
RESAMPLES = 9999


def permutation_p(x: np.ndarray, y: np.ndarray, label: str = "") -> float:
    """Two-sided permutation test of mean(x) - mean(y) (1 when nothing varies); exact when
    the splits number at most RESAMPLES, else seeded by `label` (the same report twice)."""
    if np.all(x == x[0]) and np.all(y == x[0]):
        return 1.0

    def mean_difference(a: np.ndarray, b: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.mean(a, axis=axis) - np.mean(b, axis=axis)

    seed = int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "little")
    result = stats.permutation_test(
        (x, y), mean_difference, permutation_type="independent", vectorized=True,
        n_resamples=RESAMPLES, alternative="two-sided", rng=np.random.default_rng(seed),
    )  # fmt: skip
    return float(min(1.0, result.pvalue))


@dataclass(frozen=True, slots=True)
class Split:
    """One disagreement: `value` changes `metric` by `a` for one kind and `b` for the other."""

    value: str
    metric: str
    a: Comparison
    b: Comparison
    p_adjusted: float  # the Mann-Whitney test's, Holm-adjusted (NaN: not tested)


def paired_differences(result: PartResult, value: str, metric: str) -> np.ndarray:
    """Game k of `value` minus game k of the baseline, over the games both have."""
    measure = metric_table(result.records).get(result.metric_name(metric))
    if measure is None:
        return np.array([])
    value_of = measure[0]
    base = {r.game: value_of(r) for r in result.games(result.part.baseline)}
    pairs = [value_of(r) - base[r.game] for r in result.games(value) if r.game in base]
    return np.array([d for d in pairs if not math.isnan(d)], dtype=float)


def splits(reference: PartResult, other: PartResult, metrics: Sequence[str]) -> list[Split]:
    """Every disagreement of the two kinds on the part's settings and `metrics`."""
    cases, ps = [], []
    for value in reference.values[1:]:
        for metric in metrics:
            a, b = reference.compared(value, metric), other.compared(value, metric)
            if a is None or b is None or not (a.known and b.known):
                continue
            x = paired_differences(reference, value, metric)
            y = paired_differences(other, value, metric)
            tested = len(x) >= MIN_GAMES and len(y) >= MIN_GAMES
            cases.append((value, metric, a, b))
            ps.append(permutation_p(x, y, f"{value}|{metric}") if tested else math.nan)
    adjusted = holm(ps)
    return [
        Split(value, metric, a, b, p)
        for (value, metric, a, b), p in zip(cases, adjusted, strict=True)
        if _opposite(a, b) or p < SIGNIFICANCE
    ]


def _opposite(a: Comparison, b: Comparison) -> bool:
    return a.significant and b.significant and (a.difference > 0) != (b.difference > 0)
