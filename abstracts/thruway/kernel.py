"""Thruway on arrays, compiled: the rules (TW-5..TW-15) and the uniform random playout.

A position is a cell array (`EMPTY`, or side + 1 for a tile of that side; cell `r * n + f`),
a scalar array (slots `SIDE`..`LIMIT` below) and work rows that `setup` derives and every
move keeps up to date: the empty parcels as a list, each parcel's count of empty neighbours
and of disputed blocks it belongs to, the disputed blocks (TW-8) and their swap edges as a
list (TW-9), and per parcel whether it is indestructible (TW-14) and whether it is joined to
its side's first edge through indestructible tiles of its colour (TW-15). Tiles never leave
the board, so a parcel once surrounded stays surrounded; an indestructible tile is never
replaced (it has no empty neighbour) nor swapped (it is in no dispute), so it keeps its
colour, and only a new dispute can unmake it: then that colour's roads are searched again.

Moves are codes: a pave or a swap is `2 * edge + kind` with `edge = 2 * anchor + vertical`
(the anchor is the western or southern parcel of the pair), `PASS_CODE` and `PIE_CODE`.

`draw` picks a uniformly random legal move by rejection: a slot is (empty parcel, one of
four directions, a coin) for paves, two slots per listed swap edge and two for `pie`. A
pave of two empty parcels is reachable from both ends and kept on one coin side only, a
replacement (TW-6) from its one empty end on both sides, so every legal move owns exactly
two slots; a slot naming no legal move is drawn again. After TRIES misses the exact chooser
lists every legal move and picks one by index, so the draw stays uniform over legal moves
and finds a pass (TW-12). `ThruwayState` is the readable reference: the tests compare legal
move sets on random positions and replay kernel traces through `ThruwayState.play`.
"""

from __future__ import annotations

import numpy as np

from tabletop.compiled import kernel

EMPTY = 0
PASS_CODE, PIE_CODE = -1, -2
PAVE_KIND, SWAP_KIND = 0, 1
# Edge flags of a parcel (TW-2): concrete joins west to east, asphalt south to north.
WEST, EAST, SOUTH, NORTH = 1, 2, 4, 8
PASSES_TO_DRAW = 3  # TW-12
TRIES = 8  # rejection draws before the exact chooser

# Rows of the geometry array (`arrays.geometry`): neighbours of parcel p at [4p + d], the
# disputable blocks holding p at [4p + k] (anchors, -1 for none), edge flags, and the size.
NBR, BLK, EDGES, SIZE = 0, 1, 2, 3

# Slots of the scalar array.
SIDE = 0  # to move: 0 concrete, 1 asphalt
RESERVE = 1  # RESERVE + side: that side's reserve (TW-3)
PLY = 3
PASSES = 4  # passes in a row just played (TW-12)
BAN = 5  # the swap edge TW-10 forbids now, or -1
PIE_NOW = 6  # TW-11: `pie` is legal now
PIE_NEXT = 7  # TW-11: the next position offers `pie`
TRADED = 8  # TW-11: the players traded roles
LIMIT = 9  # max_plies (TW-12)
NEMPTY = 10
NSWAP = 11
WINNER = 12  # the side with a thruway (TW-15), or -1
STAMP = 13  # generation counter for the MARK row
SCALARS = 14

# Rows of the work array, each 2 * n * n wide.
EMPTIES, WHERE, OPEN, DCOUNT, DISPUTED, ECOUNT, SWAPS, SWHERE = 0, 1, 2, 3, 4, 5, 6, 7
SAFE, REACH, STACK, TOUCHED, MARK = 8, 9, 10, 11, 12
ROWS = 13

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_S27, _S30, _S31, _S32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)


# ---------------------------------------------------------------------- random numbers


@kernel
def next64(rng: np.ndarray) -> np.uint64:
    """splitmix64: the next 64 random bits of the stream held in `rng[0]`."""
    z = rng[0] + _GOLDEN
    rng[0] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@kernel
def below(rng: np.ndarray, bound: int) -> int:
    """A uniform integer in 0..bound-1 (bound < 2**32), exactly (Lemire's method)."""
    b = np.uint64(bound)
    m = (next64(rng) >> _S32) * b
    if (m & _LOW32) < b:
        threshold = (np.uint64(1 << 32) - b) % b
        while (m & _LOW32) < threshold:
            m = (next64(rng) >> _S32) * b
    return int(m >> _S32)


# ---------------------------------------------------------------------- set-up


