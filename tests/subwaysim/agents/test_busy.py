"""The busy squares greedy lays lines to (issue 28): the compiled steps (`busy.py`) pick
the squares numpy's steps pick (`plans.busy_squares_reference`: Efraimidis-Spirakis keys,
largest first, ties by square), from the same draws, by hand and on many weightings."""

from __future__ import annotations

import numpy as np
import pytest

from subwaysim.agents.busy import FLOOR, exponents, heaviest
from subwaysim.agents.plans import FULL, Breadth, busy_squares, busy_squares_reference


def reference_heaviest(powered: np.ndarray, weights: np.ndarray, count: int) -> list[int]:
    keys = np.where(weights > 0, powered, 0.0)
    return np.argsort(-keys, kind="stable")[:count].tolist()


def test_heaviest_by_hand() -> None:
    """Keys 0.5, 0.9, 0.5, 0.7 and a 0.8 whose weight is 0 (its key counts 0): the largest
    first, the two 0.5s by square; the zero-weight square last."""
    powered = np.array([0.5, 0.9, 0.5, 0.7, 0.8])
    weights = np.array([1.0, 1.0, 2.0, 1.0, 0.0])
    assert heaviest(powered, weights, 3).tolist() == [1, 3, 0]
    assert heaviest(powered, weights, 9).tolist() == [1, 3, 0, 2, 4]
    assert heaviest(powered, weights, 0).tolist() == []


def test_exponents_divide_as_numpy_does() -> None:
    weights = np.array([0.0, 1e-310, FLOOR, 3e-300, 0.1, 1 / 3, 1.0, 7.25, 1e300])
    want = 1 / np.maximum(weights, FLOOR)
    assert exponents(weights).tobytes() == want.tobytes()
    chance = np.random.default_rng(1)
    weights = chance.random(500) ** 3
    assert exponents(weights).tobytes() == (1 / np.maximum(weights, FLOOR)).tobytes()


@pytest.mark.parametrize("seed", range(6))
def test_heaviest_is_argsorts_order_with_ties_and_zeros(seed: int) -> None:
    chance = np.random.default_rng(seed)
    for size in (1, 5, 18, 144, 300):
        powered = chance.integers(0, 6, size) / 5.0  # many ties, zeros among them
        weights = chance.integers(0, 3, size).astype(np.float64)  # a third weigh nothing
        for count in (1, 6, 18, size + 3):
            want = reference_heaviest(powered, weights, count)
            assert heaviest(powered, weights, count).tolist() == want


@pytest.mark.parametrize("seed", range(4))
def test_busy_squares_draw_what_numpy_draws(seed: int) -> None:
    """Early-game weights (every square alike), real-looking ones, and boards where only a
    few squares weigh anything: the same squares, and the same draws used."""
    chance = np.random.default_rng(seed)
    weightings = [
        np.full(144, 1 / 144),
        chance.random(144) / 50,
        np.where(chance.random(144) < 0.05, chance.random(144), 0.0),
        np.zeros(144),
    ]
    for weights in weightings:
        for breadth in (FULL, Breadth(targets=2)):
            draws, twin = np.random.default_rng(seed + 10), np.random.default_rng(seed + 10)
            got = busy_squares(weights, draws, breadth)
            assert got == busy_squares_reference(weights, twin, breadth)
            assert draws.random() == twin.random()
