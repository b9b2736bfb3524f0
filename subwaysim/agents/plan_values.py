"""A phase's plans valued from one compiled call's points, with no Python object a plan.

`variants.plans_points_flat` hands back every plan's (O + E, D + E, P) points end to end.
Two kernels read them where they lie:

- `sample_blocks`: the sampled (O, D, P) block of each valid plan, stacked; the worths are
  then the same numpy products `Valuation.values` makes (the same array, so the same sums
  bit for bit);
- `extra_trip_worths`: each plan's SG-18 extra trips, the k-th from its k-th start to the
  k-th queue head, each worth own points minus a share of the best rival's, summed in
  order (the scalar steps `outlook.extra_trips` takes, so the same floats). A plan with more
  starts than known heads is marked;
- `rows_past_heads`: those trips past the queues, which go to sampled destinations: their
  rows stacked, for the numpy product `Valuation.trip_from` makes.

- `plan_sums`: the first two in one call, the plans' extra squares, starts and the queue
  heads read from one table of integers (what `Valuation.plan_values` hands over).

Their plain-Python twins (`*_reference`) are what the tests hold them to.
"""

from __future__ import annotations

import numpy as np

from tabletop.compiled import kernel


@kernel
def sample_blocks(points, offsets, valid, extra_offsets, o, d, players):  # type: ignore[no-untyped-def]
    """(M, O, D * P): the first O rows and D columns of each valid plan's points (plan i's
    at offsets[i], shaped (O + E_i, D + E_i, P), E_i = its extra squares), in plan order."""
    count = 0
    for i in range(len(valid)):
        count += valid[i]
    out = np.empty((count, o, d * players))
    m = 0
    for i in range(len(valid)):
        if not valid[i]:
            continue
        cols = d + extra_offsets[i + 1] - extra_offsets[i]
        at = offsets[i]
        for r in range(o):
            start = at + r * cols * players
            out[m, r, :] = points[start : start + d * players]
        m += 1
    return out


def sample_blocks_reference(
    points: np.ndarray,
    offsets: np.ndarray,
    valid: np.ndarray,
    extra_offsets: np.ndarray,
    o: int,
    d: int,
    players: int,
) -> np.ndarray:
    """`sample_blocks` by numpy slicing, plan by plan."""
    blocks = []
    for i in range(len(valid)):
        if valid[i]:
            e = int(extra_offsets[i + 1] - extra_offsets[i])
            whole = points[offsets[i] : offsets[i + 1]].reshape(o + e, d + e, players)
            blocks.append(whole[:o, :d].reshape(o, d * players))
    return np.array(blocks, dtype=np.float64).reshape(len(blocks), o, d * players)


@kernel
def _position(squares, square):  # type: ignore[no-untyped-def]
    """Where `square` first stands in `squares` (-1: nowhere)."""
    for k in range(len(squares)):
        if squares[k] == square:
            return k
    return -1


@kernel
def extra_trip_worths(  # type: ignore[no-untyped-def]
    points,
    offsets,
    valid,
    extras,
    extra_offsets,
    starts,
    start_offsets,
    heads,
    o,
    d,
    players,
    seat,
    rivals,
    rival_weight,
):
    """(the worth of each plan's SG-18 extra trips to the queue heads, whether any plan has
    starts past the heads). Plan i's extra squares are extras[extra_offsets[i]:...], its
    starts starts[start_offsets[i]:...] (each among its extra squares, as is each head)."""
    plans = len(valid)
    worths = np.zeros(plans)
    beyond = False
    for i in range(plans):
        if not valid[i]:
            continue
        own = extras[extra_offsets[i] : extra_offsets[i + 1]]
        cols = d + len(own)
        total = 0.0
        for k in range(start_offsets[i + 1] - start_offsets[i]):
            if k >= len(heads):
                beyond = True
                break
            row = o + _position(own, starts[start_offsets[i] + k])
            column = d + _position(own, heads[k])
            at = offsets[i] + (row * cols + column) * players
            rival = 0.0
            for r in range(len(rivals)):
                value = points[at + rivals[r]]
                if r == 0 or value > rival:
                    rival = value
            total += points[at + seat] - rival_weight * rival
        worths[i] = total
    return worths, beyond


@kernel
def rows_past_heads(  # type: ignore[no-untyped-def]
    points, offsets, valid, extras, extra_offsets, starts, start_offsets, heads, o, d, players
):
    """The SG-18 extra trips past the queue heads (a plan's k-th start, k >= len(heads)), in
    plan order then k: (the plan of each, and each one's (D, P) points to the sampled
    destinations, stacked)."""
    count = 0
    for i in range(len(valid)):
        if valid[i]:
            count += max(start_offsets[i + 1] - start_offsets[i] - len(heads), 0)
    plan_of = np.empty(count, np.int64)
    rows = np.empty((count, d, players))
    m = 0
    for i in range(len(valid)):
        if not valid[i]:
            continue
        own = extras[extra_offsets[i] : extra_offsets[i + 1]]
        cols = d + len(own)
        for k in range(len(heads), start_offsets[i + 1] - start_offsets[i]):
            row = o + _position(own, starts[start_offsets[i] + k])
            at = offsets[i] + row * cols * players
            for j in range(d):
                for p in range(players):
                    rows[m, j, p] = points[at + j * players + p]
            plan_of[m] = i
            m += 1
    return plan_of, rows


