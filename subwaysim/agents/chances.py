"""The chances a player reads from the cards in play, as compiled kernels (issue 28: one
call where numpy took a dozen on arrays of a few numbers).

- `square_weights_kernel`: P(a trip's origin, or destination, is square s): each deck's
  share of the copies naming the square (in play, SG-4, plus what populate brings, SG-6),
  multiplied over the decks (a trip draws one card of each deck, SG-8), normalised.
- `intensify_ratios`: those weights with one more copy of a card in play, over today's, for
  each of a phase's intensify builds in one call (SG-17, SG-16).
- `sample_kernel` (`drawn_squares` twice): origins and destinations drawn in proportion
  to those weights, counted (`outlook.TripSample.draw`), from uniform numbers drawn
  outside (the same `draws`).

Each gives the floats of its numpy reference (`outlook.square_weights_of`,
`outlook.TripSample.draw_reference`) bit for bit: the same operations in the same order,
sums as numpy's `sum` makes them (`pairwise_sum`, numpy's pairwise summation of a
contiguous run) and running sums as `cumsum` makes them. The tests check one against the
other.
"""

from __future__ import annotations

import numpy as np

from tabletop.compiled import kernel

BLOCK = 128  # numpy's pairwise summation block (PW_BLOCKSIZE)


@kernel
def block_sum(values, start, count):  # type: ignore[no-untyped-def]
    """numpy's sum of a run of at most a block (`pairwise_sum`): below 8 items one by one;
    else 8 running sums (item k into sum k mod 8 over the whole eights), combined as
    ((0+1)+(2+3))+((4+5)+(6+7)), then the rest one by one."""
    if count < 8:
        total = 0.0
        for k in range(start, start + count):
            total += values[k]
        return total
    r = values[start : start + 8].copy()
    k = 8
    while k < count - count % 8:
        for j in range(8):
            r[j] += values[start + k + j]
        k += 8
    total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    while k < count:
        total += values[start + k]
        k += 1
    return total


@kernel
def pairwise_sum(values, start, count):  # type: ignore[no-untyped-def]
    """The sum of `values[start:start + count]` as numpy's `sum` adds a contiguous float64
    run: a run of at most a block as `block_sum`; a longer one split in two halves (the
    first a multiple of 8 long), each summed so, and the two sums added. (The halving
    worked through a stack of runs, not by recursion: numba's cache keeps no recursion.)"""
    if count <= BLOCK:
        return block_sum(values, start, count)
    runs = np.empty((64, 3), np.int64)  # (start, count, 1 once split) of runs still open
    sums = np.empty(64)  # sums of the runs done, the first half's below the second's
    depth, done = 1, 0
    runs[0, 0], runs[0, 1], runs[0, 2] = start, count, 0
    while depth > 0:
        depth -= 1
        at, length, split = runs[depth, 0], runs[depth, 1], runs[depth, 2]
        if length <= BLOCK:
            sums[done] = block_sum(values, at, length)
            done += 1
        elif split:  # both halves summed: add them
            done -= 1
            sums[done - 1] = sums[done - 1] + sums[done]
        else:
            half = length // 2
            half -= half % 8
            runs[depth, 2] = 1  # (come back to add the halves)
            runs[depth + 1, 0], runs[depth + 1, 1], runs[depth + 1, 2] = at + half, length - half, 0
            runs[depth + 2, 0], runs[depth + 2, 1], runs[depth + 2, 2] = at, half, 0
            depth += 3
    return sums[0]


@kernel
def square_weights_kernel(  # type: ignore[no-untyped-def]
    columns, most, identities, offsets, supply, ahead, extra_deck, extra_identity
):
    """Each square's weight (see the module). `columns[i, s]`: the identity of deck i naming
    square s; `most[i]`: deck i's copies of each identity (max population); `supply`: every
    deck's supply piles end to end, deck i's at `offsets[i]:offsets[i + 1]`; `ahead`: the
    turns populate has to bring copies in (a deck of n identities brings each about
    ahead / n copies, at most what its pile holds); one more copy of identity
    `extra_identity` of deck `extra_deck` in play (intensify; -1: none)."""
    decks, size = columns.shape
    weights = np.empty(size)
    counts = np.empty(supply.shape[0] + 1)
    for i in range(decks):
        n = identities[i]
        coming = ahead / n
        for j in range(n):
            left = float(supply[offsets[i] + j])
            counts[j] = (most[i] - left) + min(left, coming)  # in play + coming (SG-4, SG-6)
        if i == extra_deck:
            counts[extra_identity] += 1.0
        total = pairwise_sum(counts, 0, n)
        for sq in range(size):
            share = counts[columns[i, sq]] / total if total else 1 / n
            weights[sq] = share if i == 0 else weights[sq] * share
    total = pairwise_sum(weights, 0, size)
    for sq in range(size):  # (no weight anywhere: 0 / 0, not a number, as numpy has it)
        weights[sq] = weights[sq] / total if total else np.nan
    return weights


