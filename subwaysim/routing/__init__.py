"""Trip routing: walking and riding the players' subway systems (SG-9..SG-15).

`Router(network, rules, cache).options(o, d)` gives a trip's shortest distance and its
SG-14 choices of systems; `route(o, d, systems)` the legs of one shortest trip;
`trip_table()` every trip at once for agents.
"""

from subwaysim.routing.cache import RouteCache
from subwaysim.routing.router import Router
from subwaysim.routing.table import TripTable
from subwaysim.routing.values import (
    Leg,
    Ride,
    Route,
    RouteError,
    RoutingRules,
    TripOptions,
    Walk,
)

__all__ = [
    "Leg",
    "Ride",
    "Route",
    "RouteCache",
    "RouteError",
    "Router",
    "RoutingRules",
    "TripOptions",
    "TripTable",
    "Walk",
]