@kernel
def new_work(geo: np.ndarray) -> np.ndarray:
    nb = geo[SIZE, 1]
    return np.zeros((ROWS, 2 * nb), dtype=np.int32)


@kernel
def setup(cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray) -> None:
    """Derive every work row from the cells, and the winner (TW-15)."""
    n, nb = geo[SIZE, 0], geo[SIZE, 1]
    w[:, :] = 0
    s[NEMPTY] = s[NSWAP] = s[STAMP] = 0
    s[WINNER] = -1
    for p in range(nb):
        if cell[p] == EMPTY:
            w[WHERE, p] = s[NEMPTY]
            w[EMPTIES, s[NEMPTY]] = p
            s[NEMPTY] += 1
            for d in range(4):
                q = geo[NBR, 4 * p + d]
                if q >= 0:
                    w[OPEN, q] += 1
    for b in range(nb - n):
        if b % n < n - 1 and disputed(cell, b, n):
            flip_block(s, w, b, n, 1)
    for p in range(nb):
        w[SAFE, p] = cell[p] != EMPTY and w[OPEN, p] == 0 and w[DCOUNT, p] == 0
    for side in range(2):
        rebuild(cell, s, w, geo, side)


@kernel
def disputed(cell: np.ndarray, b: int, n: int) -> bool:
    """Whether the 2 x 2 block anchored at `b` is a crossroads dispute (TW-8)."""
    sw, se, nw, ne = cell[b], cell[b + 1], cell[b + n], cell[b + n + 1]
    return sw != EMPTY and se != EMPTY and sw == ne and se == nw and sw != se


@kernel
def flip_block(s: np.ndarray, w: np.ndarray, b: int, n: int, delta: int) -> None:
    """Count block `b` in (delta 1) or out of (delta -1) the disputes: its parcels' dispute
    counts and its four swap edges (TW-9); an edge two blocks share is listed once."""
    w[DISPUTED, b] = delta > 0
    w[DCOUNT, b] += delta
    w[DCOUNT, b + 1] += delta
    w[DCOUNT, b + n] += delta
    w[DCOUNT, b + n + 1] += delta
    for edge in (2 * b, 2 * (b + n), 2 * b + 1, 2 * (b + 1) + 1):
        w[ECOUNT, edge] += delta
        count = w[ECOUNT, edge]
        if delta > 0 and count == 1:
            w[SWHERE, edge] = s[NSWAP]
            w[SWAPS, s[NSWAP]] = edge
            s[NSWAP] += 1
        elif delta < 0 and count == 0:
            i = w[SWHERE, edge]
            s[NSWAP] -= 1
            last = w[SWAPS, s[NSWAP]]
            w[SWAPS, i] = last
            w[SWHERE, last] = i


# ---------------------------------------------------------------------- roads (TW-14, TW-15)


@kernel
def rebuild(cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray, side: int) -> None:
    """Search `side`'s roads again from its first edge (after a dispute unmade a tile)."""
    nb, colour = geo[SIZE, 1], side + 1
    start = WEST if side == 0 else SOUTH
    for p in range(nb):
        if cell[p] == colour:
            w[REACH, p] = 0
    for p in range(nb):
        if geo[EDGES, p] & start and w[SAFE, p] and cell[p] == colour and not w[REACH, p]:
            grow(cell, s, w, geo, p)


@kernel
def grow(cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray, p: int) -> None:
    """Add safe parcel `p` and the safe tiles of its colour joined to it to the road; the
    side wins (TW-15) if the road reaches its far edge."""
    colour = cell[p]
    goal = EAST if colour == 1 else NORTH
    w[REACH, p] = 1
    w[STACK, 0] = p
    top = 1
    while top:
        top -= 1
        q = w[STACK, top]
        if geo[EDGES, q] & goal:
            s[WINNER] = colour - 1
        for d in range(4):
            r = geo[NBR, 4 * q + d]
            if r >= 0 and w[SAFE, r] and not w[REACH, r] and cell[r] == colour:
                w[REACH, r] = 1
                w[STACK, top] = r
                top += 1


@kernel
def joins(cell: np.ndarray, w: np.ndarray, geo: np.ndarray, p: int) -> bool:
    """Whether safe parcel `p` touches its colour's road or first edge."""
    colour = cell[p]
    if geo[EDGES, p] & (WEST if colour == 1 else SOUTH):
        return True
    for d in range(4):
        q = geo[NBR, 4 * p + d]
        if q >= 0 and w[REACH, q] and cell[q] == colour:
            return True
    return False


