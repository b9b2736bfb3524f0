"""Station to station: the shortest ways between the stations of a set of systems (SG-13).

A trip that rides walks (or not) to a first station, rides and changes (walking between
stations or not) to a last station, and walks on. So with `T[a, b]` the shortest way from
station a, nothing ridden yet, to station b:

    trip(o, d) = min(walk(o, d), min over stations a, b of walk(o, a) + T[a, b] + walk(b, d))

and without walking (SG-14: a trip whose modes leave walking out) o and d are stations and
the trip is `T[o, d]`. `T` comes from one compiled closure over the systems' ride matrices;
stations are a few dozen where squares are hundreds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from subwaysim.routing.kernels import INF, trip_distance, union_closure
from subwaysim.routing.rides import SystemRides


@dataclass(eq=False)
class Closure:
    """The stations of `systems` (sorted squares) and the shortest ways between them.

    `states` is (K * L, K): L = 1 without a transfer cost, else one block of K rows per
    last system ridden (in `systems` order) and a last block for "nothing ridden yet".
    """

    systems: tuple[SystemRides, ...]
    walk: np.ndarray  # the board's (N, N) walking distances
    use_walk: bool
    transfer: int
    stations: np.ndarray = field(init=False)
    states: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        transfer = self.transfer if len(self.systems) > 1 else 0  # one system: no change
        self.layers = len(self.systems) + 1 if transfer else 1
        self.transfer_charge = transfer
        self.stations, self.rides, self.states = union_closure(
            [s.stations for s in self.systems],
            [s.flat for s in self.systems],
            self.walk,
            self.use_walk,
            transfer,
        )

    @cached_property
    def index(self) -> dict[int, int]:
        return {int(sq): i for i, sq in enumerate(self.stations)}

    @property
    def none(self) -> int:
        """The state block of a rider who has ridden nothing yet."""
        return self.layers - 1

    @cached_property
    def fresh(self) -> np.ndarray:
        """(K, K): from each station, nothing ridden yet, to each station."""
        k = len(self.stations)
        return np.ascontiguousarray(self.states[self.none * k : (self.none + 1) * k])

    def trip(self, origin: int, destination: int) -> int:
        """The shortest trip using these systems (and walking, if allowed); INF if none."""
        return int(
            trip_distance(self.walk, self.stations, self.fresh, origin, destination, self.use_walk)
        )

    def from_origin(self, origin: int) -> np.ndarray:
        """(K,) shortest distance from `origin` to each station (arriving in any state)."""
        walk, st = self.walk, self.stations
        if not self.use_walk:
            row = np.full(len(st), INF, dtype=np.int64)
            if origin in self.index:
                row = self.fresh[self.index[origin]].astype(np.int64)
            return row
        first = walk[origin, st].astype(np.int64)
        return np.minimum(first, (first[:, None] + self.fresh).min(axis=0, initial=INF))

    def to_destination(self, destination: int) -> np.ndarray:
        """(K * L,) shortest distance from each state to `destination`."""
        walk, st = self.walk, self.stations
        if self.use_walk:
            last = walk[st, destination].astype(np.int64)
            direct = np.tile(last, self.layers)
        else:
            last = np.where(st == destination, 0, INF).astype(np.int64)
            direct = np.tile(last, self.layers)
        onward = (self.states.astype(np.int64) + last[None, :]).min(axis=1, initial=INF)
        return np.minimum(direct, onward)


def closure_key(systems: Sequence[SystemRides], use_walk: bool) -> tuple[object, ...]:
    """A key for a set of systems: their serials (each `SystemRides` is made once per
    content, so the serials name the content; the closure keeps the systems alive)."""
    return (tuple(s.serial for s in systems), use_walk)
