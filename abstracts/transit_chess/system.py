"""Transit systems (MT-1) and the checks every system passes before play (MT-2).

A system is stops plus routes; a route is a sequence of distinct stops, joined end to end
when it is a loop. Systems come from map files, the bundled maps, the random generator and
the players' own designs; all of them are built by `build_system`, which refuses a bad one
with an error naming the stop or route (and, through `where`, the file and line).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

STOP_ID = re.compile(r"^[A-Za-z0-9_]+$")


class MapError(ValueError):
    """A transit system that breaks MT-1/MT-2; the message names the stop or route (and line)."""


@dataclass(frozen=True, slots=True)
class Stop:
    id: str
    name: str
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True, slots=True)
class Route:
    name: str
    stops: tuple[str, ...]
    loop: bool = False

    def segments(self) -> list[tuple[str, str]]:
        """Consecutive pairs of stops, including last-to-first on a loop (MT-1)."""
        pairs = list(zip(self.stops, self.stops[1:], strict=False))
        if self.loop and len(self.stops) > 2:
            pairs.append((self.stops[-1], self.stops[0]))
        return pairs


@dataclass(frozen=True, slots=True)
class TransitSystem:
    """A validated transit system; build it with `build_system`."""

    name: str
    stops: tuple[Stop, ...]
    routes: tuple[Route, ...]
    year: int | None = None
    _by_id: dict[str, Stop] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {stop.id: stop for stop in self.stops})

    def stop(self, stop_id: str) -> Stop:
        return self._by_id[stop_id]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(stop.id for stop in self.stops)

    def routes_through(self, stop_id: str) -> list[Route]:
        return [route for route in self.routes if stop_id in route.stops]

    def transfers(self) -> frozenset[str]:
        """Stops on two or more routes (the only places a Transfer Rider can change, MT-7)."""
        seen: dict[str, int] = {}
        for route in self.routes:
            for stop_id in route.stops:
                seen[stop_id] = seen.get(stop_id, 0) + 1
        return frozenset(stop_id for stop_id, n in seen.items() if n > 1)

    def graph(self) -> nx.Graph:
        """Stops joined by route segments (for structure questions: components, degrees)."""
        graph = nx.Graph()
        graph.add_nodes_from(self.ids)
        for route in self.routes:
            graph.add_edges_from(route.segments())
        return graph

    def is_connected(self) -> bool:
        return nx.is_connected(self.graph())

    def to_data(self) -> dict[str, Any]:
        """The system in map-file form (plain JSON/YAML data; `build_system` reads it back)."""
        data: dict[str, Any] = {"name": self.name}
        if self.year is not None:
            data["year"] = self.year
        data["stops"] = [_stop_data(stop) for stop in self.stops]
        data["routes"] = {
            route.name: {"stops": list(route.stops), "loop": True}
            if route.loop
            else list(route.stops)
            for route in self.routes
        }
        return data


def _stop_data(stop: Stop) -> dict[str, Any]:
    data: dict[str, Any] = {"id": stop.id, "name": stop.name}
    if stop.x is not None:
        data["x"] = stop.x
    if stop.y is not None:
        data["y"] = stop.y
    return data


# A place in the source a problem is about: ("stop", index) or ("route", name).
Where = Callable[[tuple[str, Any]], str]


def no_lines(_: tuple[str, Any]) -> str:
    return ""


def build_system(
    name: str,
    stops: Iterable[Stop],
    routes: Iterable[Route],
    year: int | None = None,
    where: Where = no_lines,
) -> TransitSystem:
    """A TransitSystem after the MT-1/MT-2 checks; MapError names the first problem found."""
    stops, routes = tuple(stops), tuple(routes)
    for problem in _problems(stops, routes):
        place, message = problem
        prefix = where(place)
        raise MapError(f"{prefix}: {message}" if prefix else message)
    return TransitSystem(name=name, stops=stops, routes=routes, year=year)


def _problems(
    stops: tuple[Stop, ...], routes: tuple[Route, ...]
) -> Iterable[tuple[tuple[str, Any], str]]:
    if not stops:
        yield ("map", None), "the map has no stops (MT-1)"
    if not routes:
        yield ("map", None), "the map has no routes (MT-1)"
    known: dict[str, str] = {}
    for index, stop in enumerate(stops):
        if not STOP_ID.match(stop.id):
            yield ("stop", index), f"stop id {stop.id!r} must be letters, digits or _ (MT-1)"
        if stop.id.casefold() in known:
            yield ("stop", index), f"stop {stop.id!r} is listed twice (MT-1)"
        if not stop.name.strip():
            yield ("stop", index), f"stop {stop.id!r} has an empty name (MT-1)"
        known[stop.id.casefold()] = stop.id
    yield from _route_problems(known, routes)
    on_route = {stop_id for route in routes for stop_id in route.stops}
    for index, stop in enumerate(stops):
        if stop.id not in on_route:
            yield ("stop", index), f"stop {stop.id!r} ({stop.name}) is on no route (MT-2)"


def _route_problems(
    known: Mapping[str, str], routes: tuple[Route, ...]
) -> Iterable[tuple[tuple[str, Any], str]]:
    names: set[str] = set()
    for route in routes:
        place = ("route", route.name)
        if not route.name.strip():
            yield place, "a route has an empty name (MT-1)"
        if route.name in names:
            yield place, f"route {route.name!r} is defined twice (MT-1)"
        names.add(route.name)
        for stop_id in route.stops:
            if known.get(stop_id.casefold()) != stop_id:
                yield place, f"route {route.name!r} names unknown stop {stop_id!r} (MT-2)"
        repeated = sorted({s for s in route.stops if route.stops.count(s) > 1})
        if repeated:
            yield place, f"route {route.name!r} repeats stop {repeated[0]!r} (MT-2)"
        if len(route.stops) < 2:
            yield place, f"route {route.name!r} has fewer than two stops (MT-2)"
