"""Thruway's judged rollout, compiled: `Rollout(HORIZON, judge)` (rollout.py) on kernel arrays.

`evaluate` is what the compiled search calls on a leaf. With depth UNIFORM (-1) it is the
uniform random playout to the end; otherwise it is Thruway's default evaluator, as the
Python one: uniform moves while `pie` may still come (TW-11), then `depth` plies of the
rollout policy (`ThruwayState.rollout`: a move that wins at once whenever the mover has
one, else a random move where a pave away from the mover's roads is kept only with chance
`stray`), then the judge (the greedy evaluation: connection distances, indestructible and
exposed tiles, TEMPO for the side to move) if the game goes on.

The judge's weights come in the `policy` array (slots below) from the Python constants,
so the compiled judge never holds a stale copy of them. The tests check `judge` and
`winning_move` against rollout.py, greedy.py and threats.py on random positions. `share`
is what the search backs up: with policy[SCALE] > 0 the judge's score is graded (the share of
a win rollout.graded_judge's `Lead` gives), else its verdict counts as a result.
"""

from __future__ import annotations

import numpy as np

import abstracts.thruway.kernel as k
from tabletop.compiled import kernel

UNIFORM = -1
NONE = -3  # no winning move
# Slots of the policy array.
DISTANCE_WEIGHT, SAFE_WEIGHT, EXPOSED_WEIGHT, TEMPO, STRAY, POCKET_SIZE, SCALE = range(7)
# Rows of the scratch array (each 5 * n * n wide).
DIST, ENTRY, LINK, CELLS, MARK, STACK, SEEN = range(7)
SCRATCH_ROWS = 7
FAR = 1 << 30
_TO_FLOAT = 1.0 / (1 << 53)
_S11 = np.uint64(11)


@kernel
def new_scratch(geo: np.ndarray) -> np.ndarray:
    return np.zeros((SCRATCH_ROWS, 5 * geo[k.SIZE, 1] + 3), dtype=np.int32)


@kernel
def uniform01(rng: np.ndarray) -> float:
    return float(k.next64(rng) >> _S11) * _TO_FLOAT


# ---------------------------------------------------------------------- the evaluator


@kernel
def evaluate(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
    tmp: np.ndarray,
    depth: int,
    policy: np.ndarray,
) -> int:
    """Who wins from this position (not over): the side, or -1 (drawn or judged even)."""
    if depth == UNIFORM:
        return k.run(cell, s, w, geo, rng, out)
    roll(cell, s, w, geo, rng, out, tmp, depth, policy, out[:0])
    if k.is_over(s):
        return s[k.WINNER]
    return judge(cell, s, w, geo, tmp, policy)


@kernel
def roll(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
    tmp: np.ndarray,
    depth: int,
    policy: np.ndarray,
    trace: np.ndarray,
) -> int:
    """Uniform moves while `pie` may come, then `depth` plies of the rollout policy, in
    place; the moves played go into `trace` while it has room. Returns their number."""
    plies = 0
    while not k.is_over(s) and (s[k.PIE_NOW] or s[k.PIE_NEXT]):
        move = k.draw(cell, s, w, geo, rng, out)
        plies = record(trace, plies, move)
        k.play(cell, s, w, geo, move)
    for _ in range(depth):
        if k.is_over(s):
            break
        move = winning_move(cell, s, w, geo, out, tmp)
        if move == NONE:
            move = biased_draw(cell, s, w, geo, rng, out, policy[STRAY])
        plies = record(trace, plies, move)
        k.play(cell, s, w, geo, move)
    return plies


@kernel
def record(trace: np.ndarray, plies: int, move: int) -> int:
    if plies < trace.shape[0]:
        trace[plies] = move
    return plies + 1


@kernel
def local(cell: np.ndarray, geo: np.ndarray, p: int, side: int) -> bool:
    """Whether parcel `p` is on `side`'s own edges (TW-2) or next to one of its tiles."""
    if geo[k.EDGES, p] & (k.WEST | k.EAST if side == 0 else k.SOUTH | k.NORTH):
        return True
    for d in range(4):
        q = geo[k.NBR, 4 * p + d]
        if q >= 0 and cell[q] == side + 1:
            return True
    return False


