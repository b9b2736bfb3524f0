"""The opponent's replies after each of our moves, worked out incrementally (compiled).

greedy.py asks, for every move, which of our stacks the opponent can then land on (MT-5..
MT-9): a whole move generation per move. But an opponent piece's reach depends only on the
stops its rides look at (up to and including the first of our stops, MT-9; for a Transfer
Rider both legs, MT-7), and one move changes two stops: its origin and its destination. So
`Replies` holds, for the position before the move, every opponent piece's (a *unit*: its
type on its stop) destinations and the stops it looked at, and how many units reach each
stop; `danger_after` takes out the units that looked at the origin or the destination (or
stand on a destination we convert, MT-10), plays the move, puts them back with their new
destinations, reads off our most valuable stack within reach, and undoes it all.

The result is exactly what a fresh move generation gives (priors.py's scores are checked
against greedy.py's by the tests).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from abstracts.transit_chess.fastgen import (
    PEDESTRIAN,
    RIDER,
    count_of,
    gen_targets,
    k_value,
    size_of,
)
from tabletop.compiled import kernel


class Replies(NamedTuple):
    """The opponent's units in one position (arrays, see the module docstring)."""

    units: int
    stop: np.ndarray  # unit -> its stop
    kind: np.ndarray  # unit -> its piece type
    first: np.ndarray  # stop -> its first unit (units of a stop are consecutive)
    last: np.ndarray  # stop -> one past its last unit
    reach_ptr: np.ndarray  # unit -> its destinations reach[reach_ptr[u]:reach_ptr[u + 1]]
    reach: np.ndarray
    seen_ptr: np.ndarray  # stop -> the units that looked at it seen[seen_ptr[s]:...]
    seen: np.ndarray
    count: np.ndarray  # stop -> how many units can land on it
    mark: np.ndarray  # unit -> a stamp (scratch)
    fresh: np.ndarray  # new destinations of the units a move disturbs (scratch)
    disturbed: np.ndarray  # the units a move disturbs (scratch)


@kernel
def _look(stop, stamp, looked, out, count):  # type: ignore[no-untyped-def]
    if looked[stop] != stamp:
        looked[stop] = stamp
        out[count] = stop
        count += 1
    return count


@kernel
def _looked_at(kt, cells, sign, kind, start, stamp, looked, out, count):  # type: ignore[no-untyped-def]
    """The stops a unit's rides look at (NOTE: fastgen._ride and fastgen._transfer's scans,
    recording what they read instead of where they land)."""
    if kind == PEDESTRIAN:
        return count  # MT-5: a step does not depend on what stands anywhere
    for i in range(kt.start_ptr[start], kt.start_ptr[start + 1]):
        p = kt.start_pos[i]
        for q in range(p + 1, kt.ray_end[p]):
            t = kt.track[q]
            count = _look(t, stamp, looked, out, count)
            if cells[t] * sign < 0:
                break
            if kind == RIDER:
                continue
            for m in range(kt.other_ptr[q], kt.other_ptr[q + 1]):  # MT-7: second legs
                k = kt.other_pos[m]
                for r in range(k + 1, kt.ray_end[k]):
                    d = kt.track[r]
                    count = _look(d, stamp, looked, out, count)
                    if cells[d] * sign < 0:
                        break
    return count


