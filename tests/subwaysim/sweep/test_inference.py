"""Intervals and tests of a difference, against hand-worked values and scipy's own."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy import stats

from subwaysim.sweep.statistics.inference import (
    fisher_p,
    holm,
    mcnemar_p,
    paired_interval,
    wilcoxon_p,
)

RNG = np.random.default_rng(0)


def test_holm_by_hand() -> None:
    # m = 3: 0.01 x 3 = 0.03; 0.03 x 2 = 0.06; 0.04 x 1 = 0.04, raised to the 0.06 before it.
    adjusted = holm([0.01, 0.04, 0.03, math.nan])
    assert adjusted[:3] == pytest.approx([0.03, 0.06, 0.06])
    assert math.isnan(adjusted[3])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])  # capped at 1


def test_mcnemar_counts_only_the_games_won_under_one_setting() -> None:
    x = np.array([1, 1, 1, 0, 1, 0.0])
    y = np.array([0, 0, 0, 0, 1, 1.0])
    # Won only under x: 3; only under y: 1. Two-sided binomial of 3 of 4: (1 + 4 + 4 + 1) / 16.
    assert mcnemar_p(x, y) == pytest.approx(10 / 16)
    assert mcnemar_p(x, x) == 1.0


def test_wilcoxon_signed_rank_by_hand() -> None:
    # Five positive differences: only "all +" and "all -" are as extreme: 2 / 2**5.
    assert wilcoxon_p(np.array([1.0, 2, 3, 4, 5])) == pytest.approx(2 / 32)
    assert wilcoxon_p(np.array([0.0, 1, 2, 3, 4, 5])) == pytest.approx(2 / 32)  # 0 dropped
    assert wilcoxon_p(np.array([1.0, 1, 2, 2, 3])) == pytest.approx(2 / 32)  # ties too
    assert wilcoxon_p(-5 * np.ones(14)) == pytest.approx(2 / 2**14)  # no resampling floor
    # +1, -2, +3: positive rank sums 0..6 over 8 sign patterns; 4 (observed) and 2 are as far
    # from the centre 3 as it, with 0, 1, 5, 6 farther: 6 of 8 patterns.
    assert wilcoxon_p(np.array([1.0, -2, 3])) == pytest.approx(6 / 8)
    assert wilcoxon_p(np.zeros(6)) == 1.0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-4, 4), min_size=2, max_size=10))
def test_wilcoxon_matches_scipy_s_exhaustive_permutations(values: list[int]) -> None:
    d = np.array(values, dtype=float)
    nonzero = d[d != 0]
    assume(len(nonzero) >= 2)
    every_pattern = stats.PermutationMethod(n_resamples=2**10)  # >= 2**n: exhaustive
    expected = stats.wilcoxon(nonzero, method=every_pattern).pvalue
    assert wilcoxon_p(d) == pytest.approx(expected)


def test_fisher_exact_by_hand() -> None:
    # [[3, 1], [1, 3]]: tables as unlikely as 3 wins of 4 are 0, 1, 3, 4 wins: 34 / 70.
    assert fisher_p(np.array([1, 1, 1, 0.0]), np.array([0, 0, 0, 1.0])) == pytest.approx(34 / 70)


def test_paired_interval_brackets_the_mean_difference_and_repeats() -> None:
    x = np.array([5.0, 7, 6, 9, 8, 7])
    y = np.array([4.0, 5, 6, 6, 5, 6])
    low, high = paired_interval(x, y, np.random.default_rng(1))
    assert low < np.mean(x - y) < high
    assert (low, high) == paired_interval(x, y, np.random.default_rng(1))
    assert paired_interval(y + 2, y, RNG) == (2.0, 2.0)  # no spread, no resampling