# ---------------------------------------------------------------------- making a move


@kernel
def touch(s: np.ndarray, w: np.ndarray, p: int, count: int) -> int:
    """Add parcel `p` to this move's touched list (once); the new length."""
    if w[MARK, p] != s[STAMP]:
        w[MARK, p] = s[STAMP]
        w[TOUCHED, count] = p
        count += 1
    return count


@kernel
def fill(
    cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray, p: int, colour: int, t: int
) -> int:
    """Put a tile on empty parcel `p`: off the empty list, its neighbours one empty fewer."""
    cell[p] = colour
    i = w[WHERE, p]
    s[NEMPTY] -= 1
    last = w[EMPTIES, s[NEMPTY]]
    w[EMPTIES, i] = last
    w[WHERE, last] = i
    t = touch(s, w, p, t)
    for d in range(4):
        q = geo[NBR, 4 * p + d]
        if q >= 0:
            w[OPEN, q] -= 1
            t = touch(s, w, q, t)
    return t


@kernel
def recheck(cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray, p: int, t: int) -> int:
    """Re-judge the blocks holding changed parcel `p` (TW-8); touch the parcels of any
    block whose dispute started or ended."""
    n = geo[SIZE, 0]
    for k in range(4):
        b = geo[BLK, 4 * p + k]
        if b < 0:
            continue
        now = disputed(cell, b, n)
        if now != w[DISPUTED, b]:
            flip_block(s, w, b, n, 1 if now else -1)
            for j in range(4):
                t = touch(s, w, b + (j & 1) + (j >> 1) * n, t)
    return t


@kernel
def settle(cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray, t: int) -> None:
    """Update indestructibility (TW-14) of the `t` touched parcels, then the roads (TW-15)."""
    lost0 = lost1 = False
    for k in range(t):
        p = w[TOUCHED, k]
        safe = cell[p] != EMPTY and w[OPEN, p] == 0 and w[DCOUNT, p] == 0
        if safe != w[SAFE, p]:
            w[SAFE, p] = safe
            if not safe and w[REACH, p]:
                w[REACH, p] = 0
                if cell[p] == 1:
                    lost0 = True
                else:
                    lost1 = True
    if lost0:
        rebuild(cell, s, w, geo, 0)
    if lost1:
        rebuild(cell, s, w, geo, 1)
    for k in range(t):
        p = w[TOUCHED, k]
        if w[SAFE, p] and not w[REACH, p] and joins(cell, w, geo, p):
            grow(cell, s, w, geo, p)


@kernel
def play(cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray, move: int) -> None:
    """Make legal `move` for the side to move (TW-5..TW-12), updating every row."""
    side = s[SIDE]
    s[PLY] += 1
    s[PIE_NOW] = s[PIE_NEXT]  # TW-11: pie answers the game's first move only
    s[PIE_NEXT] = 0
    s[BAN] = -1
    if move == PASS_CODE:
        s[PASSES] += 1
        s[SIDE] = 1 - side
        return
    s[PASSES] = 0
    if move == PIE_CODE:  # TW-11: roles trade, the board stays, asphalt moves again
        s[TRADED] = 1
        return
    n = geo[SIZE, 0]
    edge = move >> 1
    p = edge >> 1
    q = p + (n if edge & 1 else 1)
    s[STAMP] += 1
    t = 0
    if move & 1:  # TW-9: the two tiles differ in colour
        cell[p], cell[q] = cell[q], cell[p]
        s[BAN] = edge  # TW-10
        t = touch(s, w, p, t)
        t = touch(s, w, q, t)
    else:
        colour = side + 1
        for r in (p, q):
            if cell[r] == EMPTY:
                t = fill(cell, s, w, geo, r, colour, t)
            else:  # TW-6, TW-3: the replaced tile goes back to its owner's reserve
                cell[r] = colour
                s[RESERVE + 1 - side] += 1
                t = touch(s, w, r, t)
        s[RESERVE + side] -= 2
    t = recheck(cell, s, w, geo, p, t)
    t = recheck(cell, s, w, geo, q, t)
    settle(cell, s, w, geo, t)
    s[SIDE] = 1 - side


@kernel
def is_over(s: np.ndarray) -> bool:
    """TW-15, then TW-12: a thruway, three passes in a row, or the ply limit."""
    return s[WINNER] >= 0 or s[PASSES] >= PASSES_TO_DRAW or s[PLY] >= s[LIMIT]


