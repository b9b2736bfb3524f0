"""The Subway Game at table speed (issue 12), every figure a ratio measured in this run.

The unit is one networkx query: a single-pair Dijkstra on the networkx reference graph of
a mid-game classic network (`reference_routing`, the yardstick the project started from).
- a greedy-vs-greedy and a random-vs-random classic game, in networkx-query equivalents
  (goals <= 1,000 and <= 150), and in the grid unit of issue 28: single-pair
  `networkx.dijkstra_path_length` queries on `networkx.grid_2d_graph(12, 12)` (goals <= 700
  and <= 250); each game figure the median of 3 rounds of the same games (1 with `quick`);
- routing a whole game's trips, like for like: the Router's SG-13/SG-14 options of every
  trip (what a game asks; fresh cache) against networkx per trip (graphs built once per
  network, then SG-14 by subsets) (>= 100x); and the Router drawing every trip's route as
  well (what a log or `subway route` adds, which the networkx side does not do);
- cost per turn with 3 and 4 players relative to 2 (<= 1.5x and <= 2x);
- a 24 x 24 board relative to 12 x 12, whole games (<= 5x);
- a 200-game sweep on 2 worker processes against 1 (>= 1.8x on an idle 2-core machine).

Run: .venv/bin/python -m bench.bench_subway [quick] [games]
(`games` stops after the two game figures: no sweep on two processes beside other work.)
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from subwaysim.engine import Game
from subwaysim.events import Event, TripTaken
from subwaysim.network import Network
from subwaysim.routing import RouteCache, Router
from subwaysim.routing.reference import (
    reference_distance,
    reference_graph,
    reference_options,
    reference_subset_graphs,
)
from subwaysim.scenario import Scenario, load_scenario
from subwaysim.state import routing_rules
from subwaysim.turn import play_turn

CLASSIC = Path(__file__).resolve().parents[1] / "scenarios" / "classic.yaml"
RANDOMS = ["players.0.agent=random", "players.1.agent=random"]


def timed(run: Callable[[], object]) -> float:
    """CPU seconds of `run` (steadier than wall time on a shared machine)."""
    start = time.process_time()
    run()
    return time.process_time() - start


def wall(run: Callable[[], object]) -> float:
    """Wall seconds of `run`: for parallel work, where CPU seconds would hide the gain."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def mid_game(scenario: Scenario, seed: int = 0, turns: int = 30) -> Game:
    game = Game(scenario, seed)
    for _ in range(turns):
        play_turn(game.state, game.agents)
    return game


def networkx_query(scenario: Scenario) -> float:
    """Seconds of one single-pair networkx Dijkstra on a mid-game network (median of runs)."""
    state = mid_game(scenario).state
    rules, network = state.routing, state.network
    graph = reference_graph(network, rules)
    rng = random.Random(0)
    pairs = [(rng.randrange(state.board.size), rng.randrange(state.board.size)) for _ in range(300)]
    runs = []
    for _ in range(5):
        runs.append(
            timed(lambda: [reference_distance(network, rules, o, d, graph=graph) for o, d in pairs])
            / len(pairs)
        )
    return statistics.median(runs)


def grid_query() -> float:
    """Seconds of one single-pair `networkx.dijkstra_path_length` on `grid_2d_graph(12, 12)`
    (the unit issue 28 sets, beside the mid-game reference graph's; median of runs)."""
    import networkx as nx

    graph = nx.grid_2d_graph(12, 12)
    nodes = list(graph.nodes)
    rng = random.Random(0)
    pairs = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(300)]
    runs = []
    for _ in range(5):
        runs.append(
            timed(lambda: [nx.dijkstra_path_length(graph, o, d) for o, d in pairs]) / len(pairs)
        )
    return statistics.median(runs)


def game_seconds(scenario: Scenario, seeds: range, repeats: int = 1) -> float:
    """Mean seconds of a whole game (no listeners: what a sweep's game costs bar its summary);
    with `repeats`, the median of that many rounds of the same games (as the units are the
    median of their runs: a shared machine's bursts move one round, not the median)."""
    Game(scenario, seeds[0]).run()  # load compiled kernels, warm caches of the board
    rounds = [
        statistics.mean(timed(Game(scenario, seed).run) for seed in seeds) for _ in range(repeats)
    ]
    return statistics.median(rounds)


def recorded_trips(scenario: Scenario, seed: int) -> list[tuple[Network, int, int]]:
    game = Game(scenario, seed)
    trips: list[tuple[Network, int, int]] = []
    board = game.state.board

    def record(event: Event) -> None:
        if isinstance(event, TripTaken):
            trips.append(
                (game.state.network, board.square(event.origin), board.square(event.destination))
            )

    game.observers.append(record)
    game.run()
    return trips


