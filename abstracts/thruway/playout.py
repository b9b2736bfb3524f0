"""Fast playouts: the rules of `ThruwayState` on bare ints, no objects.

`random_playout` draws each ply's move uniformly at random, as
`rng.choice(state.legal_moves())` would, but without listing the moves. It draws from a
slot space by rejection: every pave joins at least one empty parcel to a neighbour, so a
slot is (empty parcel, direction, coin); a pave of two empty parcels is reachable from
both ends and accepted on one coin side only, a replacement from its one empty end on both
coin sides, so every pave owns exactly two slots, and every swap (and `pie`) gets two slots
of its own. A slot that names no legal move is drawn again. Accepted draws are therefore
uniform over the legal moves; after a few misses (or when paving is impossible) the exact
chooser counts every legal move from bitboards and picks one by index, also uniformly, and
detects a pass. The tests replay traced playouts through `ThruwayState.play` to check both
agree.

`run_playout` is the same loop with the knobs the MCTS rollout (rollout.py) uses: `stray`,
the chance of keeping a drawn pave that is not local (touches neither the mover's edges
nor a parcel next to the mover's tiles), which biases the draw towards building roads;
`decisive`, the number of first plies that play a move winning at once when there is one;
and `horizon`, the number of plies after which the playout stops and `judge` scores the
position it reached. Every move it plays is still a legal move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from abstracts.thruway.board import Board, bit_indices
from abstracts.thruway.moves import PASS, PAVE, PIE, SWAP
from abstracts.thruway.threats import winning_move

if TYPE_CHECKING:
    from abstracts.thruway.state import ThruwayState

# Trace entries: (number of legal moves, kind, anchor, vertical); kinds as in moves.py.
TraceEntry = tuple[int, int, int, bool]
_TRIES = 8  # rejection draws before falling back to the exact chooser


@dataclass(frozen=True, slots=True)
class Frontier:
    """Where a playout cut off at its horizon stopped: the tiles, who moves, the reserves."""

    concrete: int
    asphalt: int
    side: int  # to move: 0 concrete, 1 asphalt
    reserves: tuple[int, int]


Judge = Callable[[Board, Frontier], int | None]


def roadside(geo: Board, tiles: int, side: int) -> int:
    """Parcels where a pave is local for `side`: its own two edges (TW-2) and the parcels
    next to its `tiles`. A biased playout keeps other paves only by chance (`stray`)."""
    edges = geo.west | geo.east if side == 0 else geo.south | geo.north
    return edges | geo.neighbours(tiles)


@cache
def _tables(geo: Board) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(single-bit masks, neighbour of parcel p in direction d at [4p + d] or -1, low masks)."""
    nbits = geo.size * geo.width
    bits = tuple(1 << i for i in range(nbits))
    neighbour = [-1] * (4 * nbits)
    for index in range(nbits):
        file, rank = geo.file_rank(index)
        if file >= geo.size:
            continue
        for d, (df, dr) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1))):
            if 0 <= file + df < geo.size and 0 <= rank + dr < geo.size:
                neighbour[4 * index + d] = geo.index(file + df, rank + dr)
    low = tuple((1 << i) - 1 for i in range(nbits + 1))
    return bits, tuple(neighbour), low


def random_playout(
    state: ThruwayState, rng: random.Random, trace: list[TraceEntry] | None = None
) -> int | None:
    """Play uniformly random legal moves from `state` to the end; return the winning side.

    Returns 0 (concrete), 1 (asphalt) or None (drawn at `max_plies`, TW-12). Three passes
    in a row mean neither side can ever move again, so the draw is returned at once.
    """
    return run_playout(state, rng, trace=trace)


