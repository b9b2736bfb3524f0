"""Values of trip routing: the rules options, legs, routes and a trip's options (SG-9..SG-15)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

HazardCostOn = Literal["leave", "enter"]


class RouteError(ValueError):
    """A trip or set of systems that routing cannot take (off-board square, unknown system)."""


@dataclass(frozen=True, slots=True)
class RoutingRules:
    """The scenario options that change trip distances."""

    hazard_walk_cost: int = 2  # SG-9
    hazard_cost_on: HazardCostOn = "leave"  # SG-9 option
    transfer_cost: int = 0  # SG-13 option

    def __post_init__(self) -> None:
        if isinstance(self.hazard_walk_cost, bool) or not isinstance(self.hazard_walk_cost, int):
            raise RouteError(f"hazard_walk_cost must be an integer, not {self.hazard_walk_cost!r}")
        if self.hazard_walk_cost < 1:
            raise RouteError(f"hazard_walk_cost must be at least 1, not {self.hazard_walk_cost}")
        if self.hazard_cost_on not in ("leave", "enter"):
            raise RouteError(
                f"hazard_cost_on must be 'leave' or 'enter', not {self.hazard_cost_on!r}"
            )
        if isinstance(self.transfer_cost, bool) or not isinstance(self.transfer_cost, int):
            raise RouteError(f"transfer_cost must be an integer, not {self.transfer_cost!r}")
        if self.transfer_cost < 0:
            raise RouteError(f"transfer_cost must not be negative, not {self.transfer_cost}")

    def step_cost(self, leaving_hazard: bool, entering_hazard: bool) -> int:
        """SG-9: a step costs 1, or hazard_walk_cost when it leaves (or enters) a hazard."""
        hazard = leaving_hazard if self.hazard_cost_on == "leave" else entering_hazard
        return self.hazard_walk_cost if hazard else 1


@dataclass(frozen=True, slots=True)
class Walk:
    """Walking (SG-9): every square walked, both ends included."""

    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Ride:
    """One ride on one system (SG-12).

    `stops` are the boarding station, every stop the train makes and the alighting station,
    so `len(stops)` is the ride's distance; `squares` is every track square passed, both ends
    included. `express` is true when both the boarding and the alighting station are express.
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


@dataclass(frozen=True, slots=True)
class TripOptions:
    """What a trip offers the player whose turn it is (SG-13, SG-14).

    `choices` holds every set of systems of the smallest size that achieves the shortest
    `distance`, ordered by seat; the player chooses among them when there is more than one.
    """

    origin: int
    destination: int
    distance: int
    choices: tuple[frozenset[str], ...]
