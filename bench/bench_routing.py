"""Trip routing: the Router (compiled, cached per system) vs a networkx Dijkstra per trip
(SG-9..SG-14).

Run: .venv/bin/python -m bench.bench_routing
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import networkx as nx

from subwaysim.board import Board
from subwaysim.network import Network
from subwaysim.routing import RouteCache, Router, RoutingRules
from subwaysim.routing.reference import (
    reference_graph,
    reference_options,
    reference_subset_graphs,
)
from subwaysim.routing.rules import WALK

PLAYERS = ("IRT", "BRT")
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
Trip = tuple[int, int]


def grow_track(rng: random.Random, board: Board, taken: set[int], target: int) -> set[int]:
    """Lines grown from a random square in straight runs of 1-4 squares, as players build."""
    track = {rng.choice([sq for sq in range(board.size) if sq not in taken])}
    while len(track) < target:
        file, rank = board.coords(rng.choice(sorted(track)))
        df, dr = rng.choice(DIRECTIONS)
        for _ in range(rng.randint(1, 4)):
            file, rank = file + df, rank + dr
            if not (0 <= file < board.width and 0 <= rank < board.height):
                break
            square = rank * board.width + file
            if square in taken and rng.random() < 0.8:
                break  # building on another system costs the whole phase: rarely done
            track.add(square)
    return track


def mid_game_network(seed: int) -> Network:
    rng = random.Random(seed)
    hazards = frozenset(rng.sample(range(144), 14))
    board = Board(hazards=hazards)  # the classic 12 x 12 board
    track: dict[str, set[int]] = {}
    for player in PLAYERS:
        taken = set().union(*track.values()) if track else set()
        track[player] = grow_track(rng, board, taken, rng.randint(20, 30))
    network = Network(board, PLAYERS, {p: frozenset(t) for p, t in track.items()})
    for player in PLAYERS:
        free = sorted(track[player] - set(network.stations))
        for square in rng.sample(free, rng.randint(4, 6)):
            kind = "express" if rng.random() < 0.35 else "local"
            network = network.with_station(square, kind, player)
    return network


def draw_trips(seed: int, board: Board, count: int) -> list[Trip]:
    rng = random.Random(seed)
    return [(rng.randrange(board.size), rng.randrange(board.size)) for _ in range(count)]


def fast(network: Network, rules: RoutingRules, trips: list[Trip]) -> list[tuple]:
    """A fresh Router (and cache): every system's rides, then the trips."""
    router = Router(network, rules)
    answers = []
    for origin, destination in trips:
        options = router.options(origin, destination)
        route = router.route(origin, destination, options.choices[0])
        answers.append((options.distance, options.choices, route.distance))
    return answers


def baseline(network: Network, rules: RoutingRules, trips: list[Trip], prebuilt: bool) -> list:
    """networkx per trip, per set of systems as SG-14 needs (smallest sets first); with
    `prebuilt`, each set's state graph is built once, else once per call."""
    graphs = reference_subset_graphs(network, rules) if prebuilt else None
    answers = []
    for origin, destination in trips:
        distance, choices = reference_options(network, rules, origin, destination, graphs)
        if origin == destination:  # no trip to route
            answers.append((distance, choices, 0))
            continue
        systems, walking = mode_key(choices[0], rules)
        graph = (
            graphs[systems, walking]
            if graphs
            else reference_graph(network, rules, systems, walking)
        )
        path = nx.dijkstra_path(graph, ("walk", origin, None), ("arrive", destination))
        answers.append((distance, choices, nx.path_weight(graph, path, "weight")))
    return answers


def mode_key(choice: frozenset[str], rules: RoutingRules) -> tuple[frozenset[str], bool]:
    """A route choice (systems, and `walk` when walking is a mode, SG-14) as the reference's
    (systems, walking allowed) key."""
    walking = WALK in choice or not rules.walking_is_a_mode
    return choice - {WALK}, walking


def timed(run: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def compare(label: str, network: Network, rules: RoutingRules, trips: list[Trip]) -> None:
    """Best of several interleaved runs, so that a busy machine hurts both sides alike."""
    runs: dict[str, list[float]] = {"router": [], "prebuilt": [], "per call": []}
    answers = {}
    for round_ in range(3):
        for _ in range(3):
            seconds, answers["router"] = timed(lambda: fast(network, rules, trips))
            runs["router"].append(seconds)
        seconds, answers["prebuilt"] = timed(lambda: baseline(network, rules, trips, True))
        runs["prebuilt"].append(seconds)
        if round_ == 0:  # slow: once is enough
            seconds, answers["per call"] = timed(lambda: baseline(network, rules, trips, False))
            runs["per call"].append(seconds)
    best = {name: min(times) for name, times in runs.items()}
    build = min(timed(lambda: Router(network, rules).rideable)[0] for _ in range(5))
    agree = answers["router"] == answers["prebuilt"] == answers["per call"]
    print(
        f"{label}: {len(trips)} trips  router {best['router'] * 1000:5.1f} ms "
        f"(build {build * 1000:4.1f}) | "
        f"networkx, graphs per set {best['prebuilt'] * 1000:7.1f} ms "
        f"({best['prebuilt'] / best['router']:5.1f}x) | "
        f"networkx, graph per call {best['per call'] * 1000:8.1f} ms "
        f"({best['per call'] / best['router']:6.1f}x) | agree {agree}"
    )
    if not agree:
        raise SystemExit("Router and networkx reference disagree")


def settle(router: Router) -> object:
    """What a build makes the router redo: every system's rides, and one trip's options."""
    return router.rideable, router.options(0, router.network.board.size - 1)


def rebuild(network: Network, rules: RoutingRules) -> None:
    """Time the rides and a trip after one track change, with and without the shared cache."""
    changed_player = PLAYERS[0]
    extra = next(
        n
        for sq in sorted(network.track[changed_player])
        for n in network.board.neighbours(sq)
        if n not in network.track[changed_player]
    )
    changed = network.with_track(changed_player, extra)

    def cold() -> object:
        return settle(Router(changed, rules, RouteCache()))

    def warm() -> object:
        cache = RouteCache()
        settle(Router(network, rules, cache))
        start = time.perf_counter()
        settle(Router(changed, rules, cache))
        return time.perf_counter() - start, cache

    cold_s = min(timed(cold)[0] for _ in range(5))
    warm_runs = [warm() for _ in range(5)]
    warm_s = min(seconds for seconds, _ in warm_runs)
    cache = warm_runs[-1][1]
    print(
        f"rebuild after one track change: cold {cold_s * 1000:6.2f} ms  "
        f"with cache {warm_s * 1000:6.2f} ms  ratio {cold_s / warm_s:4.1f}x  "
        f"(cache hits {cache.hits}, misses {cache.misses})"
    )


def main() -> None:
    network = mid_game_network(seed=2024)
    trips = draw_trips(seed=7, board=network.board, count=300)
    sizes = ", ".join(
        f"{p} {len(network.track[p])} track / {len(network.stations_of(p))} stations"
        for p in PLAYERS
    )
    print(f"12 x 12 board, {len(network.board.hazards)} hazards; {sizes}")
    compare("default rules      ", network, RoutingRules(), trips)
    compare("transfer_cost=1    ", network, RoutingRules(transfer_cost=1), trips)
    rebuild(network, RoutingRules())


if __name__ == "__main__":
    main()