@kernel
def replies_of(kt, cells, sign, ws):  # type: ignore[no-untyped-def]
    """The `Replies` of the side with sign `sign` in the position `cells`."""
    n = kt.n
    most = 0  # units at most: a unit per piece type on each of the side's stops
    for s in range(n):
        if cells[s] * sign > 0:
            most += 4
    stop, kind = np.empty(most, np.int64), np.empty(most, np.int64)
    first, last = np.zeros(n, np.int64), np.zeros(n, np.int64)
    reach_ptr, reach = np.zeros(most + 1, np.int64), np.empty(most * n, np.int64)
    looked_ptr, looked = np.zeros(most + 1, np.int64), np.empty(most * n, np.int64)
    looked_mark, count = np.zeros(n, np.int64), np.zeros(n, np.int64)
    units = 0
    for s in range(n):
        first[s] = units
        if cells[s] * sign > 0:
            for k in range(4):
                if count_of(cells[s], k):
                    stop[units], kind[units] = s, k
                    end = gen_targets(kt, cells, sign, k, s, ws, reach, reach_ptr[units])
                    reach_ptr[units + 1] = end
                    looked_ptr[units + 1] = _looked_at(
                        kt, cells, sign, k, s, units + 1, looked_mark, looked, looked_ptr[units]
                    )
                    units += 1
        last[s] = units
    for i in range(reach_ptr[units]):
        count[reach[i]] += 1
    seen_ptr = np.zeros(n + 1, np.int64)
    for i in range(looked_ptr[units]):
        seen_ptr[looked[i] + 1] += 1
    seen_ptr = np.cumsum(seen_ptr)
    seen, filled = np.empty(looked_ptr[units], np.int64), seen_ptr[:-1].copy()
    for u in range(units):
        for i in range(looked_ptr[u], looked_ptr[u + 1]):
            seen[filled[looked[i]]] = u
            filled[looked[i]] += 1
    mark, fresh = np.zeros(units, np.int64), np.empty(units * n, np.int64)
    disturbed = np.empty(units, np.int64)
    return Replies(
        units, stop, kind, first, last, reach_ptr, reach, seen_ptr, seen, count, mark, fresh,
        disturbed,
    )  # fmt: skip


@kernel
def _disturbed(rp, origin, destination, converted, stamp, out):  # type: ignore[no-untyped-def]
    """The units a move from `origin` to `destination` may change, into `out`; how many."""
    found = 0
    for s in (origin, destination):
        for i in range(rp.seen_ptr[s], rp.seen_ptr[s + 1]):
            u = rp.seen[i]
            if rp.mark[u] != stamp:
                rp.mark[u] = stamp
                out[found] = u
                found += 1
    if converted:  # MT-10: the units on the destination change sides
        for u in range(rp.first[destination], rp.last[destination]):
            if rp.mark[u] != stamp:
                rp.mark[u] = stamp
                out[found] = u
                found += 1
    return found


@kernel
def danger_after(kt, ws, rp, cells, sign, origin, destination, kind, total, stamp, mine):  # type: ignore[no-untyped-def]
    """greedy.py's danger after our move of a `kind` piece from `origin` to `destination`:
    the most valuable of our stacks the opponent can then land on, or -1 if one of them
    holds all `total` of our pieces (MT-11). `mine` lists our stops before the move; `stamp`
    is new for each move. Leaves `cells` and `rp` as they were."""
    target, before = cells[destination], cells[origin]
    converted = target * sign < 0
    disturbed = rp.disturbed
    found = _disturbed(rp, origin, destination, converted, stamp, disturbed)
    for j in range(found):
        u = disturbed[j]
        for i in range(rp.reach_ptr[u], rp.reach_ptr[u + 1]):
            rp.count[rp.reach[i]] -= 1
    cells[origin] = before - (sign << (8 * kind))
    cells[destination] = (-target if converted else target) + (sign << (8 * kind))
    fresh = 0
    for j in range(found):
        u = disturbed[j]
        if not (converted and rp.stop[u] == destination):
            fresh = gen_targets(kt, cells, -sign, rp.kind[u], rp.stop[u], ws, rp.fresh, fresh)
    for i in range(fresh):
        rp.count[rp.fresh[i]] += 1
    danger = _worst(cells, sign, total, rp.count, mine, destination, target * sign <= 0)
    for i in range(fresh):
        rp.count[rp.fresh[i]] -= 1
    for j in range(found):
        u = disturbed[j]
        for i in range(rp.reach_ptr[u], rp.reach_ptr[u + 1]):
            rp.count[rp.reach[i]] += 1
    cells[destination], cells[origin] = target, before
    return danger


@kernel
def _worst(cells, sign, total, count, mine, destination, new):  # type: ignore[no-untyped-def]
    """Our most valuable stack within reach (count > 0), or -1 for one holding them all;
    our stops are `mine` and, if `new`, the destination."""
    danger = 0
    for j in range(len(mine) + 1):
        if j == len(mine) and not new:
            break
        s = mine[j] if j < len(mine) else destination
        if cells[s] * sign > 0 and count[s] > 0:
            if size_of(cells[s]) == total:
                return -1
            danger = max(danger, k_value(cells[s]))
    return danger