def run_playout(
    state: ThruwayState,
    rng: random.Random,
    *,
    horizon: int | None = None,
    stray: float = 1.0,
    decisive: int = 0,
    judge: Judge | None = None,
    trace: list[TraceEntry] | None = None,
) -> int | None:
    """Play legal moves from `state`; return the winning side, or the judged one.

    Moves are uniform with `stray` 1; below 1 a drawn pave that is not local is kept only
    with that chance (redrawn otherwise; the exact chooser, still uniform, ends a run of
    misses). In the first `decisive` plies, a move that wins at once is played whenever
    there is one (threats.py). The playout ends as `random_playout` does, or after
    `horizon` plies, when `judge(geometry, frontier)` names the side ahead (None for even).
    One loop on local ints on purpose: this is the inner loop of every MCTS iteration.
    """
    if horizon is not None and judge is None:
        raise ValueError("a playout with a horizon needs a judge to score where it stops")
    if state.over:
        return state.winner_side
    geo = state.game.geometry
    w = geo.width
    w1 = w + 1
    cells, west, east, south, north = geo.cells, geo.west, geo.east, geo.south, geo.north
    bit, neighbour, low = _tables(geo)
    tries = range(_TRIES)
    local = stray < 1.0
    edges = (west | east, south | north)  # TW-2: each side's own two edges
    near = 0
    random_ = rng.random
    c, a = state.concrete, state.asphalt
    rc, ra = state.reserves
    side, ply, limit = state.side, state.ply, state.game.options.max_plies
    pie_ok, pie_next = state.pie_ok, state.fresh and state.game.options.pie
    ban_h = ban_v = 0
    if state.banned is not None:
        if state.banned.vertical:
            ban_v = 1 << state.banned.anchor
        else:
            ban_h = 1 << state.banned.anchor
    blocks, passes = state.blocks, 0
    anchor = pair = 0
    o = c | a
    empty = cells ^ o
    empties = bit_indices(empty)  # a list with O(1) removal through `where`
    where = [0] * len(bit)
    for i, e in enumerate(empties):
        where[e] = i
    full = o & ~((empty << 1) | (empty >> 1) | (empty << w) | (empty >> w))
    safe = full & ~(blocks | (blocks << 1) | (blocks << w) | (blocks << w1))
    # Safe (indestructible) tiles of each colour, those joined to the side's first edge, and
    # the parcels a new safe tile must occupy to join them; a thruway reaches the far edge.
    flood = geo.flood
    safe_c, safe_a = safe & c, safe & a
    reach_c, reach_a = flood(safe_c & west, safe_c), flood(safe_a & south, safe_a)
    touch_c = west | (reach_c << 1) | (reach_c >> 1) | (reach_c << w) | (reach_c >> w)
    touch_a = south | (reach_a << 1) | (reach_a >> 1) | (reach_a << w) | (reach_a >> w)
    stop = limit if horizon is None else min(limit, ply + horizon)
    decisive += ply  # the last ply that looks for a winning move
    while ply < stop:
        ply += 1
        if side:
            own, opp, own_reserve = a, c, ra
        else:
            own, opp, own_reserve = c, a, rc
        if blocks:  # TW-9, TW-10
            sh = (blocks | (blocks << w)) & ~ban_h
            sv = (blocks | (blocks << 1)) & ~ban_v
            nsh = sh.bit_count()
            nswap = nsh + sv.bit_count()
        else:
            sh = sv = nsh = nswap = 0
        pie_now = pie_ok
        pie_ok, pie_next = pie_next, False
        kind = PASS  # until a move is drawn
        if ply <= decisive:  # a move that wins at once is always taken (TW-15)
            found = winning_move(geo, c, a, side, own_reserve, blocks, (ban_h, ban_v))
            if found is not None:
                kind, anchor, pair = found
        ban_h = ban_v = 0
        if kind == PASS and own_reserve >= 2 and empties:  # TW-7
            if local:  # roadside(geo, own, side), inline
                near = edges[side] | (own << 1) | (own >> 1) | (own << w) | (own >> w)
            span = len(empties) << 3
            slots = span + ((nswap + pie_now) << 1)
            for _ in tries:
                r = int(random_() * slots)
                if r >= span:  # a swap or pie, always legal
                    r = (r - span) >> 1
                    if r < nswap:
                        kind, anchor, pair = _nth_swap(sh, sv, nsh, r, low, w)
                    else:
                        kind = PIE
                    break
                e = empties[r >> 3]
                n = neighbour[(e << 2) | ((r >> 1) & 3)]
                if n < 0:  # off the board
                    continue
                nbit = bit[n]
                if nbit & own:  # TW-5
                    continue
                if local and not (bit[e] | nbit) & near and random_() >= stray:
                    continue  # a pave away from the mover's roads, kept only by chance
                if nbit & opp or not r & 1:  # TW-6 replacement, or TW-5 on one coin side
                    kind, anchor, pair = PAVE, (e if e < n else n), bit[e] | nbit
                    break
        if kind == PASS:
            choice = _exact_choice(
                c, a, side, own_reserve, empty, sh, sv, nswap, pie_now, low, w, random_
            )
            if choice is not None:
                kind, anchor, pair = choice
        if trace is not None:
            ph, pv = _pave_anchors(c, a, side, own_reserve, empty, w)
            total = ph.bit_count() + pv.bit_count() + nswap + pie_now
            trace.append(_trace_entry(kind, anchor, pair, total))
        if kind == PASS:  # TW-12: no legal move, pass
            passes += 1
            if passes == 3:
                return None
            side ^= 1
            continue
        passes = 0
        if kind == PAVE:
            fill = pair & empty
            for p in (anchor, pair.bit_length() - 1) if fill == pair else (fill.bit_length() - 1,):
                i, last = where[p], empties.pop()
                if last != p:
                    empties[i], where[last] = last, i
            if side:
                taken = c & pair
                if taken:  # TW-6 and TW-3: the replaced tile returns to its owner
                    c ^= taken
                    rc += 1
                a |= pair
                ra -= 2
            else:
                taken = a & pair
                if taken:
                    a ^= taken
                    ra += 1
                c |= pair
                rc -= 2
            o = c | a
            empty = cells ^ o
            full = o & ~((empty << 1) | (empty >> 1) | (empty << w) | (empty >> w))
        elif kind == SWAP:
            c ^= pair
            a ^= pair
            if pair & (pair >> 1):  # TW-10: remember the swap just made
                ban_h = pair & -pair
            else:
                ban_v = pair & -pair
        else:
            continue  # TW-11: board and reserves unchanged, asphalt moves again
        side ^= 1
        blocks = (c & (a >> 1) & (a >> w) & (c >> w1)) | (a & (c >> 1) & (c >> w) & (a >> w1))
        # TW-14, TW-15 after every move.
        safe = full & ~(blocks | (blocks << 1) | (blocks << w) | (blocks << w1)) if blocks else full
        mine = safe & c
        if mine != safe_c:
            if safe_c & ~mine:  # a new dispute unmade some safe tiles: search again
                reach_c = flood(mine & west, mine)
            elif mine & touch_c & ~reach_c:  # new safe tiles extend the road from the west
                reach_c = flood(reach_c | (mine & touch_c), mine)
            if reach_c & east:
                return 0
            touch_c = west | (reach_c << 1) | (reach_c >> 1) | (reach_c << w) | (reach_c >> w)
            safe_c = mine
        mine = safe & a
        if mine != safe_a:
            if safe_a & ~mine:
                reach_a = flood(mine & south, mine)
            elif mine & touch_a & ~reach_a:
                reach_a = flood(reach_a | (mine & touch_a), mine)
            if reach_a & north:
                return 1
            touch_a = south | (reach_a << 1) | (reach_a >> 1) | (reach_a << w) | (reach_a >> w)
            safe_a = mine
    if ply < limit and judge is not None:  # cut off at the horizon, not drawn (TW-12)
        return judge(geo, Frontier(c, a, side, (rc, ra)))
    return None