def extra_trip_worths_reference(
    points: np.ndarray,
    offsets: np.ndarray,
    valid: np.ndarray,
    extras: np.ndarray,
    extra_offsets: np.ndarray,
    starts: np.ndarray,
    start_offsets: np.ndarray,
    heads: np.ndarray,
    o: int,
    d: int,
    players: int,
    seat: int,
    rivals: np.ndarray,
    rival_weight: float,
) -> tuple[np.ndarray, bool]:
    """`extra_trip_worths` in Python, trip by trip (as `outlook.extra_trips` sums them)."""
    worths = np.zeros(len(valid))
    beyond = False
    for i in range(len(valid)):
        if not valid[i]:
            continue
        own = extras[extra_offsets[i] : extra_offsets[i + 1]].tolist()
        whole = points[offsets[i] : offsets[i + 1]].reshape(o + len(own), d + len(own), players)
        found = []
        for k, start in enumerate(starts[start_offsets[i] : start_offsets[i + 1]].tolist()):
            if k >= len(heads):
                beyond = True
                break
            values = whole[o + own.index(start), d + own.index(int(heads[k]))].tolist()
            rival = max((values[r] for r in rivals.tolist()), default=0.0)
            found.append(values[seat] - rival_weight * rival)
        worths[i] = sum(found)
    return worths, beyond


def rows_past_heads_reference(
    points: np.ndarray,
    offsets: np.ndarray,
    valid: np.ndarray,
    extras: np.ndarray,
    extra_offsets: np.ndarray,
    starts: np.ndarray,
    start_offsets: np.ndarray,
    heads: np.ndarray,
    o: int,
    d: int,
    players: int,
) -> tuple[np.ndarray, np.ndarray]:
    """`rows_past_heads` by numpy slicing, trip by trip."""
    plan_of, rows = [], []
    for i in range(len(valid)):
        if not valid[i]:
            continue
        own = extras[extra_offsets[i] : extra_offsets[i + 1]].tolist()
        whole = points[offsets[i] : offsets[i + 1]].reshape(o + len(own), d + len(own), players)
        for start in starts[start_offsets[i] : start_offsets[i + 1]].tolist()[len(heads) :]:
            plan_of.append(i)
            rows.append(whole[o + own.index(start), :d])
    return np.array(plan_of, dtype=np.int64), np.array(rows).reshape(len(rows), d, players)


@kernel
def plan_sums(  # type: ignore[no-untyped-def]
    points, offsets, valid, table, heads_count, o, d, players, seat, rivals, rival_weight
):
    """(`sample_blocks`, then `extra_trip_worths`' worths and flag) in one call, from one
    int64 `table`: the extra squares' offsets (plans + 1), the starts' offsets (plans + 1),
    the `heads_count` queue heads, every plan's extra squares, every plan's starts."""
    extras, extra_offsets, starts, start_offsets, heads = split_table(
        table, len(valid), heads_count
    )
    blocks = sample_blocks(points, offsets, valid, extra_offsets, o, d, players)
    worths, beyond = extra_trip_worths(
        points,
        offsets,
        valid,
        extras,
        extra_offsets,
        starts,
        start_offsets,
        heads,
        o,
        d,
        players,
        seat,
        rivals,
        rival_weight,
    )
    return blocks, worths, beyond


@kernel
def split_table(table, plans, heads_count):  # type: ignore[no-untyped-def]
    """`plan_sums`' table taken apart: (extras, extra offsets, starts, start offsets, heads)."""
    extra_offsets = table[: plans + 1]
    start_offsets = table[plans + 1 : 2 * plans + 2]
    heads = table[2 * plans + 2 : 2 * plans + 2 + heads_count]
    at = 2 * plans + 2 + heads_count
    extras = table[at : at + extra_offsets[plans]]
    starts = table[at + extra_offsets[plans] : at + extra_offsets[plans] + start_offsets[plans]]
    return extras, extra_offsets, starts, start_offsets, heads


def plan_sums_reference(
    points: np.ndarray,
    offsets: np.ndarray,
    valid: np.ndarray,
    table: np.ndarray,
    heads_count: int,
    o: int,
    d: int,
    players: int,
    seat: int,
    rivals: np.ndarray,
    rival_weight: float,
) -> tuple[np.ndarray, np.ndarray, bool]:
    """`plan_sums` by the Python twins, the table taken apart by `split_table`."""
    extras, extra_offsets, starts, start_offsets, heads = split_table(
        table, len(valid), heads_count
    )
    blocks = sample_blocks_reference(points, offsets, valid, extra_offsets, o, d, players)
    worths, beyond = extra_trip_worths_reference(
        points,
        offsets,
        valid,
        extras,
        extra_offsets,
        starts,
        start_offsets,
        heads,
        o,
        d,
        players,
        seat,
        rivals,
        rival_weight,
    )
    return blocks, worths, beyond