@kernel
def biased_draw(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
    stray: float,
) -> int:
    """kernel.draw, but a pave away from the mover's roads is kept only with chance `stray`
    (redrawn otherwise); after TRIES misses, the uniform exact chooser."""
    side = s[k.SIDE]
    own = side + 1
    span = 8 * s[k.NEMPTY] if s[k.RESERVE + side] >= 2 else 0
    nswap = s[k.NSWAP]
    total = span + 2 * nswap + 2 * s[k.PIE_NOW]
    if total == 0:
        return k.PASS_CODE
    for _ in range(k.TRIES):
        r = k.below(rng, total)
        if r < span:
            p = w[k.EMPTIES, r >> 3]
            q = geo[k.NBR, 4 * p + ((r >> 1) & 3)]
            if q < 0 or cell[q] == own or (cell[q] == k.EMPTY and r & 1):
                continue
            away = not (local(cell, geo, p, side) or local(cell, geo, q, side))
            if away and uniform01(rng) >= stray:
                continue  # a pave away from the mover's roads, kept only by chance
            return k.pave_code(p, q)
        r = (r - span) >> 1
        if r < nswap:
            edge = w[k.SWAPS, r]
            if edge != s[k.BAN]:
                return 2 * edge + 1
            continue
        return k.PIE_CODE
    count = k.legal_moves(cell, s, w, geo, out)
    return out[k.below(rng, count)] if count else k.PASS_CODE


# ---------------------------------------------------------------------- shortest roads


@kernel
def cost(cell: np.ndarray, w: np.ndarray, p: int, side: int, zone: bool) -> int:
    """What parcel `p` costs a road of `side` (-1: a wall).

    Connection distance (greedy.py): own tile 0, empty 1, opponent tile that is not
    indestructible 2 (it can be replaced, TW-6). Finishing zone (threats.py): only parcels
    whose closed neighbourhood holds at most two empty parcels (one move fills two) count;
    own tile 0, other 1, indestructible opponent tile a wall."""
    c = cell[p]
    if zone:
        if (c == k.EMPTY) + w[k.OPEN, p] > 2:
            return -1
        if c == side + 1:
            return 0
        return -1 if c != k.EMPTY and w[k.SAFE, p] else 1
    if c == side + 1:
        return 0
    if c == k.EMPTY:
        return 1
    return -1 if w[k.SAFE, p] else 2


@kernel
def push(tmp: np.ndarray, heads: np.ndarray, used: int, p: int, d: int) -> int:
    tmp[ENTRY, used] = p
    tmp[LINK, used] = heads[d % 3]
    heads[d % 3] = used
    return used + 1


@kernel
def roads(
    cell: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    tmp: np.ndarray,
    side: int,
    zone: bool,
    bound: int,
) -> int:
    """Cheapest road cost for `side` from its first edge to its far edge (FAR if none), by
    Dial's algorithm on parcel costs 0, 1, 2 (`cost`). Stops at the first far-edge parcel,
    or, with `bound` >= 0, explores every parcel up to cost `bound` (row DIST keeps them)."""
    nb = geo[k.SIZE, 1]
    start, goal = (k.WEST, k.EAST) if side == 0 else (k.SOUTH, k.NORTH)
    heads = np.full(3, -1, dtype=np.int64)
    used, best = 0, FAR
    for p in range(nb):
        tmp[DIST, p] = FAR
    for p in range(nb):
        if geo[k.EDGES, p] & start:
            c = cost(cell, w, p, side, zone)
            if c >= 0:
                tmp[DIST, p] = c
                used = push(tmp, heads, used, p, c)
    d, empty_runs = 0, 0
    while empty_runs < 3:
        if bound >= 0 and d > bound:
            break
        entry = heads[d % 3]
        if entry < 0:
            empty_runs += 1
            d += 1
            continue
        empty_runs = 0
        heads[d % 3] = tmp[LINK, entry]
        p = tmp[ENTRY, entry]
        if tmp[DIST, p] != d:
            continue  # a stale entry: p was reached cheaper
        if geo[k.EDGES, p] & goal:
            best = min(best, d)
            if bound < 0:
                return d
        for j in range(4):
            q = geo[k.NBR, 4 * p + j]
            if q < 0:
                continue
            c = cost(cell, w, q, side, zone)
            if c >= 0 and d + c < tmp[DIST, q]:
                tmp[DIST, q] = d + c
                used = push(tmp, heads, used, q, d + c)
    return best