def route_with_router(
    trips: list[tuple[Network, int, int]], scenario: Scenario, draw: bool = False
) -> None:
    """Every trip's options (SG-13, SG-14), as a game asks; with `draw`, its route too."""
    rules, cache, router = routing_rules(scenario), RouteCache(), None
    for network, o, d in trips:
        if router is None or router.network is not network:
            router = Router(network, rules, cache)
        options = router.options(o, d)
        if draw:
            router.route(o, d, options.choices[0])


def route_with_networkx(trips: list[tuple[Network, int, int]], scenario: Scenario) -> None:
    rules, graphs, current = routing_rules(scenario), None, None
    for network, o, d in trips:
        if network is not current:
            graphs, current = reference_subset_graphs(network, rules), network
        reference_options(network, rules, o, d, graphs)


def players_scenario(count: int, turns: int) -> Scenario:
    """The classic board with `count` greedy companies for `turns` rounds."""
    names = ("IRT", "BRT", "LIRR", "PATH")[:count]
    players = ", ".join(f"{{name: {n}, agent: greedy}}" for n in names)
    return load_scenario(CLASSIC, [f"end.turns={turns}", f"players=[{players}]"])


def per_turn(scenario: Scenario, seeds: range) -> float:
    seconds = game_seconds(scenario, seeds)
    return seconds / (scenario.end.turns * len(scenario.players))


def sweep_speedup(games: int) -> tuple[float, float, float]:
    """Seconds of `games` greedy games (10 rounds) on 1 and on 2 worker processes."""
    from subwaysim.sweep.plan.plan import plan_sweep
    from subwaysim.sweep.run.backends import process_pool, serial

    plan = plan_sweep(CLASSIC, ["end.turns=10"], games, 0, False)
    tasks = plan.tasks([])
    one = wall(lambda: list(serial(tasks)))
    two = wall(lambda: list(process_pool(2)(tasks)))
    return one, two, one / two


def main(quick: bool = False, games_only: bool = False) -> None:
    classic = load_scenario(CLASSIC)
    randoms = load_scenario(CLASSIC, RANDOMS)
    query = networkx_query(classic)
    grid = grid_query()
    print(
        f"unit: one networkx single-pair query on a mid-game classic network: {query * 1e6:.0f} µs"
    )
    print(f"grid unit: one networkx single-pair query on a 12 x 12 grid graph: {grid * 1e6:.0f} µs")

    seeds = range(2 if quick else 4)
    repeats = 1 if quick else 3
    greedy = game_seconds(classic, seeds, repeats)
    rand = game_seconds(randoms, range(6 if quick else 12), repeats)
    for label, seconds, goal, grid_goal in (
        ("greedy", greedy, 1000, 700),
        ("random", rand, 150, 250),
    ):
        print(
            f"{label} vs {label} classic game: {seconds * 1000:7.1f} ms = "
            f"{seconds / query:6.0f} queries (goal <= {goal}) = "
            f"{seconds / grid:6.0f} grid queries (goal <= {grid_goal})"
        )
    if games_only:
        return

    trips = recorded_trips(classic, 1)
    fast = min(timed(lambda: route_with_router(trips, classic)) for _ in range(3))
    drawn = min(timed(lambda: route_with_router(trips, classic, draw=True)) for _ in range(3))
    slow = timed(lambda: route_with_networkx(trips, classic))
    networks = len({id(n) for n, _, _ in trips})
    print(
        f"routing a whole game's {len(trips)} trips on {networks} networks (options): "
        f"Router {fast * 1000:.1f} ms, networkx per trip {slow * 1000:.0f} ms: "
        f"{slow / fast:.0f}x (goal >= 100x)"
    )
    print(
        f"  the Router drawing every route as well: {drawn * 1000:.1f} ms, "
        f"{slow / drawn:.0f}x the networkx options"
    )

    turns = 8 if quick else 15
    two = per_turn(players_scenario(2, turns), seeds)
    for count, goal in ((3, 1.5), (4, 2.0)):
        more = per_turn(players_scenario(count, turns), seeds)
        print(f"cost per turn, {count} players vs 2: {more / two:.2f}x (goal <= {goal}x)")

    small = load_scenario(CLASSIC, [f"end.turns={turns}"])
    large = load_scenario(CLASSIC, [f"end.turns={turns}", "board.sections=[4, 4]"])
    ratio = game_seconds(large, seeds) / game_seconds(small, seeds)
    print(f"24 x 24 board vs 12 x 12, whole games of {turns} rounds: {ratio:.2f}x (goal <= 5x)")

    if (os.cpu_count() or 1) < 2:
        print("sweep --jobs 2 vs --jobs 1: skipped (one core)")
        return
    games = 40 if quick else 200
    one, two_jobs, speedup = sweep_speedup(games)
    print(
        f"sweep of {games} games: --jobs 1 {one:.1f} s, --jobs 2 {two_jobs:.1f} s: "
        f"{speedup:.2f}x (goal >= 1.8x on an idle 2-core machine)"
    )


if __name__ == "__main__":
    main("quick" in sys.argv[1:], "games" in sys.argv[1:])