@kernel
def intensify_ratios(  # type: ignore[no-untyped-def]
    columns, most, identities, offsets, supply, ahead, weights, extra_decks, extra_identities
):
    """(K, squares): row k the importance ratio of one more copy of identity
    `extra_identities[k]` of deck `extra_decks[k]` in play (SG-17 intensify, SG-16): the
    square weights so (`square_weights_kernel`, the same steps) over `weights`, square by
    square where the weight is positive, else 1 (numpy's `divide` where positive, into
    ones: the same floats as `intensify_ratios_reference`)."""
    size = columns.shape[1]
    out = np.empty((extra_decks.shape[0], size))
    for k in range(extra_decks.shape[0]):
        after = square_weights_kernel(
            columns, most, identities, offsets, supply, ahead, extra_decks[k], extra_identities[k]
        )
        for sq in range(size):
            out[k, sq] = after[sq] / weights[sq] if weights[sq] > 0 else 1.0
    return out


def intensify_ratios_reference(
    columns: np.ndarray,
    most: np.ndarray,
    identities: np.ndarray,
    offsets: np.ndarray,
    supply: np.ndarray,
    ahead: float,
    weights: np.ndarray,
    extra_decks: np.ndarray,
    extra_identities: np.ndarray,
) -> np.ndarray:
    """`intensify_ratios` one extra copy at a time, each ratio numpy's `divide`."""
    positive = weights > 0
    rows = []
    for deck, identity in zip(extra_decks.tolist(), extra_identities.tolist(), strict=True):
        after = square_weights_kernel(
            columns, most, identities, offsets, supply, ahead, deck, identity
        )
        rows.append(np.divide(after, weights, out=np.ones_like(after), where=positive))
    return np.array(rows, dtype=np.float64).reshape(len(rows), columns.shape[1])


@kernel
def drawn_squares(running, draws):  # type: ignore[no-untyped-def]
    """Squares drawn by weight, one a uniform number of `draws`: the square whose running
    weight (`running`, numpy's `cumsum` of the weights) first exceeds the number times the
    total (numpy's `searchsorted` on the right; the last square at most). The squares
    drawn, in order, and each one's share of the draws (its count / the draws)."""
    size = running.shape[0]
    whole = running[size - 1]
    counts = np.zeros(size, np.int64)
    for k in range(draws.shape[0]):
        at = draws[k] * whole
        low, high = 0, size  # the first index whose running weight exceeds `at`
        while low < high:
            middle = (low + high) // 2
            value = running[middle]
            if at < value or (value != value and at == at):  # (numpy's order: NaN last)
                high = middle
            else:
                low = middle + 1
        counts[min(low, size - 1)] += 1
    squares = np.flatnonzero(counts)
    return squares, counts[squares] / draws.shape[0]


@kernel
def sample_kernel(weights, first, second):  # type: ignore[no-untyped-def]
    """`drawn_squares` of `first`, then of `second`, on one running sum of `weights`."""
    running = np.cumsum(weights)
    origins, origin_shares = drawn_squares(running, first)
    destinations, destination_shares = drawn_squares(running, second)
    return origins, origin_shares, destinations, destination_shares


@kernel
def trips_to_come(turns, start, most, extra):  # type: ignore[no-untyped-def]
    """Trips the next `turns` turns bring (`outlook.trips_left`): turn k from now, queues of
    q = min(start + k, most) cards bring floor(q / 2) trips (two cards a trip, SG-7, SG-8)
    and `extra` more (SG-18); summed as numpy's `sum` adds them."""
    each = np.empty(turns)
    for k in range(1, turns + 1):
        each[k - 1] = np.floor(min(start + k, most) / 2) + extra
    return pairwise_sum(each, 0, turns)