# ---------------------------------------------------------------------- winning at once


@kernel
def winning_move(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    out: np.ndarray,
    tmp: np.ndarray,
) -> int:
    """A legal move after which the mover's indestructible tiles join its edges (TW-15), or
    NONE. Cheap test first (threats.py): such a move touches the parcels a road of cost at
    most 2 over nearly filled parcels can use, or their neighbours; only moves touching
    them are tried."""
    side, n, nb = s[k.SIDE], geo[k.SIZE, 0], geo[k.SIZE, 1]
    if roads(cell, w, geo, tmp, side, True, 2) > 2:
        return NONE
    stamp = tmp[MARK, nb] + 1  # the zone: parcels of cost <= 2 and their neighbours
    tmp[MARK, nb] = stamp
    for p in range(nb):
        if tmp[DIST, p] <= 2:
            tmp[MARK, p] = stamp
            for j in range(4):
                q = geo[k.NBR, 4 * p + j]
                if q >= 0:
                    tmp[MARK, q] = stamp
    count = k.legal_moves(cell, s, w, geo, out)
    for i in range(count):
        move = out[i]
        if move < 0:
            continue
        p = move >> 2
        q = p + (n if (move >> 1) & 1 else 1)
        if (tmp[MARK, p] == stamp or tmp[MARK, q] == stamp) and wins_after(
            cell, geo, tmp, side, move
        ):
            return move
    return NONE


@kernel
def wins_after(cell: np.ndarray, geo: np.ndarray, tmp: np.ndarray, side: int, move: int) -> bool:
    """Whether `side` has a thruway (TW-14, TW-15) after pave or swap `move`, worked out
    from scratch on a copy of the cells (row CELLS)."""
    n, nb = geo[k.SIZE, 0], geo[k.SIZE, 1]
    after = tmp[CELLS]
    after[:nb] = cell[:nb]
    p = move >> 2
    q = p + (n if (move >> 1) & 1 else 1)
    if move & 1:
        after[p], after[q] = after[q], after[p]
    else:
        after[p] = after[q] = side + 1
    start, goal = (k.WEST, k.EAST) if side == 0 else (k.SOUTH, k.NORTH)
    stamp = tmp[SEEN, nb] + 1
    tmp[SEEN, nb] = stamp
    seen, stack, top = tmp[SEEN], tmp[STACK], 0
    for r in range(nb):
        if geo[k.EDGES, r] & start and safe_after(after, geo, r, side):
            seen[r] = stamp
            stack[top] = r
            top += 1
    while top:
        top -= 1
        r = stack[top]
        if geo[k.EDGES, r] & goal:
            return True
        for j in range(4):
            t = geo[k.NBR, 4 * r + j]
            if t >= 0 and seen[t] != stamp and safe_after(after, geo, t, side):
                seen[t] = stamp
                stack[top] = t
                top += 1
    return False


@kernel
def safe_after(after: np.ndarray, geo: np.ndarray, p: int, side: int) -> bool:
    """Whether `side` holds an indestructible tile on `p` in `after` (TW-14)."""
    if after[p] != side + 1:
        return False
    for j in range(4):
        q = geo[k.NBR, 4 * p + j]
        if q >= 0 and after[q] == k.EMPTY:
            return False
    n = geo[k.SIZE, 0]
    for j in range(4):
        b = geo[k.BLK, 4 * p + j]
        if b >= 0 and k.disputed(after, b, n):
            return False
    return True


# ---------------------------------------------------------------------- the judge


@kernel
def judge(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    tmp: np.ndarray,
    policy: np.ndarray,
) -> int:
    """The side ahead by the greedy evaluation with TEMPO for the mover (rollout.judge), or
    -1: even, or a dead board (no side can pave, TW-7, and no dispute is left, TW-9)."""
    if dead(s):
        return -1
    score = judge_score(cell, s, w, geo, tmp, policy)
    if score > 0:
        return 0
    return 1 if score < 0 else -1


