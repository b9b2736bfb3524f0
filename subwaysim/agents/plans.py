"""Candidate build plans a player weighs (SG-17, SG-21): a few builds with one purpose each.

- a station (local or express) on a square of its own track;
- a line: track from its network to a busy square (the cheapest way, hazard and shared
  squares at their real cost) and a station there (and one where the line starts, while
  the system has fewer than two stations);
- for a player without track, a line between two busy squares;
- removing one of its stations, or changing a local station to express;
- intensifying a square its own stations serve.
Each plan knows its cost in build points (a whole-phase build counts as the whole budget)
and the network it leaves; the player values them (`greedy.py`).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from subwaysim import builds
from subwaysim.builds import PHASE, Build
from subwaysim.network import Network
from subwaysim.state import GameState

TARGETS = 8  # busy squares considered as line ends
STATIONS = 4  # own track squares considered for a station (the busiest)
CHANGES = 3  # own stations considered for removal or a change to express (the quietest)
MAX_LINE = 12  # longest line (in build points) a plan may lay


@dataclass(frozen=True, slots=True)
class Plan:
    builds: tuple[Build, ...]
    cost: int
    prior: float = 0.0  # a cheap estimate, to choose which plans to value


def price(state: GameState, player: str, build: Build, budget: int, network: Network) -> int:
    """A build's cost in points; a whole-phase build counts as the whole budget."""
    cost = builds.cost(build, state, player, network)
    return max(budget, 1) if cost == PHASE else int(cost)


def plan_cost(state: GameState, player: str, steps: tuple[Build, ...], budget: int) -> int:
    network, total = state.network, 0
    for step in steps:
        total += price(state, player, step, budget, network)
        network = builds.apply(step, network, player)
    return max(total, 1)


def outcome(state: GameState, player: str, steps: tuple[Build, ...]) -> Network | None:
    """The network after every step, or None if some step no longer makes sense."""
    network = state.network
    for step in steps:
        own = network.track[player]
        if step.action == "track" and step.square in own:
            return None
        if step.action == "station" and (step.square in network.stations or step.square not in own):
            return None
        if step.action == "remove_station":
            station = network.stations.get(step.square)
            if station is None or station.builder != player:
                return None
        network = builds.apply(step, network, player)
    return network


def candidates(
    state: GameState, player: str, weights: np.ndarray, budget: int, rng: random.Random
) -> Iterator[Plan]:
    """Every plan worth valuing this phase (see the module)."""
    yield from stations(state, player, weights, budget)
    yield from lines(state, player, weights, budget, busy_squares(weights, rng))
    yield from removals(state, player, weights, budget)


def busy_squares(weights: np.ndarray, rng: random.Random) -> list[int]:
    """Squares drawn by weight without replacement: busy ones first, and a spread of them
    when many squares are about as busy (early in a game every square is)."""
    keys = [rng.random() ** (1 / w) if w > 0 else 0.0 for w in weights.tolist()]
    return sorted(range(len(weights)), key=lambda sq: -keys[sq])[: TARGETS * 3]


def stations(state: GameState, player: str, weights: np.ndarray, budget: int) -> Iterator[Plan]:
    network = state.network
    free = sorted(network.track[player] - network.stations.keys(), key=lambda sq: -weights[sq])
    for sq in free[:STATIONS]:
        for kind in ("express", "local"):  # on a tie in value, express (SG-12) keeps options
            steps = (Build("station", sq, kind),)
            cost = plan_cost(state, player, steps, budget)
            yield Plan(steps, cost, weights[sq] / cost)
    if len(network.stations_of(player)) == 0:  # a ride needs two stations (SG-12)
        for i, a in enumerate(free[:TARGETS]):
            for b in free[i + 1 : TARGETS]:
                steps = (Build("station", a, "local"), Build("station", b, "local"))
                cost = plan_cost(state, player, steps, budget)
                yield Plan(steps, cost, float(np.sqrt(weights[a] * weights[b])) / cost)


def lines(
    state: GameState, player: str, weights: np.ndarray, budget: int, busy: list[int]
) -> Iterator[Plan]:
    network = state.network
    own = network.track[player]
    steps_cost = track_costs(state, player, budget)
    targets = [t for t in busy if t not in own][:TARGETS]
    served = bool(network.stations_of(player))
    if own:
        paths = cheapest_paths(state, own, steps_cost)
        for target in targets:
            path = paths.path(target)
            if path is None:
                continue
            start = attachment(state, own, path)
            ends = (target,) if served else (start, target)
            yield line_plan(state, player, path, ends, budget, weights)
        return
    walk = state.router().walking.distances
    for i, a in enumerate(targets):
        paths = cheapest_paths(state, frozenset({a}), steps_cost)
        for b in targets[i + 1 :]:
            if walk[a, b] < 3:
                continue  # a ride of two stops saves nothing on a walk of two steps
            path = paths.path(b)
            if path is not None:
                yield line_plan(state, player, [a, *path], (a, b), budget, weights)


