"""The pieces both playout kernels share: the seeded draw is uniform and reproducible, and
RT-12's comparison of network sizes reads as the rule does."""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from abstracts.rapid_transit.compiled_rules import DRAW, U64, below, compare_sizes


def draws(seed: int, n: int, count: int) -> list[int]:
    state, out = U64(seed), []
    for _ in range(count):
        state, value = below(U64(state), n)
        out.append(int(value))
    return out


def test_below_is_uniform_and_in_range() -> None:
    for n in (1, 2, 7, 100):
        values = draws(seed=9, n=n, count=200 * n)
        counts = Counter(values)
        assert set(counts) == set(range(n))
        if n > 1:
            assert chisquare([counts[v] for v in range(n)]).pvalue > 1e-4


def test_below_reproduces_from_its_state() -> None:
    assert draws(seed=1, n=50, count=20) == draws(seed=1, n=50, count=20)
    assert draws(seed=1, n=50, count=20) != draws(seed=2, n=50, count=20)


def rt12(red: list[int], cyan: list[int]) -> int:
    """RT-12 read literally: sizes largest first, compared position by position; the
    first difference decides (larger wins); a missing entry counts as no network."""
    a, b = sorted(red, reverse=True), sorted(cyan, reverse=True)
    for x, y in zip(a + [0] * len(b), b + [0] * len(a), strict=True):
        if x != y:
            return 0 if x > y else 1
    return DRAW


def test_rt12_compares_largest_networks_first() -> None:
    assert compare_sizes(np.array([5, 3]), np.array([6, 1, 1])) == 1
    assert compare_sizes(np.array([4, 2, 2]), np.array([4, 2])) == 0  # 2 beats nothing
    assert compare_sizes(np.array([3, 1]), np.array([1, 3])) == DRAW


@settings(max_examples=200, deadline=None)
@given(
    red=st.lists(st.integers(1, 9), max_size=8),
    cyan=st.lists(st.integers(1, 9), max_size=8),
)
def test_compare_sizes_is_rt12(red: list[int], cyan: list[int]) -> None:
    got = compare_sizes(np.array(red, np.int64), np.array(cyan, np.int64))
    assert got == rt12(red, cyan)
