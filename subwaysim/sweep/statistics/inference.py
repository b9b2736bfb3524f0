"""Intervals and tests of a difference between two settings' games (scipy.stats).

Paired (common random numbers): a bootstrap of the mean per-game difference, Wilcoxon's
signed-rank test (exact, ties included), McNemar's exact test for wins. Unpaired
(`--independent`): a bootstrap of the difference in means, Mann-Whitney U, Fisher's exact
test. `holm` adjusts a family of p-values.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence

import numpy as np
from scipy import stats

CONFIDENCE = 0.95
RESAMPLES = 9999
EXACT_UP_TO = 400  # differences for which Wilcoxon's null is computed exactly
NAN = float("nan")


def paired_interval(x: np.ndarray, y: np.ndarray, rng: np.random.Generator) -> tuple[float, float]:
    """95% paired bootstrap (BCa) interval of mean(x - y)."""
    d = x - y
    if np.all(d == d[0]):  # no spread: every resample gives the same mean
        return float(d[0]), float(d[0])

    def mean_difference(a: np.ndarray, b: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.mean(a - b, axis=axis)

    return _bootstrap((x, y), mean_difference, True, rng)


def unpaired_interval(
    x: np.ndarray, y: np.ndarray, rng: np.random.Generator
) -> tuple[float, float]:
    """95% bootstrap (BCa) interval of mean(x) - mean(y), resampling each sample alone."""
    if np.all(x == x[0]) and np.all(y == y[0]):
        return float(x[0] - y[0]), float(x[0] - y[0])

    def difference(a: np.ndarray, b: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.mean(a, axis=axis) - np.mean(b, axis=axis)

    return _bootstrap((x, y), difference, False, rng)


def _bootstrap(
    data: tuple[np.ndarray, np.ndarray],
    statistic: Callable[..., np.ndarray],
    paired: bool,
    rng: np.random.Generator,
) -> tuple[float, float]:
    """BCa; where BCa is undefined (few distinct values), the percentile interval."""
    for method in ("BCa", "percentile"):
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # BCa's warning on degenerate data: handled below
            result = stats.bootstrap(
                data, statistic, n_resamples=RESAMPLES, paired=paired, vectorized=True,
                confidence_level=CONFIDENCE, method=method, rng=rng,
            )  # fmt: skip
        low, high = result.confidence_interval
        if math.isfinite(low) and math.isfinite(high):
            return float(low), float(high)
    return NAN, NAN


def wilcoxon_p(d: np.ndarray) -> float:
    """Two-sided Wilcoxon signed-rank p of paired differences (zeros dropped, as Wilcoxon
    did; tied sizes share their mean rank); 1 when every difference is 0.

    Exact under the test's null (each difference's sign + or - with probability 1/2, ties
    kept), from the distribution of the positive ranks' sum, built one rank at a time.
    scipy's own exact method assumes no ties, and its permutation method resamples (slow,
    and its p-values cannot go below about 1/10,000, too coarse for Holm over a whole
    report); beyond `EXACT_UP_TO` differences its normal approximation is accurate.
    """
    nonzero = d[d != 0]
    n = len(nonzero)
    if n == 0:
        return 1.0
    if n > EXACT_UP_TO:
        return float(stats.wilcoxon(nonzero, method="asymptotic").pvalue)
    doubled = np.rint(2 * stats.rankdata(np.abs(nonzero))).astype(np.int64)  # mean ranks x 2
    chances = np.zeros(int(doubled.sum()) + 1)
    chances[0] = 1.0
    for rank in doubled:  # each rank joins the positive sum, or not, with probability 1/2
        chances[rank:] = (chances[rank:] + chances[:-rank]) / 2
        chances[:rank] /= 2
    centre = doubled.sum() / 2
    observed = abs(doubled[nonzero > 0].sum() - centre)
    sums = np.arange(len(chances))
    return float(min(1.0, chances[np.abs(sums - centre) >= observed - 1e-9].sum()))


def mcnemar_p(x: np.ndarray, y: np.ndarray) -> float:
    """McNemar's exact test: the games won only under the setting among those won under
    exactly one of the two, against 1/2 (exact binomial); 1 when there are none."""
    only_setting = int(np.sum((x == 1) & (y == 0)))
    only_baseline = int(np.sum((x == 0) & (y == 1)))
    discordant = only_setting + only_baseline
    if discordant == 0:
        return 1.0
    return float(stats.binomtest(only_setting, discordant, 0.5).pvalue)


def mann_whitney_p(x: np.ndarray, y: np.ndarray) -> float:
    if np.all(x == x[0]) and np.all(y == x[0]):
        return 1.0
    return float(stats.mannwhitneyu(x, y, alternative="two-sided").pvalue)


def fisher_p(x: np.ndarray, y: np.ndarray) -> float:
    wins_x, wins_y = int(x.sum()), int(y.sum())
    table = [[wins_x, len(x) - wins_x], [wins_y, len(y) - wins_y]]
    return float(stats.fisher_exact(table).pvalue)


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of the finite p-values (NaN stays NaN)."""
    order = sorted((p, i) for i, p in enumerate(ps) if not math.isnan(p))
    m = len(order)
    adjusted = [NAN] * len(ps)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted
