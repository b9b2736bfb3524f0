"""A station's kind no ride notices (SG-12): a phase's express and local twins valued once.

A hop from an express station may pass local stations and go on to the next express
station, never past an intersection (SG-12, `rules.express: skip_from_express`); with
`both_ends` a train skips local stations only between two express stations, passing
intersections too. So an express station on a square from which no other express station
can be reached that way (along the track each way, up to the nearest intersection, that
intersection included, or the line's end), on every system with track there, makes no hop
a local station there would not make, and ends none a local one would not end: the two
leave every system the same rides. With `both_ends` that needs no other express station on
the system at all.

A phase's plans hold, for each of the busiest squares of its track, "an express station
here" and then "a local station here" (`agents.plans`). Where the express one is inert the
two plans leave networks with the same rides, so `variants.plan_points` copies the first
one's points to the second instead of working them out again: the same numbers. Likewise a
plan changing a local station to express (remove it, build an express one) where the
express one would be inert leaves today's rides: the kernel values it as no change.

`inert_express_reference` is the plain-Python twin the tests hold the kernel to; they also
check, on random systems, that an inert express station leaves the very rides a local one
does (`kernels.line_rides`).
"""

from __future__ import annotations

import numpy as np

from subwaysim.routing.kernels import neighbour
from tabletop.compiled import kernel


@kernel
def _next_on_line(track, width, height, prev, cur):  # type: ignore[no-untyped-def]
    """(the number of track neighbours of `cur`, the first of them that is not `prev` in the
    order left, right, up, down, or -1)."""
    degree, nxt = 0, -1
    for k in range(4):
        n = neighbour(width, height, cur, k)
        if n >= 0 and track[n]:
            degree += 1
            if n != prev and nxt == -1:
                nxt = n
    return degree, nxt


@kernel
def inert_express(width, height, tracks, kinds, square, both_ends):  # type: ignore[no-untyped-def]
    """Whether an express station on `square` (holding no station) leaves every system with
    track there (rows of `tracks`; `kinds` per square: 0 none, 1 local, 2 express) the
    rides a local station there leaves (see the module)."""
    size = width * height
    for p in range(tracks.shape[0]):
        track = tracks[p]
        if not track[square]:
            continue
        if both_ends:
            for sq in range(size):
                if track[sq] and kinds[sq] == 2 and sq != square:
                    return False
            continue
        for k in range(4):
            start = neighbour(width, height, square, k)
            if start < 0 or not track[start]:
                continue
            prev, cur = square, start
            while cur != square:  # (a loop without intersections comes back)
                if kinds[cur] == 2:
                    return False
                degree, nxt = _next_on_line(track, width, height, prev, cur)
                if degree >= 3 or nxt == -1:
                    break  # an intersection (no express station), or the line's end
                prev, cur = cur, nxt
    return True


def inert_express_reference(
    width: int,
    height: int,
    tracks: np.ndarray,
    kinds: np.ndarray,
    square: int,
    both_ends: bool,
) -> bool:
    """`inert_express` in plain Python, walking each line with sets of squares."""
    kind = kinds.tolist()
    for row in tracks:
        track = {sq for sq in range(width * height) if row[sq]}
        if square not in track:
            continue
        if both_ends:
            if any(kind[sq] == 2 for sq in track - {square}):
                return False
            continue

        def neighbours(sq: int, track: set[int] = track) -> list[int]:
            rank, file = divmod(sq, width)
            near = [
                (file > 0, sq - 1),
                (file < width - 1, sq + 1),
                (rank > 0, sq - width),
                (rank < height - 1, sq + width),
            ]
            return [n for ok, n in near if ok and n in track]

        for start in neighbours(square):
            prev, cur = square, start
            while cur != square:
                if kind[cur] == 2:
                    return False
                around = neighbours(cur)
                onward = [n for n in around if n != prev]
                if len(around) >= 3 or not onward:
                    break
                prev, cur = cur, onward[0]
    return True
