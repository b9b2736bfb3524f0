"""Seeded random transit systems (MT-1): N stops, K routes, every stop on a route, connected.

Routes are laid one after another: the first takes at least two fresh stops; each later one
takes its share of fresh stops and threads them through one or two stops already served,
so the system grows connected. Some routes become loops.
"""

from __future__ import annotations

import random
from string import ascii_uppercase

from abstracts.transit_chess.system import Route, Stop, TransitSystem, build_system

MAX_STOPS = 200
MAX_ROUTES = 40
LOOP_CHANCE = 0.2
SECOND_LINK_CHANCE = 0.4
ROUTE_NAMES = ("Red", "Blue", "Green", "Orange", "Gold", "Violet", "Silver", "Teal", "Pink")
FIRST = (
    *("Alder", "Amber", "Aspen", "Beacon", "Birch", "Bramble", "Cedar", "Copper", "Elm", "Fern"),
    *("Flint", "Hazel", "Heather", "Holly", "Ivy", "Juniper", "Laurel", "Linden", "Maple"),
    *("Oak", "Rowan", "Sorrel", "Willow", "Yew"),
)
SECOND = ("Bridge", "Cross", "Field", "Gate", "Green", "Hill", "Market", "Park", "Quay", "Square")


def random_system(n_stops: int, n_routes: int, rng: random.Random) -> TransitSystem:
    if not 2 <= n_stops <= MAX_STOPS:
        raise ValueError(f"a random system needs 2 to {MAX_STOPS} stops, not {n_stops}")
    if not 1 <= n_routes <= MAX_ROUTES:
        raise ValueError(f"a random system needs 1 to {MAX_ROUTES} routes, not {n_routes}")
    ids = [stop_code(i) for i in range(n_stops)]
    names = rng.sample([f"{a} {b}" for a in FIRST for b in SECOND], n_stops)
    stops = [Stop(stop_id, name) for stop_id, name in zip(ids, names, strict=True)]
    fresh = ids[:]
    rng.shuffle(fresh)
    routes: list[Route] = []
    served: list[str] = []
    for k, share in enumerate(_shares(n_stops, n_routes, rng)):
        new, fresh = fresh[:share], fresh[share:]
        sequence = new if k == 0 else _thread(new, served, rng)
        served += new
        loop = len(sequence) >= 3 and rng.random() < LOOP_CHANCE
        routes.append(Route(route_name(k), tuple(sequence), loop))
    return build_system(f"Random system ({n_stops} stops, {n_routes} routes)", stops, routes)


def _shares(n_stops: int, n_routes: int, rng: random.Random) -> list[int]:
    """Fresh stops per route: two for the first, then each stop to a random route."""
    shares = [2] + [0] * (n_routes - 1)
    for _ in range(n_stops - 2):
        shares[rng.randrange(n_routes)] += 1
    return shares


def _thread(new: list[str], served: list[str], rng: random.Random) -> list[str]:
    """A route of the fresh stops through one or two served stops (two stops at least)."""
    links = 2 if rng.random() < SECOND_LINK_CHANCE or len(new) == 0 else 1
    sequence = new[:]
    for link in rng.sample(served, min(links, len(served))):
        sequence.insert(rng.randrange(len(sequence) + 1), link)
    return sequence


def stop_code(i: int) -> str:
    """A, B, ..., Z, AA, AB, ...: short ids for generated stops."""
    code = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        code = ascii_uppercase[r] + code
    return code


def route_name(k: int) -> str:
    return ROUTE_NAMES[k] if k < len(ROUTE_NAMES) else f"Line {k + 1}"