Choice = tuple[int, int, int]  # (kind, anchor, pair bits)


def _nth_swap(sh: int, sv: int, nsh: int, k: int, low: tuple[int, ...], w: int) -> Choice:
    """The k-th legal swap: horizontal edges first, then vertical, each lowest anchor first."""
    if k < nsh:
        anchor = _nth_bit(sh, k, low)
        return SWAP, anchor, 3 << anchor
    anchor = _nth_bit(sv, k - nsh, low)
    return SWAP, anchor, (1 | (1 << w)) << anchor


def _exact_choice(
    c: int,
    a: int,
    side: int,
    own_reserve: int,
    empty: int,
    sh: int,
    sv: int,
    nswap: int,
    pie_now: bool,
    low: tuple[int, ...],
    w: int,
    random_: Callable[[], float],
) -> Choice | None:
    """A uniformly chosen legal move by counting them all, or None when there is none."""
    ph, pv = _pave_anchors(c, a, side, own_reserve, empty, w)
    nh = ph.bit_count()
    npave = nh + pv.bit_count()
    total = npave + nswap + pie_now
    if not total:
        return None
    r = int(random_() * total)
    if r < nh:
        anchor = _nth_bit(ph, r, low)
        return PAVE, anchor, 3 << anchor
    if r < npave:
        anchor = _nth_bit(pv, r - nh, low)
        return PAVE, anchor, (1 | (1 << w)) << anchor
    if r < npave + nswap:
        return _nth_swap(sh, sv, sh.bit_count(), r - npave, low, w)
    return PIE, -1, 0


def _pave_anchors(
    c: int, a: int, side: int, own_reserve: int, empty: int, w: int
) -> tuple[int, int]:
    """(horizontal, vertical) anchors of the legal paves (TW-5..TW-7)."""
    if own_reserve < 2:
        return 0, 0
    opp = c if side else a
    open_ = empty | opp
    return (
        (empty & (open_ >> 1)) | (opp & (empty >> 1)),
        (empty & (open_ >> w)) | (opp & (empty >> w)),
    )


def _nth_bit(bits: int, k: int, low: tuple[int, ...]) -> int:
    """Index of the k-th set bit of `bits` (from 0, lowest first), by binary search."""
    lo, hi = (bits & -bits).bit_length() - 1, bits.bit_length()
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if (bits & low[mid]).bit_count() > k:
            hi = mid
        else:
            lo = mid
    return lo


def _trace_entry(kind: int, anchor: int, pair: int, total: int) -> TraceEntry:
    if kind == PASS:
        return 1, PASS, -1, False
    if kind == PIE:
        return total, PIE, -1, False
    return total, kind, anchor, not pair & (pair >> 1)
