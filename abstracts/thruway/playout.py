"""Playouts in plain Python: the rules of `ThruwayState` on bare ints, no objects.

The compiled kernels (kernel.py, kernel_rollout.py) run the same draws for `State.playout`
and the compiled search; this module is their plain-Python twin, the one
`ThruwayState.rollout` (the Python `Rollout` evaluator) plays, and the tests compare the
kernels' playouts and draws with it.

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

`run_playout` is the same loop with the knobs of the rollout policy (`ThruwayState.rollout`):
`stray`, the chance of keeping a drawn pave that is not local (touches neither the mover's
edges nor a parcel next to the mover's tiles), which biases the draw towards building
roads; `decisive`, the number of first plies that play a move winning at once when there
is one; and `horizon`, the number of plies after which it stops. Every move it plays is
still a legal move. Playouts start from and stop at a `Position`, the State's fields as
ints, so this module never sees a State.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from abstracts.thruway.board import Board, bit_indices
from abstracts.thruway.moves import PASS, PAVE, PIE, SWAP
from abstracts.thruway.paving import pave_anchors
from abstracts.thruway.rules import RuleSet
from abstracts.thruway.threats import winning_move
from abstracts.thruway.thruways import thruway_winner

# Trace entries: (number of legal moves, kind, anchor, vertical); kinds as in moves.py.
TraceEntry = tuple[int, int, int, bool]
Choice = tuple[int, int, int]  # (kind, anchor, pair bits)
_TRIES = 8  # rejection draws before falling back to the exact chooser
PASSES_TO_DRAW = 3  # TW-12: three passes in a row end the game drawn
STRAY = 0.3  # the rollout policy's chance of keeping a drawn pave away from the mover's roads


@dataclass(frozen=True, slots=True)
class Position:
    """A Thruway position as bare ints: where a playout starts, and where it stops."""

    concrete: int
    asphalt: int
    side: int  # to move: 0 concrete, 1 asphalt
    reserves: tuple[int, int]
    ply: int = 0
    passes: int = 0  # passes in a row just played (TW-12)
    ban_h: int = 0  # anchor bit of the horizontal swap TW-10 forbids now
    ban_v: int = 0  # ... of the vertical one
    pie_now: bool = False  # TW-11: `pie` is legal now
    pie_next: bool = False  # TW-11: the next position offers `pie` (no move made yet)
    traded: bool = False  # TW-11: the players traded roles


def roadside(geo: Board, tiles: int, side: int) -> int:
    """Parcels where a pave is local for `side`: its own two edges (TW-2) and the parcels
    next to its `tiles`. A biased playout keeps other paves only by chance (`stray`)."""
    edges = geo.west | geo.east if side == 0 else geo.south | geo.north
    return edges | geo.neighbours(tiles)


def random_playout(
    rules: RuleSet, start: Position, rng: random.Random, trace: list[TraceEntry] | None = None
) -> int | None:
    """Play uniformly random legal moves from `start` to the end; return the winning side:
    0 (concrete), 1 (asphalt) or None (drawn: three passes in a row or `max_plies`, TW-12)."""
    return run_playout(rules, start, rng, trace=trace)[0]


def run_playout(
    rules: RuleSet,
    start: Position,
    rng: random.Random,
    *,
    horizon: int | None = None,
    stray: float = 1.0,
    decisive: int = 0,
    trace: list[TraceEntry] | None = None,
) -> tuple[int | None, Position]:
    """Play legal moves from `start`: (the winning side or None, the position reached).

    Moves are uniform with `stray` 1; below 1 a drawn pave that is not local is kept only
    with that chance (redrawn otherwise; the exact chooser, still uniform, ends a run of
    misses). In the first `decisive` plies, a move that wins at once is played whenever
    there is one (threats.py). The playout ends with the game (TW-12, TW-15), or after
    `horizon` plies with the game still going.
    """
    geo = rules.geometry
    c, a = start.concrete, start.asphalt
    blocks = _disputes(c, a, geo.width)
    winner = thruway_winner(geo, c, a, blocks)
    limit = rules.max_plies
    if winner is not None or start.passes >= PASSES_TO_DRAW or start.ply >= limit:
        return winner, start
    stop = limit if horizon is None else min(limit, start.ply + horizon)
    return _play(geo, start, blocks, stop, rng, stray, start.ply + decisive, trace)


def _play(
    geo: Board,
    start: Position,
    blocks: int,
    stop: int,
    rng: random.Random,
    stray: float,
    decisive: int,
    trace: list[TraceEntry] | None,
) -> tuple[int | None, Position]:
    """The hot loop of `run_playout`, from a game not over, up to ply `stop`; `decisive` is
    the last ply that looks for a winning move.

    NOTE: one loop on local ints, with the rules inlined for speed (and the board's masks
    and tables bound to locals first): this is the inner loop of every MCTS iteration.
    `ThruwayState` is the readable reference, and the tests replay traced playouts there.
    """
    w = geo.width
    w1 = w + 1
    cells, west, east, south, north = geo.cells, geo.west, geo.east, geo.south, geo.north
    bit, neighbour, low = _tables(geo)
    tries = range(_TRIES)
    local = stray < 1.0
    edges = (west | east, south | north)  # TW-2: each side's own two edges
    near = 0
    random_ = rng.random
    c, a, side, (rc, ra) = start.concrete, start.asphalt, start.side, start.reserves
    ply, passes, ban_h, ban_v = start.ply, start.passes, start.ban_h, start.ban_v
    pie_ok, pie_next, traded = start.pie_now, start.pie_next, start.traded
    winner: int | None = None
    anchor = pair = 0
    o = c | a
    empty = cells ^ o
    empties, where = _empty_list(empty, len(bit))
    full = o & ~((empty << 1) | (empty >> 1) | (empty << w) | (empty >> w))
    # Safe (indestructible) tiles of each colour, those joined to the side's first edge, and
    # the parcels a new safe tile must occupy to join them; a thruway reaches the far edge.
    flood = geo.flood
    safe_c, safe_a, reach_c, reach_a = _reaches(geo, c, a, full, blocks)
    touch_c = west | (reach_c << 1) | (reach_c >> 1) | (reach_c << w) | (reach_c >> w)
    touch_a = south | (reach_a << 1) | (reach_a >> 1) | (reach_a << w) | (reach_a >> w)
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
                geo, c, a, side, own_reserve, sh, sv, nswap, pie_now, low, random_
            )
            if choice is not None:
                kind, anchor, pair = choice
        if trace is not None:
            trace.append(_trace_entry(geo, c, a, side, own_reserve, nswap + pie_now, kind, pair))
        if kind == PASS:  # TW-12: no legal move, pass
            passes += 1
            side ^= 1
            if passes == PASSES_TO_DRAW:  # TW-12: drawn
                break
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
        else:  # TW-11: board and reserves unchanged, the roles trade, asphalt moves again
            traded = True
            continue
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
                winner = 0
                break
            touch_c = west | (reach_c << 1) | (reach_c >> 1) | (reach_c << w) | (reach_c >> w)
            safe_c = mine
        mine = safe & a
        if mine != safe_a:
            if safe_a & ~mine:
                reach_a = flood(mine & south, mine)
            elif mine & touch_a & ~reach_a:
                reach_a = flood(reach_a | (mine & touch_a), mine)
            if reach_a & north:
                winner = 1
                break
            touch_a = south | (reach_a << 1) | (reach_a >> 1) | (reach_a << w) | (reach_a >> w)
            safe_a = mine
    reached = Position(c, a, side, (rc, ra), ply, passes, ban_h, ban_v, pie_ok, pie_next, traded)
    return winner, reached


# ---------------------------------------------------------------------- set-up helpers


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


def _disputes(c: int, a: int, w: int) -> int:
    """Anchors of the disputed blocks (TW-8), as disputes.disputed_blocks."""
    return (c & (a >> 1) & (a >> w) & (c >> (w + 1))) | (a & (c >> 1) & (c >> w) & (a >> (w + 1)))


def _empty_list(empty: int, nbits: int) -> tuple[list[int], list[int]]:
    """The empty parcels as a list, and each one's index in it (for O(1) removal)."""
    empties = bit_indices(empty)
    where = [0] * nbits
    for i, e in enumerate(empties):
        where[e] = i
    return empties, where