def removals(state: GameState, player: str, weights: np.ndarray, budget: int) -> Iterator[Plan]:
    """Removing an own station, or changing a local one to express (SG-12, SG-17)."""
    own = [st for st in state.network.stations_of(player) if st.builder == player]
    if len(own) < 3:
        return  # a system needs two stations to ride (SG-12): nothing to spare
    for station in sorted(own, key=lambda st: weights[st.square])[:CHANGES]:
        steps: tuple[Build, ...] = (Build("remove_station", station.square),)
        yield Plan(steps, plan_cost(state, player, steps, budget))
        if station.kind == "local":
            steps = (*steps, Build("station", station.square, "express"))
            yield Plan(steps, plan_cost(state, player, steps, budget))


def intensify_builds(state: GameState, player: str, weights: np.ndarray) -> Iterator[Build]:
    """Intensify a card of the busiest squares its own stations serve (SG-17)."""
    served = sorted(state.network.stations_of(player), key=lambda st: -weights[st.square])
    for station in served[:STATIONS]:
        for deck in state.decks:
            yield Build("intensify", station.square, deck.name)


def track_costs(state: GameState, player: str, budget: int) -> list[int]:
    """Points to lay track on each square (0 where the player has track already): SG-17's
    hazard and shared prices (a whole phase counting as the budget), SG-21's surcharge."""
    network, board = state.network, state.board
    own = network.track[player]
    others = frozenset().union(*(t for p, t in network.track.items() if p != player))
    prices = state.prices
    table = []
    for sq in range(board.size):
        if sq in own:
            table.append(0)
            continue
        cost = prices.track_on(board.is_hazard(sq), sq in others)
        if cost == PHASE:
            table.append(max(budget, 1))
        else:
            table.append(int(cost) + builds.surcharge(state, Build("track", sq)))
    return table


@dataclass(frozen=True, slots=True)
class Paths:
    """The cheapest track from a set of squares to every square (one Dijkstra)."""

    sources: frozenset[int]
    cost: dict[int, int]
    back: dict[int, int]

    def path(self, target: int) -> list[int] | None:
        """New squares, in order, from the sources to `target` (None: too dear or cut off)."""
        if self.cost.get(target, MAX_LINE + 1) > MAX_LINE:
            return None
        path = [target]
        while path[-1] in self.back:
            path.append(self.back[path[-1]])
        return [sq for sq in reversed(path) if sq not in self.sources]


def cheapest_paths(state: GameState, sources: frozenset[int], costs: list[int]) -> Paths:
    """Dijkstra from `sources` over the cost of laying track on each square, up to MAX_LINE."""
    neighbours = state.board.neighbours
    dist = dict.fromkeys(sources, 0)
    back: dict[int, int] = {}
    heap = [(0, s) for s in sorted(sources)]
    while heap:
        d, sq = heapq.heappop(heap)
        if d > dist[sq]:
            continue
        for n in neighbours(sq):
            nd = d + costs[n]
            if nd <= MAX_LINE and nd < dist.get(n, MAX_LINE + 1):
                dist[n], back[n] = nd, sq
                heapq.heappush(heap, (nd, n))
    return Paths(sources, dist, back)


def attachment(state: GameState, own: frozenset[int], path: list[int]) -> int:
    """The own track square a new line starts from."""
    first = path[0] if path else next(iter(own))
    return next((n for n in state.board.neighbours(first) if n in own), first)


def line_plan(
    state: GameState,
    player: str,
    path: list[int],
    ends: tuple[int, ...],
    budget: int,
    weights: np.ndarray,
) -> Plan:
    """Track along `path`, local stations on `ends`: the first station early, so that a line
    cut short by the budget still serves trips (and brings its SG-18 extra trip)."""
    network = state.network
    todo = [sq for sq in path if sq not in network.track[player]]
    first = ends[0]
    if first in todo:
        todo.remove(first)
        todo.insert(0, first)
    steps: list[Build] = []
    for sq in todo:
        steps.append(Build("track", sq))
        if sq == first and sq not in network.stations:
            steps.append(Build("station", sq, "local"))
    for end in ends:
        station = Build("station", end, "local")
        if end not in network.stations and station not in steps:
            steps.insert(0 if end == first else len(steps), station)
    cost = plan_cost(state, player, tuple(steps), budget)
    prior = float(np.prod([weights[t] for t in ends])) ** (1 / len(ends)) / cost
    return Plan(tuple(steps), cost, prior)
