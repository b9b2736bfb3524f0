"""Where a system's trains stop and riders board (SG-10..SG-12)."""

from __future__ import annotations

from dataclasses import dataclass

from subwaysim.network import Network


@dataclass(frozen=True, slots=True)
class SystemStops:
    """One system's track, the stations serving it and its intersections."""

    system: str
    track: frozenset[int]
    stations: frozenset[int]  # SG-11: every station on a square of this system's track
    express: frozenset[int]
    intersections: frozenset[int]  # SG-10

    @classmethod
    def of(cls, network: Network, system: str) -> SystemStops:
        track = network.track[system]
        stations = frozenset(sq for sq in network.stations if sq in track)
        express = frozenset(sq for sq in stations if network.stations[sq].kind == "express")
        return cls(system, track, stations, express, network.intersections(system))

    @property
    def rideable(self) -> bool:
        """SG-12: a ride needs a boarding and a different alighting station."""
        return len(self.stations) >= 2

    def boarding(self, express: bool) -> frozenset[int]:
        """Stations where a ride in this mode may start or end (never an intersection, SG-12)."""
        return self.express if express else self.stations

    def is_stop(self, square: int, express: bool) -> bool:
        """SG-12: trains stop at stations and intersections; express trains skip locals."""
        return square in self.intersections or square in self.boarding(express)

    def ride_stops(self, squares: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
        """The stops counted by a ride over `squares` (station to station) and its mode."""
        express = squares[0] in self.express and squares[-1] in self.express
        passed = tuple(sq for sq in squares[1:-1] if self.is_stop(sq, express))
        return (squares[0], *passed, squares[-1]), express
