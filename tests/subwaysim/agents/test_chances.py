"""The compiled chances (`agents/chances.py`) against their numpy references, bit for bit:
numpy's summation, the trip sample drawn from the square weights (SG-8), and the square
weights themselves (SG-4, SG-6) on boards, decks and piles the bundled scenarios do not
have."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.agents.chances import (
    block_sum,
    intensify_ratios,
    intensify_ratios_reference,
    pairwise_sum,
    square_weights_kernel,
    trips_to_come,
)
from subwaysim.agents.outlook import TripSample


def test_sums_by_hand() -> None:
    """Below 8 items one by one: 1e16 + 1 + 1 loses both ones (1e16 + 1 is halfway between
    two doubles, 2 apart, and rounds to the even one, 1e16); from 8 items, running sums
    combined as ((0+1)+(2+3))+((4+5)+(6+7)): items 4 and 5 make 2 first, which survives."""
    assert pairwise_sum(np.array([1e16, 1.0, 1.0]), 0, 3) == 1e16
    eight = np.array([1e16, 0, 0, 0, 1.0, 1.0, 0, 0])
    assert pairwise_sum(eight, 0, 8) == 1e16 + 2 == eight.sum()
    assert block_sum(np.arange(10.0), 2, 3) == 2 + 3 + 4


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 700), st.integers(0, 5), st.integers(0, 2**32 - 1))
def test_sums_are_numpys(count: int, start: int, seed: int) -> None:
    """Runs below 8, up to a block (128) and split in halves, at any offset and of numbers
    of very different sizes (where the order of the additions shows in the last bits)."""
    rng = np.random.default_rng(seed)
    values = rng.random(start + count) * 10.0 ** rng.integers(-8, 8, start + count)
    assert pairwise_sum(values, start, count) == values[start:].sum()


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 300), st.integers(1, 60), st.booleans(), st.integers(0, 2**32 - 1))
def test_the_drawn_sample_is_numpys_draw_for_draw(
    squares: int, size: int, gaps: bool, seed: int
) -> None:
    """Any weights (squares of weight 0 among them: never drawn), any sample size."""
    rng = np.random.default_rng(seed)
    weights = rng.random(squares) ** 3
    if gaps:
        weights[rng.random(squares) < 0.5] = 0.0
    weights[rng.integers(squares)] += 0.1  # (a weight somewhere)
    drawn = TripSample.draw(weights, size, np.random.default_rng(seed))
    reference = TripSample.draw_reference(weights, size, np.random.default_rng(seed))
    for got, want in (
        (drawn.origins, reference.origins),
        (drawn.origin_weights, reference.origin_weights),
        (drawn.destinations, reference.destinations),
        (drawn.destination_weights, reference.destination_weights),
    ):
        assert got.dtype == want.dtype and got.tolist() == want.tolist()
    assert np.all(weights[drawn.origins] > 0) and np.all(weights[drawn.destinations] > 0)
    assert np.isclose(drawn.origin_weights.sum(), 1.0)
    assert np.isclose(drawn.destination_weights.sum(), 1.0)


def numpy_weights(
    columns: np.ndarray, most: list[int], supply: list[list[int]], ahead: float, extra: tuple
) -> np.ndarray:
    """`outlook.square_weights_of`'s steps on plain tables (the kernel's reference)."""
    with np.errstate(invalid="ignore"):  # (no weight anywhere: 0 / 0)
        return _numpy_weights(columns, most, supply, ahead, extra)


def _numpy_weights(
    columns: np.ndarray, most: list[int], supply: list[list[int]], ahead: float, extra: tuple
) -> np.ndarray:
    weights = np.ones(columns.shape[1])
    for i, piles in enumerate(supply):
        left = np.array(piles, dtype=float)
        counts = (most[i] - left) + np.minimum(left, ahead / len(piles))
        if extra[0] == i:
            counts[extra[1]] += 1
        total = counts.sum()
        share = counts / total if total else np.full(len(counts), 1 / len(counts))
        weights *= share[columns[i]]
    return weights / weights.sum()


@settings(max_examples=80, deadline=None)
@given(st.data(), st.integers(1, 4), st.integers(1, 400), st.integers(0, 2**32 - 1))
def test_the_square_weights_are_numpys(
    data: st.DataObject, decks: int, size: int, seed: int
) -> None:
    """Decks of 1 to 40 identities (sums below 8, in eights and beyond), piles from empty
    to full, boards of up to 400 squares (a weight sum split in halves), with and without
    one more copy in play; every pile empty (no copy to come) gives an even share."""
    rng = np.random.default_rng(seed)
    identities = [data.draw(st.integers(1, 40)) for _ in range(decks)]
    most = [data.draw(st.integers(1, 6)) for _ in range(decks)]
    supply = [rng.integers(0, m + 1, n).tolist() for m, n in zip(most, identities, strict=True)]
    if data.draw(st.booleans()):
        supply[0] = [most[0]] * identities[0]  # nothing of deck 0 in play yet
    columns = np.array([rng.integers(0, n, size) for n in identities], dtype=np.int64)
    ahead = data.draw(st.sampled_from([0.0, 0.5, 3.0, 17.25]))
    extra = (-1, -1)
    if data.draw(st.booleans()):
        deck = data.draw(st.integers(0, decks - 1))
        extra = (deck, data.draw(st.integers(0, identities[deck] - 1)))
    offsets = np.array([0, *np.cumsum(identities)], dtype=np.int64)
    got = square_weights_kernel(
        columns,
        np.array(most, dtype=np.int64),
        np.array(identities, dtype=np.int64),
        offsets,
        np.array([n for piles in supply for n in piles], dtype=np.int64),
        ahead,
        *extra,
    )
    want = numpy_weights(columns, most, supply, ahead, extra)
    if np.isnan(want).any():  # (no square named by a card with a share: 0 / 0 both ways)
        np.testing.assert_array_equal(got, want)
    else:
        assert got.tolist() == want.tolist()


def test_square_weights_by_hand() -> None:
    """Two decks on 4 squares. Deck 0 (2 identities, 2 copies each) has supply [2, 0]:
    counts 0 + min(2, 1 / 2) = 0.5 and 2 + 0 = 2, shares 0.2 and 0.8. Deck 1 (1 identity)
    is all in supply and nothing comes with 0 turns ahead: an even share, 1. Squares named
    by identities 0, 1, 1, 0 of deck 0 weigh 0.2, 0.8, 0.8, 0.2 over 2: 0.1, 0.4, 0.4, 0.1."""
    columns = np.array([[0, 1, 1, 0], [0, 0, 0, 0]], dtype=np.int64)
    args = (np.array([2, 3]), np.array([2, 1]), np.array([0, 2, 3]), np.array([2, 0, 3]))
    assert square_weights_kernel(columns, *args, 1.0, -1, -1).tolist() == [0.1, 0.4, 0.4, 0.1]
    # one more copy of identity 0 of deck 0 in play: counts 1.5 and 2, shares 3/7 and 4/7
    got = square_weights_kernel(columns, *args, 1.0, 0, 0)
    assert np.allclose(got, [3 / 14, 4 / 14, 4 / 14, 3 / 14])


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 600), st.integers(0, 80), st.integers(1, 120))
def test_the_trips_to_come_are_numpys(turns: int, start: int, most: int) -> None:
    """Horizons of a few turns to hundreds (sums below 8, in blocks and split in halves)."""
    queue = np.minimum(np.arange(start + 1, start + turns + 1), most)
    assert trips_to_come(turns, start, most, 0.8) == np.sum(np.floor(queue / 2) + 0.8)


def test_the_trips_to_come_by_hand() -> None:
    """Queues of 2, 3, 4, 4 cards (at most 4): 1 + 1 + 2 + 2 trips, 0.5 extra a turn: 8."""
    assert trips_to_come(4, 1, 4, 0.5) == 8.0


def test_a_weight_that_is_not_a_number_draws_as_numpy_does() -> None:
    """numpy orders NaN after every number: the running weights from a NaN on, and every
    draw once the total is NaN, land on the last square."""
    for weights in (np.array([1.0, np.nan, 2.0, 3.0]), np.array([1.0, 2.0, 3.0, np.nan])):
        drawn = TripSample.draw(weights, 7, np.random.default_rng(5))
        reference = TripSample.draw_reference(weights, 7, np.random.default_rng(5))
        assert drawn.origins.tolist() == reference.origins.tolist() == [3]
        assert drawn.destination_weights.tolist() == reference.destination_weights.tolist()


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(1, 3), st.integers(1, 200), st.integers(0, 2**32 - 1))
def test_the_intensify_ratios_are_numpys(
    data: st.DataObject, decks: int, size: int, seed: int
) -> None:
    """SG-17 intensify, SG-16: one call for every extra copy gives the rows of numpy's
    `divide` of each extra copy's square weights by today's (where positive, else 1), bit
    for bit; today's weights with zeros (a square no card names with a share) and none."""
    rng = np.random.default_rng(seed)
    identities = [data.draw(st.integers(1, 12)) for _ in range(decks)]
    most = np.array([data.draw(st.integers(1, 6)) for _ in range(decks)], dtype=np.int64)
    supply = np.concatenate(
        [rng.integers(0, m + 1, n) for m, n in zip(most.tolist(), identities, strict=True)]
    ).astype(np.int64)
    columns = np.array([rng.integers(0, n, size) for n in identities], dtype=np.int64)
    offsets = np.array([0, *np.cumsum(identities)], dtype=np.int64)
    tables = (columns, most, np.array(identities, dtype=np.int64), offsets, supply)
    ahead = data.draw(st.sampled_from([0.0, 0.5, 3.0, 17.25]))
    weights = square_weights_kernel(*tables, ahead, -1, -1)
    if data.draw(st.booleans()):
        weights[rng.integers(0, size, 1 + size // 3)] = 0.0
    count = data.draw(st.integers(0, 6))
    chosen_decks = rng.integers(0, decks, count)
    chosen = np.array([rng.integers(0, identities[i]) for i in chosen_decks], dtype=np.int64)
    args = (*tables, ahead, weights, chosen_decks.astype(np.int64), chosen)
    got, want = intensify_ratios(*args), intensify_ratios_reference(*args)
    assert got.shape == want.shape == (count, size)
    # (no weight anywhere after: 0 / 0, not a number, both ways)
    assert np.array_equal(got, want, equal_nan=True)


def test_intensify_ratios_by_hand() -> None:
    """`test_square_weights_by_hand`'s board: one more copy of identity 0 of deck 0 moves
    the weights from 0.1, 0.4, 0.4, 0.1 to 3/14, 4/14, 4/14, 3/14 (ratios 15/7 and 5/7);
    one more of identity 1 gives counts 0.5 and 3, shares 1/7 and 6/7 (ratios 5/7 and 15/14).
    A square of no weight today keeps ratio 1."""
    columns = np.array([[0, 1, 1, 0], [0, 0, 0, 0]], dtype=np.int64)
    args = (np.array([2, 3]), np.array([2, 1]), np.array([0, 2, 3]), np.array([2, 0, 3]))
    today = np.array([0.1, 0.4, 0.4, 0.0])
    got = intensify_ratios(columns, *args, 1.0, today, np.array([0, 0]), np.array([0, 1]))
    assert np.allclose(got, [[15 / 7, 5 / 7, 5 / 7, 1.0], [5 / 7, 15 / 14, 15 / 14, 1.0]])
    assert got[:, 3].tolist() == [1.0, 1.0]
