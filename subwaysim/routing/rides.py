"""One system's rides: its stops, the hops between them and the best ride between stations.

SG-10: an intersection is a track square with three or four neighbours on the same
system's track. SG-12: the stops are the stations and intersections; a hop runs along the
track to the next stop, except that a hop from an express station may pass local stations
to the next express station (never past an intersection); a ride counts its boarding stop
and one stop per hop. With `express: both_ends` an express train instead runs only between
two express stations, stopping at express stations and intersections.

`SystemRides` holds the compiled ride matrix (`kernels.ride_matrix`); the hop graph here,
in plain Python, draws a ride's squares for the log and is the kernel's reference.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from dataclasses import InitVar, dataclass, field
from functools import cached_property
from itertools import accumulate

import numpy as np

from subwaysim.board import Board
from subwaysim.routing.kernels import INF, line_rides
from subwaysim.routing.routes import Ride
from subwaysim.routing.rules import ExpressRule

PLAIN, SKIP, EXPRESS_TRAIN = 0, 1, 2  # hop kinds, as the kernel's `_follow` modes
_serials = itertools.count()


@dataclass(frozen=True, slots=True)
class Hop:
    """From one stop along the track to the next stop it may reach (both ends included)."""

    squares: tuple[int, ...]
    kind: int  # PLAIN, SKIP (SG-12 express hop) or EXPRESS_TRAIN (both_ends)

    @property
    def end(self) -> int:
        return self.squares[-1]


@dataclass(frozen=True)
class Line:
    """A system's track and the kinds of the stations on it: what its rides depend on."""

    board: Board
    track: frozenset[int]
    stations: tuple[tuple[int, str], ...]  # (square, kind) sorted by square

    def __hash__(self) -> int:
        """The dataclass's hash of its three fields, worked out once: a line is the key of
        its rides in the game's cache, looked up a few times a network."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = self.__dict__["_hash"] = hash((self.board, self.track, self.stations))
        return found  # type: ignore[no-any-return]

    def __getstate__(self) -> dict[str, object]:
        """Its fields (and cached parts) without the hash: another process hashes strings
        its own way."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @cached_property
    def kinds(self) -> dict[int, str]:
        return dict(self.stations)

    @cached_property
    def ways(self) -> dict[int, tuple[int, ...]]:
        """Each track square's neighbours on this track, in board order."""
        track, near = self.track, self.board.neighbours
        return {sq: tuple(n for n in near(sq) if n in track) for sq in self.track}

    def degree(self, square: int) -> int:
        return len(self.ways[square])

    def is_intersection(self, square: int) -> bool:
        return len(self.ways[square]) >= 3  # SG-10

    def is_stop(self, square: int) -> bool:
        return square in self.kinds or len(self.ways[square]) >= 3


def follow(line: Line, start: int, first: int, kind: int) -> Hop | None:
    """The hop leaving stop `start` through its track neighbour `first` (see the kernel)."""
    ways, kinds = line.ways, line.kinds
    squares = [start, first]
    while True:
        cur = squares[-1]
        crossing = len(ways[cur]) >= 3
        station = kinds.get(cur)
        if kind == PLAIN and (crossing or station is not None):
            return Hop(tuple(squares), kind) if cur != start else None
        if station == "express":  # the next express station ends the hop, crossing or not
            return Hop(tuple(squares), kind) if cur != start else None
        if crossing:  # an express hop never passes an intersection
            return Hop(tuple(squares), kind) if kind == EXPRESS_TRAIN and cur != start else None
        back = squares[-2]
        ahead = [n for n in ways[cur] if n != back]
        if not ahead:
            return None  # the end of the line
        squares.append(ahead[0])


def hop_graph(line: Line, rule: ExpressRule) -> tuple[dict[int, list[Hop]], dict[int, list[Hop]]]:
    """(local graph, express graph): the hops leaving each stop.

    skip_from_express: one graph of plain hops and express hops (the second is empty).
    both_ends: the local train's plain hops, and the express train's hops between express
    stations and intersections.
    """
    stops = sorted(sq for sq in line.track if line.is_stop(sq))
    plain: dict[int, list[Hop]] = {sq: [] for sq in stops}
    fast: dict[int, list[Hop]] = {sq: [] for sq in stops}
    for sq in stops:
        kind = line.kinds.get(sq)
        for near in line.ways[sq]:
            hops = [(plain, follow(line, sq, near, PLAIN))]
            if rule == "skip_from_express" and kind == "express":
                hops.append((plain, follow(line, sq, near, SKIP)))
            if rule == "both_ends" and (kind == "express" or line.is_intersection(sq)):
                hops.append((fast, follow(line, sq, near, EXPRESS_TRAIN)))
            for graph, hop in hops:
                if hop is not None:
                    graph[sq].append(hop)
    return plain, fast


def best_ride(graph: dict[int, list[Hop]], start: int, end: int) -> tuple[Hop, ...] | None:
    """The hops of a ride from `start` to `end` with the fewest stops, then the fewest
    squares (deterministic: ties keep the hop found first)."""
    best: dict[int, tuple[int, int]] = {start: (0, 0)}
    back: dict[int, Hop] = {}
    heap = [(0, 0, start)]
    while heap:
        hops, length, sq = heapq.heappop(heap)
        if (hops, length) > best[sq]:
            continue
        if sq == end:
            break
        for hop in graph.get(sq, ()):
            cost = (hops + 1, length + len(hop.squares) - 1)
            if cost < best.get(hop.end, (INF, INF)):
                best[hop.end] = cost
                back[hop.end] = hop
                heapq.heappush(heap, (*cost, hop.end))
    if end not in back:
        return None
    chain = [back[end]]
    while chain[-1].squares[0] != start:
        chain.append(back[chain[-1].squares[0]])
    return tuple(reversed(chain))


