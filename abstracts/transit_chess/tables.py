"""A transit system compiled for fast play: stop numbers, the track, move codes.

Stops are numbered in sorted id order and piece types in letter order, so the integer move
codes sort exactly like their move text (MT-12), and `legal_moves()` is sorted for free:

    movement  (kind * n + origin) * n + destination      R@UNI-SGE
    placement place_base + kind * n + stop                R@UNI
    pass      pass_code

Rides use the *track*: every route laid out once per direction, one after another, as a
flat tuple of stop numbers (a loop is laid out twice round, so a ride may wrap). A ride
from track position p runs along p+1, p+2, ... up to `ray_end[p]`; which positions hold
opponent pieces is one bitmask over the track, so the end of a ride (MT-9) is a bit scan
and its stops a slice.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from abstracts.transit_chess.pieces import PEDESTRIAN
from abstracts.transit_chess.system import TransitSystem


@dataclass(frozen=True, slots=True)
class Tables:
    ids: tuple[str, ...]  # stop number -> id, sorted
    neighbours: tuple[tuple[int, ...], ...]  # MT-5: next stops along any route
    step_codes: tuple[tuple[int, ...], ...]  # the Pedestrian move codes from each stop
    track: tuple[int, ...]  # stop numbers, every route in each direction
    ray_end: tuple[int, ...]  # a ride starting at position p stays below ray_end[p]
    starts: tuple[tuple[int, ...], ...]  # per stop: its position on each directed route
    position_mask: tuple[int, ...]  # per stop: bitmask of all its track positions
    # MT-7: per start position p, the (position j, starts on *other* routes at track[j])
    # for each transfer stop j along the ride from p, in riding order.
    transfers_after: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    # Which track positions can change a ride (MT-6) or a transfer ride (MT-7) from a stop:
    # a piece's moves depend only on `blocked & mask`, so movegen memoises them on that.
    ride_mask: tuple[int, ...]
    transfer_mask: tuple[int, ...]
    memo: dict[tuple[int, int, int], tuple[int, ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    n: int = field(init=False)  # number of stops
    place_base: int = field(init=False)  # first placement code
    pass_code: int = field(init=False)

    def __post_init__(self) -> None:
        n = len(self.ids)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "place_base", 4 * n * n)
        object.__setattr__(self, "pass_code", 4 * n * n + 4 * n)

    def movement(self, kind: int, origin: int, destination: int) -> int:
        return (kind * self.n + origin) * self.n + destination

    def placement(self, kind: int, stop: int) -> int:
        return self.place_base + kind * self.n + stop

    def decode(self, code: int) -> tuple[str, int, int, int]:
        """('move', kind, origin, destination), ('place', kind, -1, stop) or ('pass', ...)."""
        n = self.n
        if code == self.pass_code:
            return "pass", -1, -1, -1
        if code >= self.place_base:
            kind, stop = divmod(code - self.place_base, n)
            return "place", kind, -1, stop
        rest, destination = divmod(code, n)
        kind, origin = divmod(rest, n)
        return "move", kind, origin, destination


@functools.lru_cache(maxsize=16)
def compile_tables(system: TransitSystem) -> Tables:
    """The tables of `system`, shared by every game on it (with their move memo)."""
    ids = tuple(sorted(system.ids))
    number = {stop_id: i for i, stop_id in enumerate(ids)}
    track: list[int] = []
    ray_end: list[int] = []
    route_at: list[int] = []
    starts: list[list[int]] = [[] for _ in ids]
    for r, route in enumerate(system.routes):
        sequence = [number[s] for s in route.stops]
        for directed in (sequence, sequence[::-1]):
            laid = directed * 2 if route.loop else directed
            offset, length = len(track), len(directed)
            for i in range(len(laid)):
                ray_end.append(offset + i + length if route.loop else offset + length)
            for i, stop in enumerate(directed):
                starts[stop].append(offset + i)
            track += laid
            route_at += [r] * len(laid)
    masks = [0] * len(ids)
    for p, stop in enumerate(track):
        masks[stop] |= 1 << p
    others = [
        tuple(k for k in starts[stop] if route_at[k] != route_at[j]) for j, stop in enumerate(track)
    ]
    is_start = {p for stop_starts in starts for p in stop_starts}
    transfers_after = tuple(
        tuple((j, others[j]) for j in range(p + 1, ray_end[p]) if others[j])
        if p in is_start
        else ()
        for p in range(len(track))
    )
    neighbours = tuple(
        tuple(sorted({track[p + 1] for p in starts[stop] if p + 1 < ray_end[p]}))
        for stop in range(len(ids))
    )
    ride_mask = [_ride_positions(starts[stop], ray_end) for stop in range(len(ids))]
    transfer_mask = [
        ride_mask[stop]
        | _ride_positions(
            [k for p in starts[stop] for _, onward in transfers_after[p] for k in onward], ray_end
        )
        for stop in range(len(ids))
    ]
    n = len(ids)
    steps = tuple(
        tuple((PEDESTRIAN * n + stop) * n + d for d in neighbours[stop]) for stop in range(n)
    )
    return Tables(
        ids,
        neighbours,
        steps,
        tuple(track),
        tuple(ray_end),
        tuple(tuple(s) for s in starts),
        tuple(masks),
        transfers_after,
        tuple(ride_mask),
        tuple(transfer_mask),
    )


def _ride_positions(starts: list[int], ray_end: list[int]) -> int:
    """Bitmask of the track positions ridden through from each of `starts`."""
    mask = 0
    for p in starts:
        mask |= ((1 << ray_end[p]) - 1) & ~((1 << (p + 1)) - 1)
    return mask
