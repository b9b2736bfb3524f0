"""What routing answers: walks, rides, whole routes and a trip's options (SG-9..SG-15)."""

from __future__ import annotations

from dataclasses import dataclass

from subwaysim.routing.rules import WALK


@dataclass(frozen=True, slots=True)
class Walk:
    """Walking (SG-9): every square walked, both ends included."""

    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Ride:
    """One ride on one system (SG-12).

    `stops` are the boarding station, every stop the train makes and the alighting station,
    so `len(stops)` is the ride's distance; `squares` is every track square passed, both ends
    included. `express` is true when the ride passed local stations without stopping
    (an express hop, or the express train of the `both_ends` option).
    """

    system: str
    stops: tuple[int, ...]
    express: bool
    squares: tuple[int, ...]


Leg = Walk | Ride


@dataclass(frozen=True, slots=True)
class Route:
    """A shortest trip (SG-13): its legs chain from origin to destination.

    `systems` lists the systems ridden in seat order; () for a pure walk and for a trip
    from a square to itself (distance 0, no legs, SG-15).
    """

    origin: int
    destination: int
    distance: int
    systems: tuple[str, ...]
    legs: tuple[Leg, ...]

    @property
    def rides(self) -> tuple[Ride, ...]:
        return tuple(leg for leg in self.legs if isinstance(leg, Ride))

    @property
    def walks(self) -> bool:
        return any(isinstance(leg, Walk) for leg in self.legs)


@dataclass(frozen=True, slots=True)
class TripOptions:
    """What a trip offers the player whose turn it is (SG-13, SG-14).

    `choices` holds every set of modes of the smallest size that achieves the shortest
    `distance`: system names, plus `walk` when walking is a mode (SG-14 option). They are
    ordered by seat (walking first); the player chooses when there is more than one.
    """

    origin: int
    destination: int
    distance: int
    choices: tuple[frozenset[str], ...]


def systems_of(modes: frozenset[str]) -> frozenset[str]:
    """The subway systems in a set of modes (walking is not a system)."""
    return modes - {WALK}


def ordered_modes(players: tuple[str, ...], modes: frozenset[str]) -> tuple[str, ...]:
    """A set of modes as logs and `route --json` write it: walking first, then seat order."""
    return (*((WALK,) if WALK in modes else ()), *(p for p in players if p in modes))