@dataclass(eq=False)
class SystemRides:
    """A system's stations and the best ride between any two (SG-12), for one Line."""

    system: str
    line: Line
    rule: ExpressRule
    stations: np.ndarray = field(init=False)  # sorted station squares
    matrix: np.ndarray = field(init=False)  # (K, K) stops counted, INF: no ride, 0: diagonal
    serial: int = field(init=False)  # unique while cached: a cheap key for sets of systems
    flat: np.ndarray = field(init=False)  # the matrix as int64, for kernels of many systems
    rideable: bool = field(init=False)  # SG-12: some ride joins two different stations
    nbytes: int = field(init=False)  # the arrays' bytes, for the cache's bound (`footprint`)
    # The kernel's inputs and what they were read from: (track, its squares, stations, their
    # squares and express flags); a copy for a spur (`spurs.same_rides`) keeps them as made.
    _inputs: tuple[object, np.ndarray, object, tuple[np.ndarray, np.ndarray]] = field(
        init=False, repr=False
    )

    previous: InitVar[SystemRides | None] = None  # rides of a line that may share parts

    def __post_init__(self, previous: SystemRides | None) -> None:
        self.serial = next(_serials)
        board, line = self.line.board, self.line
        track, stations = line.track, line.stations
        # The kernel's inputs: those of `previous` where its line has the very same track or
        # stations (a build changes one of the two), else read from the line.
        made = previous._inputs if previous is not None else (None, None, None, None)
        squares = made[1] if made[0] is track else np.fromiter(track, np.int64, len(track))
        kinds = made[3]
        if made[2] is not stations:
            kinds = (
                np.fromiter([sq for sq, _ in stations], np.int64, len(stations)),
                np.fromiter([kind == "express" for _, kind in stations], np.bool_, len(stations)),
            )
        self._inputs = (track, squares, stations, kinds)
        self.stations, self.matrix, self.flat, self.rideable = line_rides(
            board.width, board.height, squares, *kinds, self.rule == "both_ends"
        )
        self.stations.flags.writeable = False
        self.matrix.flags.writeable = False
        self.flat.flags.writeable = False
        self.nbytes = self.stations.nbytes + self.matrix.nbytes + self.flat.nbytes

    @cached_property
    def index(self) -> dict[int, int]:
        return {int(sq): i for i, sq in enumerate(self.stations)}

    @cached_property
    def _graphs(self) -> tuple[dict[int, list[Hop]], dict[int, list[Hop]]]:
        return hop_graph(self.line, self.rule)

    def ride(self, start: int, end: int) -> Ride:
        """The squares and stops of a best ride from station `start` to station `end`."""
        plain, fast = self._graphs
        chains = [best_ride(plain, start, end)]
        kinds = self.line.kinds
        if self.rule == "both_ends" and kinds.get(start) == kinds.get(end) == "express":
            chains.insert(0, best_ride(fast, start, end))  # the express train, on a tie
        chain = min((c for c in chains if c is not None), key=len)
        squares = [start]
        for hop in chain:
            squares.extend(hop.squares[1:])
        stops = (start, *(hop.end for hop in chain))
        express = any(
            h.kind != PLAIN and any(kinds.get(sq) == "local" for sq in h.squares[1:-1])
            for h in chain
        )
        return Ride(self.system, stops, express, tuple(squares))


def packed(systems: Sequence[SystemRides]) -> tuple[np.ndarray, ...]:
    """Several systems as kernels take them: (stations, offsets, flat rides, flat offsets),
    system i's stations at stations[offsets[i]:offsets[i + 1]], its matrix flattened likewise."""
    if not systems:
        none = np.zeros(0, dtype=np.int64)
        return none, np.zeros(1, dtype=np.int64), none, np.zeros(1, dtype=np.int64)
    sizes = [len(s.stations) for s in systems]
    return (
        np.concatenate([s.stations for s in systems]),
        np.array(list(accumulate(sizes, initial=0)), dtype=np.int64),
        np.concatenate([s.flat for s in systems]),
        np.array(list(accumulate([k * k for k in sizes], initial=0)), dtype=np.int64),
    )


def ride_matrix_reference(line: Line, rule: ExpressRule) -> tuple[np.ndarray, np.ndarray]:
    """The ride matrix from the plain-Python hop graph: the reference for the kernel."""
    plain, fast = hop_graph(line, rule)
    stations = np.array(sorted(sq for sq, _ in line.stations if sq in line.track), dtype=np.int64)
    matrix = np.full((len(stations), len(stations)), INF, dtype=np.int32)
    express = {sq for sq, kind in line.stations if kind == "express"}
    for i, a in enumerate(stations):
        for j, b in enumerate(stations):
            if a == b:
                matrix[i, j] = 0
                continue
            counts = [best_ride(plain, int(a), int(b))]
            if rule == "both_ends" and a in express and b in express:
                counts.append(best_ride(fast, int(a), int(b)))
            found = [len(c) + 1 for c in counts if c is not None]
            if found:
                matrix[i, j] = min(found)
    return stations, matrix
