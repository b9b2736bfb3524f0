"""Whole games on the classic scenario: games per second, and routing a whole game's trips.

Routing: every trip of a recorded greedy-vs-greedy game is answered twice, by the Router
(cached per system, SG-13/SG-14 options: what a game asks) and by the networkx baseline
(reference graphs built once per network, then one Dijkstra per trip and set of systems),
in the same run; the ratio is the speed-up. The Router drawing each route as well (what a
log adds) is timed too.
"""

from __future__ import annotations

import time
from pathlib import Path

from subwaysim.engine import Game
from subwaysim.events import Event, TripTaken
from subwaysim.network import Network
from subwaysim.routing import RouteCache, Router
from subwaysim.routing.reference import reference_options, reference_subset_graphs
from subwaysim.scenario import Scenario, load_scenario

CLASSIC = Path(__file__).resolve().parents[1] / "scenarios" / "classic.yaml"


def games_per_second(scenario: Scenario, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        Game(scenario, seed).run()
    return games / (time.perf_counter() - start)


def recorded_trips(scenario: Scenario, seed: int) -> list[tuple[Network, int, int]]:
    game = Game(scenario, seed)
    trips: list[tuple[Network, int, int]] = []
    board = game.state.board

    def record(event: Event) -> None:
        if isinstance(event, TripTaken):
            o, d = board.square(event.origin), board.square(event.destination)
            trips.append((game.state.network, o, d))

    game.observers.append(record)
    game.run()
    return trips


def route_with_router(trips: list[tuple[Network, int, int]], rules, draw: bool = False) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    cache, router = RouteCache(), None
    for network, o, d in trips:
        if router is None or router.network is not network:
            router = Router(network, rules, cache)
        options = router.options(o, d)
        if draw:
            router.route(o, d, options.choices[0])
    return time.perf_counter() - start


def route_with_networkx(trips: list[tuple[Network, int, int]], rules) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    graphs, current = None, None
    for network, o, d in trips:
        if network is not current:
            graphs, current = reference_subset_graphs(network, rules), network
        reference_options(network, rules, o, d, graphs)
    return time.perf_counter() - start


def route_with_networkx_per_call(trips: list[tuple[Network, int, int]], rules) -> float:  # type: ignore[no-untyped-def]
    """The naive baseline: every trip builds its graphs and runs its Dijkstras."""
    start = time.perf_counter()
    for network, o, d in trips:
        reference_options(network, rules, o, d)
    return time.perf_counter() - start


def main() -> None:
    classic = load_scenario(CLASSIC)
    randoms = load_scenario(CLASSIC, ["players.0.agent=random", "players.1.agent=random"])
    from subwaysim.state import routing_rules

    trips = recorded_trips(classic, seed=1)
    networks = len({id(n) for n, _, _ in trips})
    rules = routing_rules(classic)
    route_with_router(trips, rules, draw=True)  # load the compiled kernels first
    fast = min(route_with_router(trips, rules) for _ in range(3))
    drawn = min(route_with_router(trips, rules, draw=True) for _ in range(3))
    slow = route_with_networkx(trips, rules)
    print(f"routing a whole classic game: {len(trips)} trips on {networks} networks")
    print(f"  Router, options (compiled, cached per system, best of 3):{fast * 1000:8.1f} ms")
    print(f"  networkx, graphs per network, Dijkstra per trip: {slow * 1000:8.1f} ms")
    print(f"  ratio: {slow / fast:.1f}x")
    naive = route_with_networkx_per_call(trips, rules)
    print(f"  networkx, graphs built per trip:  {naive * 1000:8.1f} ms  ratio {naive / fast:.1f}x")
    print(f"  Router, options and drawn routes: {drawn * 1000:8.1f} ms  ratio {slow / drawn:.1f}x")
    rr = games_per_second(randoms, 10)
    gg = games_per_second(classic, 5)
    print(f"random vs random: {rr:6.2f} games/s")
    print(f"greedy vs greedy: {gg:6.2f} games/s  (random/greedy ratio {rr / gg:.1f}x)")


if __name__ == "__main__":
    main()