@kernel
def dead(s: np.ndarray) -> bool:
    """Nothing can change any more: no side can pave (TW-7) and no dispute is left (TW-9)."""
    return max(s[k.RESERVE], s[k.RESERVE + 1]) < 2 and s[k.NSWAP] == 0


@kernel
def judge_score(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    tmp: np.ndarray,
    policy: np.ndarray,
) -> float:
    """The greedy evaluation for concrete (greedy.evaluate), TEMPO to the side to move."""
    concrete = roads(cell, w, geo, tmp, 0, False, -1)
    asphalt = roads(cell, w, geo, tmp, 1, False, -1)
    limit = 4 * geo[k.SIZE, 1]  # greedy.py's unreachable distance
    concrete, asphalt = min(concrete, limit), min(asphalt, limit)
    safe, exposed = tile_counts(cell, w, geo, tmp, int(policy[POCKET_SIZE]))
    score = (
        policy[DISTANCE_WEIGHT] * (asphalt - concrete)
        + policy[SAFE_WEIGHT] * safe
        - policy[EXPOSED_WEIGHT] * exposed
    )
    return score + (policy[TEMPO] if s[k.SIDE] == 0 else -policy[TEMPO])


@kernel
def share(
    cell: np.ndarray,
    s: np.ndarray,
    w: np.ndarray,
    geo: np.ndarray,
    rng: np.ndarray,
    out: np.ndarray,
    tmp: np.ndarray,
    depth: int,
    policy: np.ndarray,
) -> float:
    """Concrete's share of a win from this position (not over), what the search credits:
    1, 0 or 1/2 for a finished or drawn game; where the rollout stops, with a graded judge
    (policy[SCALE] > 0), the logistic of the judge's score over SCALE (rollout.graded_judge:
    a lead of L counts 1/2 + L/2, L = tanh(|score| / 2 SCALE)), else the verdict's 1, 0, 1/2."""
    if depth == UNIFORM or policy[SCALE] <= 0:
        return win_share(evaluate(cell, s, w, geo, rng, out, tmp, depth, policy))
    roll(cell, s, w, geo, rng, out, tmp, depth, policy, out[:0])
    if k.is_over(s):
        return win_share(s[k.WINNER])
    if dead(s):
        return 0.5
    return 1.0 / (1.0 + np.exp(-judge_score(cell, s, w, geo, tmp, policy) / policy[SCALE]))


@kernel
def win_share(winner: int) -> float:
    """Concrete's share of a result: the winning side (0, 1) or -1 for a draw."""
    return 0.5 if winner < 0 else 1.0 - winner


@kernel
def tile_counts(
    cell: np.ndarray, w: np.ndarray, geo: np.ndarray, tmp: np.ndarray, pocket: int
) -> tuple[int, int]:
    """(indestructible concrete less asphalt tiles, exposed concrete less asphalt tiles).

    Exposed (greedy.py): a tile that is not indestructible next to a small empty region of
    odd size, at most `pocket` parcels, which pairs of tiles can never fill."""
    nb = geo[k.SIZE, 1]
    region, exposed_mark, stack = tmp[ENTRY], tmp[CELLS], tmp[STACK]
    region[:nb] = 0
    exposed_mark[:nb] = 0
    for p in range(nb):
        if cell[p] != k.EMPTY or region[p]:
            continue
        region[p] = 1
        stack[0], top, size = p, 1, 0
        while top:  # flood the empty region of p; its parcels pile up in `stack` from 0
            top -= 1
            r = stack[top]
            stack[nb + size] = r
            size += 1
            for j in range(4):
                t = geo[k.NBR, 4 * r + j]
                if t >= 0 and cell[t] == k.EMPTY and not region[t]:
                    region[t] = 1
                    stack[top] = t
                    top += 1
        if size & 1 and size <= pocket:
            for i in range(size):
                r = stack[nb + i]
                for j in range(4):
                    t = geo[k.NBR, 4 * r + j]
                    if t >= 0:
                        exposed_mark[t] = 1
    safe = exposed = 0
    for p in range(nb):
        sign = 1 if cell[p] == 1 else -1
        if cell[p] == k.EMPTY:
            continue
        if w[k.SAFE, p]:
            safe += sign
        elif exposed_mark[p]:
            exposed += sign
    return safe, exposed
