"""The players' subway systems: track, stations, intersections (SG-10, SG-11)."""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from subwaysim.board import Board

StationKind = Literal["local", "express"]


@dataclass(frozen=True, slots=True)
class Station:
    """A station on a square; it serves every system with track on that square (SG-11)."""

    square: int
    kind: StationKind
    builder: str


@dataclass(frozen=True)
class Network:
    """An immutable snapshot of every player's track and all stations.

    `with_*` methods return a new Network; the old one is unchanged, so agents can
    evaluate candidate builds without touching the game.
    """

    board: Board
    players: tuple[str, ...]
    track: Mapping[str, frozenset[int]] = field(default_factory=dict)
    stations: Mapping[int, Station] = field(default_factory=dict)
    # (square, kind) of the stations serving each system, worked out once per network and
    # handed on by `with_*` to the next network for every system the change leaves alone.
    _served: dict[str, tuple[tuple[int, str], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        track = {p: frozenset(self.track.get(p, ())) for p in self.players}
        object.__setattr__(self, "track", MappingProxyType(track))
        object.__setattr__(self, "stations", MappingProxyType(dict(self.stations)))

    # --- queries ---
    def owners(self, square: int) -> tuple[str, ...]:
        """Players with track on `square`, in seat order."""
        return tuple(p for p in self.players if square in self.track[p])

    def serves(self, station: Station | int, player: str) -> bool:
        square = station.square if isinstance(station, Station) else station
        return square in self.stations and square in self.track[player]  # SG-11

    def served(self, player: str) -> tuple[tuple[int, str], ...]:
        """(square, kind) of every station serving `player`'s system, by square (SG-11)."""
        found = self._served.get(player)
        if found is None:
            own = self.track[player]
            found = tuple((sq, st.kind) for sq, st in sorted(self.stations.items()) if sq in own)
            self._served[player] = found
        return found

    def stations_of(self, player: str) -> tuple[Station, ...]:
        """Stations serving `player`'s system, by square."""
        own = self.track[player]
        return tuple(self.stations[sq] for sq in sorted(self.stations) if sq in own)

    def intersections(self, player: str) -> frozenset[int]:
        """Track squares of `player` with 3 or 4 neighbours on `player`'s track (SG-10)."""
        own = self.track[player]
        nb = self.board.neighbours
        return frozenset(sq for sq in own if sum(n in own for n in nb(sq)) >= 3)

    def signature(self, players: frozenset[str] | tuple[str, ...]) -> tuple:
        """A hashable key for the part of the network that routing on `players` sees."""
        chosen = tuple(p for p in self.players if p in players)
        squares = frozenset().union(*(self.track[p] for p in chosen)) if chosen else frozenset()
        stations = tuple((sq, st.kind) for sq, st in sorted(self.stations.items()) if sq in squares)
        return tuple((p, self.track[p]) for p in chosen), stations

    # --- changes (each returns a new Network) ---
    def with_track(self, player: str, square: int) -> Network:
        return self._replace_track(player, self.track[player] | {square}, square)

    def without_track(self, player: str, square: int) -> Network:
        return self._replace_track(player, self.track[player] - {square}, square)

    def with_station(self, square: int, kind: StationKind, builder: str) -> Network:
        stations = dict(self.stations)
        stations[square] = Station(square, kind, builder)
        return self._changed(self.track, MappingProxyType(stations), self._restation(square, kind))

    def without_station(self, square: int) -> Network:
        stations = {sq: st for sq, st in self.stations.items() if sq != square}
        return self._changed(self.track, MappingProxyType(stations), self._restation(square, None))

    def _replace_track(self, player: str, squares: frozenset[int], square: int) -> Network:
        """The network with `player`'s track now `squares`: `square` joined or left it."""
        track = dict(self.track)
        track[player] = squares
        served = {p: v for p, v in self._served.items() if p != player}
        found = self._served.get(player)
        if found is not None:
            station = self.stations.get(square)
            kind = station.kind if station is not None and square in squares else None
            served[player] = found if station is None else _placed(found, square, kind)
        return self._changed(MappingProxyType(track), self.stations, served)

    def _changed(
        self,
        track: Mapping[str, frozenset[int]],
        stations: Mapping[int, Station],
        served: dict[str, tuple[tuple[int, str], ...]],
    ) -> Network:
        """A new Network from parts already checked and read-only (no copies made)."""
        network = object.__new__(Network)
        # The fields set as the frozen dataclass's own __init__ leaves them, in one update.
        network.__dict__.update(
            board=self.board, players=self.players, track=track, stations=stations, _served=served
        )
        return network

    def _restation(self, square: int, kind: str | None) -> dict[str, tuple[tuple[int, str], ...]]:
        """The `served` lists known so far once the station on `square` is of `kind` (None:
        gone): changed for every system with track there (SG-11), the rest as they were."""
        return {
            p: _placed(found, square, kind) if square in self.track[p] else found
            for p, found in self._served.items()
        }


def _placed(
    served: tuple[tuple[int, str], ...], square: int, kind: str | None
) -> tuple[tuple[int, str], ...]:
    """`served` (by square) with the station on `square` now of `kind` (None: gone)."""
    at = bisect.bisect_left(served, (square,))  # the first entry on `square` or after it
    after = at + 1 if at < len(served) and served[at][0] == square else at
    if kind is None:
        return served[:at] + served[after:]
    return (*served[:at], (square, kind), *served[after:])
