"""Compiled move generation and transition for the rollouts (MT-4..MT-10).

The kernels twin the plain-Python rules: `gen_legal` lists the codes `movegen.legal_codes`
lists (sorted the same way), `gen_apply` plays a code as `rules.apply_code` does, and the
tests check one against the other on random positions. Positions are int64 arrays of packed
stacks (pieces.py: + white, - black) and a rides walk the track (arrays.py) until the first
stop holding opponent pieces, which they may land on but not pass (MT-9).

Scratch space comes in a `Scratch` (one per system, reused by every call): `stamp` marks
the stops and track positions one piece has already reached, so each destination is listed
once without clearing an array per piece.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from abstracts.transit_chess.arrays import KernelTables
from abstracts.transit_chess.values import VALUES
from tabletop.compiled import kernel

CHIEF, PEDESTRIAN, RIDER, TRANSFER = 0, 1, 2, 3  # pieces.LETTERS order
FIELD, MASK = 8, 255
VALUE_C, VALUE_P, VALUE_R, VALUE_T = VALUES


class Scratch(NamedTuple):
    """Working arrays for the kernels of one system (never shared between threads)."""

    codes: np.ndarray  # move codes of the side to move
    other: np.ndarray  # move codes of its opponent (attacks, judge, priors)
    stop_mark: np.ndarray  # per stop: the stamp of the last piece that reached it
    pos_mark: np.ndarray  # per track position: the stamp of the last second leg from it
    stamp: np.ndarray  # [0]: the last stamp handed out
    attacked: np.ndarray  # per stop: the stamp of the last side that could land there
    scores: np.ndarray  # a score per code of the side to move (priors.py)


def scratch(kt: KernelTables) -> Scratch:
    n = kt.n
    return Scratch(
        np.empty(4 * n * n + 4 * n + 1, dtype=np.int64),
        np.empty(4 * n * n + 1, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(len(kt.track), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.empty(4 * n * n + 4 * n + 1, dtype=np.float64),
    )


@kernel
def count_of(stack, kind):  # type: ignore[no-untyped-def]
    """Pieces of type `kind` in a packed stack of either side."""
    return (abs(stack) >> (FIELD * kind)) & MASK


@kernel
def next_stamp(ws):  # type: ignore[no-untyped-def]
    ws.stamp[0] += 1
    return ws.stamp[0]


@kernel
def _ride(kt, cells, sign, start, stamp, ws, out, count):  # type: ignore[no-untyped-def]
    """MT-6: destinations along every route through `start`, appended to `out`."""
    for i in range(kt.start_ptr[start], kt.start_ptr[start + 1]):
        p = kt.start_pos[i]
        for q in range(p + 1, kt.ray_end[p]):
            d = kt.track[q]
            if ws.stop_mark[d] != stamp:
                ws.stop_mark[d] = stamp
                out[count] = d
                count += 1
            if cells[d] * sign < 0:  # MT-9: land on opponent pieces, never pass them
                break
    return count


@kernel
def _transfer(kt, cells, sign, start, stamp, ws, out, count):  # type: ignore[no-untyped-def]
    """MT-7: one route to a transfer stop free of opponents, then another route."""
    for i in range(kt.start_ptr[start], kt.start_ptr[start + 1]):
        p = kt.start_pos[i]
        for q in range(p + 1, kt.ray_end[p]):
            t = kt.track[q]
            if cells[t] * sign < 0:  # the transfer stop is passed through (MT-9)
                break
            for m in range(kt.other_ptr[q], kt.other_ptr[q + 1]):
                k = kt.other_pos[m]
                if ws.pos_mark[k] == stamp:
                    continue  # this second leg was ridden already
                ws.pos_mark[k] = stamp
                for r in range(k + 1, kt.ray_end[k]):
                    d = kt.track[r]
                    if d != start and ws.stop_mark[d] != stamp:
                        ws.stop_mark[d] = stamp
                        out[count] = d
                        count += 1
                    if cells[d] * sign < 0:
                        break
    return count


@kernel
def gen_targets(kt, cells, sign, kind, start, ws, out, count):  # type: ignore[no-untyped-def]
    """Destinations of one piece of type `kind` on `start` (MT-5..MT-8), appended to
    `out` from `count` on, each once; returns the new count."""
    if kind == PEDESTRIAN:
        for i in range(kt.nb_ptr[start], kt.nb_ptr[start + 1]):
            out[count] = kt.nb[i]
            count += 1
        return count
    stamp = next_stamp(ws)
    if kind in (RIDER, CHIEF):
        count = _ride(kt, cells, sign, start, stamp, ws, out, count)
    if kind in (TRANSFER, CHIEF):
        count = _transfer(kt, cells, sign, start, stamp, ws, out, count)
    return count


@kernel
def gen_movement(kt, cells, sign, ws, out):  # type: ignore[no-untyped-def]
    """Codes of every move of the side with sign `sign` (+1 white), unsorted; the count."""
    n = kt.n
    count = 0
    for s in range(n):
        stack = cells[s] * sign
        if stack <= 0:
            continue
        for kind in range(4):
            if count_of(stack, kind):
                first = count
                count = gen_targets(kt, cells, sign, kind, s, ws, out, count)
                base = (kind * n + s) * n
                for i in range(first, count):
                    out[i] += base
    return count


@kernel
def gen_legal(kt, cells, hands, side, ws):  # type: ignore[no-untyped-def]
    """`movegen.legal_codes` compiled: the side's sorted codes in `ws.codes`; the count.
    Placements while any piece is in hand (MT-4), else moves; just pass when none."""
    n, sign, out = kt.n, 1 - 2 * side, ws.codes
    count = 0
    if hands[0] or hands[1]:
        for kind in range(4):
            if count_of(hands[side], kind):
                for t in range(n):
                    if cells[t] * sign >= 0:
                        out[count] = 4 * n * n + kind * n + t
                        count += 1
    else:
        count = gen_movement(kt, cells, sign, ws, out)
        out[:count].sort()
    if count == 0:
        out[0] = 4 * n * n + 4 * n  # MT-11: pass
        count = 1
    return count


@kernel
def size_of(stack):  # type: ignore[no-untyped-def]
    s = abs(stack)
    return (s & MASK) + ((s >> 8) & MASK) + ((s >> 16) & MASK) + (s >> 24)


@kernel
def gen_apply(n, cells, hands, totals, side, code):  # type: ignore[no-untyped-def]
    """`rules.apply_code` compiled: play `code` in place; True if it wins (MT-11)."""
    sign = 1 - 2 * side
    if code == 4 * n * n + 4 * n:
        return False
    if code >= 4 * n * n:  # MT-4
        kind, stop = divmod(code - 4 * n * n, n)
        hands[side] -= 1 << (FIELD * kind)
        cells[stop] += sign << (FIELD * kind)
        totals[side] += 1
        return False
    rest, destination = divmod(code, n)
    kind, origin = divmod(rest, n)
    piece = sign << (FIELD * kind)
    cells[origin] -= piece
    target = cells[destination]
    if target * sign < 0:  # MT-10: the whole stack changes sides
        converted = size_of(target)
        totals[side] += converted
        totals[1 - side] -= converted
        target = -target
    cells[destination] = target + piece
    return totals[1 - side] == 0 and hands[1 - side] == 0


@kernel
def k_value(stack):  # type: ignore[no-untyped-def]
    """What a packed stack of either side is worth (values.VALUES)."""
    s = abs(stack)
    return (
        VALUE_C * (s & MASK)
        + VALUE_P * ((s >> 8) & MASK)
        + VALUE_R * ((s >> 16) & MASK)
        + VALUE_T * (s >> 24)
    )


@kernel
def k_mark_attacks(kt, cells, sign, ws):  # type: ignore[no-untyped-def]
    """Stamp in `ws.attacked` every stop the side with sign `sign` can land on next; returns
    the stamp (a stop is attacked when ws.attacked[stop] == stamp)."""
    count = gen_movement(kt, cells, sign, ws, ws.other)
    stamp = next_stamp(ws)
    for i in range(count):
        ws.attacked[ws.other[i] % kt.n] = stamp
    return stamp