def _reaches(geo: Board, c: int, a: int, full: int, blocks: int) -> tuple[int, int, int, int]:
    """(safe concrete, safe asphalt, safe concrete joined to the west edge, safe asphalt
    joined to the south edge): the indestructible tiles (TW-14) and their roads so far."""
    w = geo.width
    safe = full & ~(blocks | (blocks << 1) | (blocks << w) | (blocks << (w + 1)))
    safe_c, safe_a = safe & c, safe & a
    return (
        safe_c,
        safe_a,
        geo.flood(safe_c & geo.west, safe_c),
        geo.flood(safe_a & geo.south, safe_a),
    )


# ---------------------------------------------------------------------- move choosers


def _nth_swap(sh: int, sv: int, nsh: int, k: int, low: tuple[int, ...], w: int) -> Choice:
    """The k-th legal swap: horizontal edges first, then vertical, each lowest anchor first."""
    if k < nsh:
        anchor = _nth_bit(sh, k, low)
        return SWAP, anchor, 3 << anchor
    anchor = _nth_bit(sv, k - nsh, low)
    return SWAP, anchor, (1 | (1 << w)) << anchor


def _exact_choice(
    geo: Board,
    c: int,
    a: int,
    side: int,
    own_reserve: int,
    sh: int,
    sv: int,
    nswap: int,
    pie_now: bool,
    low: tuple[int, ...],
    random_: Callable[[], float],
) -> Choice | None:
    """A uniformly chosen legal move by counting them all, or None when there is none."""
    own, opp = (a, c) if side else (c, a)
    ph, pv = pave_anchors(geo, own, opp, own_reserve)
    nh = ph.bit_count()
    npave = nh + pv.bit_count()
    total = npave + nswap + pie_now
    if not total:
        return None
    r = int(random_() * total)
    w = geo.width
    if r < nh:
        anchor = _nth_bit(ph, r, low)
        return PAVE, anchor, 3 << anchor
    if r < npave:
        anchor = _nth_bit(pv, r - nh, low)
        return PAVE, anchor, (1 | (1 << w)) << anchor
    if r < npave + nswap:
        return _nth_swap(sh, sv, sh.bit_count(), r - npave, low, w)
    return PIE, -1, 0


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


def _trace_entry(
    geo: Board, c: int, a: int, side: int, own_reserve: int, others: int, kind: int, pair: int
) -> TraceEntry:
    """What a traced ply records: the number of legal moves and the move played."""
    if kind == PASS:
        return 1, PASS, -1, False
    own, opp = (a, c) if side else (c, a)
    ph, pv = pave_anchors(geo, own, opp, own_reserve)
    total = ph.bit_count() + pv.bit_count() + others
    if kind == PIE:
        return total, PIE, -1, False
    return total, kind, (pair & -pair).bit_length() - 1, not pair & (pair >> 1)
