"""Trip routing: walking and riding the players' subway systems (SG-9..SG-15).

`Router(network, rules, cache).options(o, d)` gives a trip's shortest distance and its
SG-14 choices of modes; `route(o, d, modes)` the legs of one shortest trip. Walking is
computed once per board (`walking`), each system's rides once per change of that system
(`rides`, a compiled kernel); a trip is then a compiled search over the few stations of
the systems it may use (`station_graph`), and SG-14 tries sets of modes smallest first
(`modes`). `expectation` values many trips at once for players.
"""

from subwaysim.routing.cache import RouteCache
from subwaysim.routing.router import Router
from subwaysim.routing.routes import (
    Leg,
    Ride,
    Route,
    TripOptions,
    Walk,
    ordered_modes,
    systems_of,
)
from subwaysim.routing.rules import WALK, RouteError, RoutingRules

__all__ = [
    "WALK",
    "Leg",
    "Ride",
    "Route",
    "RouteCache",
    "RouteError",
    "Router",
    "RoutingRules",
    "TripOptions",
    "Walk",
    "ordered_modes",
    "systems_of",
]
