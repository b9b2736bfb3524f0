"""The players design the system (MT-1): in turn, each enters one complete route until the
agreed number exists. Each route is checked as it is typed (MT-2) and refused with the
reason, so the player can type it again.

A route is typed as stop ids separated by spaces or commas, optionally preceded by
`NAME:` and followed by `loop`, e.g. `Harbour: A B C D loop`. New ids create stops; ids
already used (in any case) are the same stop, which makes it a transfer.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text

from abstracts.transit_chess.generator import MAX_ROUTES
from abstracts.transit_chess.render import diagram
from abstracts.transit_chess.rules import SIDES
from abstracts.transit_chess.system import (
    STOP_ID,
    MapError,
    Route,
    Stop,
    TransitSystem,
    build_system,
)

NAME = "Designed system"


def design_system(
    routes_wanted: int,
    first_side: int,
    ask: Callable[[str], str],
    show: Callable[[RenderableType], None],
) -> TransitSystem:
    """The system the players enter route by route, `first_side` first (MT-1)."""
    count = _route_count(routes_wanted, ask, show)
    stops: dict[str, Stop] = {}
    routes: list[Route] = []
    show(Text(f"Design the system: {count} routes, entered in turn ({HELP})."))
    while len(routes) < count:
        player = SIDES[(first_side + len(routes)) % 2]
        line = ask(f"{player}, route {len(routes) + 1} of {count}> ")
        try:
            route, new = parse_route(line, stops, routes)
        except MapError as exc:
            show(Text(f"Error: {exc}", style="red"))
            continue
        if routes and len(new) == len(set(route.stops)):
            show(Text("Note: this route shares no stop with the others yet.", style="yellow"))
        stops |= new
        routes.append(route)
        show(diagram(_system(stops, routes)))
    return _system(stops, routes)


HELP = "stop ids separated by spaces, 'loop' at the end for a loop, optionally 'Name:' first"


def _route_count(
    default: int, ask: Callable[[str], str], show: Callable[[RenderableType], None]
) -> int:
    while True:
        answer = ask(f"How many routes? [{default}] ").strip()
        if not answer:
            return default
        if answer.isdigit() and 1 <= int(answer) <= MAX_ROUTES:
            return int(answer)
        show(Text(f"Error: give a number of routes from 1 to {MAX_ROUTES}", style="red"))


def parse_route(
    line: str, stops: dict[str, Stop], routes: list[Route]
) -> tuple[Route, dict[str, Stop]]:
    """The route a player typed and the stops it adds; MapError says what is wrong (MT-2)."""
    name, colon, rest = line.partition(":")
    if not colon:
        name, rest = f"Route {len(routes) + 1}", line
    name = name.strip()
    words = rest.replace(",", " ").split()
    loop = bool(words) and words[-1].lower() == "loop"
    words = words[:-1] if loop else words
    known = {stop_id.casefold(): stop_id for stop_id in stops}
    ids = [known.get(word.casefold(), word) for word in words]
    if len(ids) < 2:
        raise MapError(f"route {name!r} has fewer than two stops (MT-2); {HELP}")
    for word in ids:
        if not STOP_ID.match(word):
            raise MapError(f"stop id {word!r} must be letters, digits or _ (MT-1)")
    new = {stop_id: Stop(stop_id, stop_id) for stop_id in ids if stop_id not in stops}
    route = Route(name, tuple(ids), loop)
    build_system(NAME, [*stops.values(), *new.values()], [*routes, route])  # MT-2 checks
    return route, new


def _system(stops: dict[str, Stop], routes: list[Route]) -> TransitSystem:
    return build_system(NAME, stops.values(), routes)