# ---------------------------------------------------------------------- choosing a move


@kernel
def pave_code(p: int, q: int) -> int:
    """The move code of paving adjacent parcels `p` and `q`."""
    low = min(p, q)
    return 4 * low + 2 * (abs(p - q) != 1)


@kernel
def legal_moves(
    cell: np.ndarray, s: np.ndarray, w: np.ndarray, geo: np.ndarray, out: np.ndarray
) -> int:
    """Write every legal move's code into `out` (4 * n * n + 1 long); their number.

    Paves (TW-5..TW-7), swaps (TW-9, TW-10), pie (TW-11); none means a pass (TW-12)."""
    side, count = s[SIDE], 0
    own = side + 1
    if s[RESERVE + side] >= 2:
        for k in range(s[NEMPTY]):
            p = w[EMPTIES, k]
            for d in range(4):
                q = geo[NBR, 4 * p + d]
                if q < 0 or cell[q] == own or (cell[q] == EMPTY and q < p):
                    continue
                out[count] = pave_code(p, q)
                count += 1
    for k in range(s[NSWAP]):
        edge = w[SWAPS, k]
        if edge != s[BAN]:
            out[count] = 2 * edge + 1
            count += 1
    if s[PIE_NOW]:
        out[count] = PIE_CODE
        count += 1
    return count


@kernel
def draw(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
) -> int:
    """A uniformly random legal move (PASS_CODE when there is none), by rejection."""
    side = s[SIDE]
    own = side + 1
    span = 8 * s[NEMPTY] if s[RESERVE + side] >= 2 else 0
    nswap = s[NSWAP]
    total = span + 2 * nswap + 2 * s[PIE_NOW]
    if total == 0:
        return PASS_CODE
    for _ in range(TRIES):
        r = below(rng, total)
        if r < span:
            p = w[EMPTIES, r >> 3]
            q = geo[NBR, 4 * p + ((r >> 1) & 3)]
            if q < 0 or cell[q] == own or (cell[q] == EMPTY and r & 1):
                continue  # off the board, own tile (TW-5), or the other coin side
            return pave_code(p, q)
        r = (r - span) >> 1
        if r < nswap:
            edge = w[SWAPS, r]
            if edge != s[BAN]:
                return 2 * edge + 1
            continue
        return PIE_CODE
    count = legal_moves(cell, s, w, geo, out)
    return out[below(rng, count)] if count else PASS_CODE


# ---------------------------------------------------------------------- playouts


@kernel
def run(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
) -> int:
    """Uniformly random legal moves to the end: the winning side, or -1 for a draw."""
    while not is_over(s):
        play(cell, s, w, geo, draw(cell, s, w, geo, rng, out))
    return s[WINNER]


@kernel
def playouts(
    cell0: np.ndarray, s0: np.ndarray, geo: np.ndarray, seed: int, count: int
) -> np.ndarray:
    """`count` uniform random playouts from one position: per playout, the winning side
    (-1 drawn) and whether the players traded roles on the way (pie, TW-11)."""
    nb = geo[SIZE, 1]
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = np.uint64(seed)
    w = new_work(geo)
    out = np.empty(4 * nb + 1, dtype=np.int32)
    cell, s = cell0.copy(), s0.copy()
    results = np.empty((count, 2), dtype=np.int8)
    for i in range(count):
        cell[:] = cell0
        s[:] = s0
        setup(cell, s, w, geo)
        results[i, 0] = run(cell, s, w, geo, rng, out)
        results[i, 1] = s[TRADED] != s0[TRADED]
    return results


@kernel
def traced_playout(
    cell: np.ndarray, s: np.ndarray, geo: np.ndarray, seed: int, trace: np.ndarray
) -> int:
    """One playout in place, writing [moves legal, move played] per ply into `trace` (for
    the tests); the number of plies played."""
    nb = geo[SIZE, 1]
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = np.uint64(seed)
    w = new_work(geo)
    out = np.empty(4 * nb + 1, dtype=np.int32)
    setup(cell, s, w, geo)
    plies = 0
    while not is_over(s) and plies < trace.shape[0]:
        legal = legal_moves(cell, s, w, geo, out)
        move = draw(cell, s, w, geo, rng, out)
        trace[plies, 0] = max(legal, 1)
        trace[plies, 1] = move
        play(cell, s, w, geo, move)
        plies += 1
    return plies
