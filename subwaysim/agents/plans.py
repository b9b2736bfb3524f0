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
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from subwaysim import builds
from subwaysim.agents.busy import exponents, heaviest
from subwaysim.agents.line_plans import grid_dijkstra, line_steps, own_line_steps, pair_steps
from subwaysim.agents.track_prices import populated_squares, track_table
from subwaysim.board import Board
from subwaysim.builds import PHASE, Build, Prices
from subwaysim.cards import Deck
from subwaysim.network import Network
from subwaysim.routing.kernels import grid_step, heap_pop, heap_push
from subwaysim.state import GameState


@dataclass(frozen=True, slots=True)
class Breadth:
    """How many plans of each kind a player weighs."""

    targets: int = 6  # busy squares considered as line ends
    stations: int = 3  # own track squares considered for a station (the busiest)
    changes: int = 2  # own stations considered for removal or a change to express (quietest)
    intensify: int = 3  # own stations whose squares are considered for intensify (busiest)


FULL = Breadth()
MAX_LINE = 12  # longest line (in build points) a plan may lay


@dataclass(frozen=True, slots=True)
class Plan:
    builds: tuple[Build, ...]
    cost: int
    prior: float = 0.0  # a cheap estimate, to choose which plans to value


def _plan_maker() -> Callable[[tuple[Build, ...], int, float], Plan]:
    """`Plan(builds, cost, prior)` made field by field through its slots (the frozen
    dataclass's own `__init__` sets each through `object.__setattr__`): the same plan, for
    the planner's hot loops."""
    new = object.__new__
    set_builds, set_cost, set_prior = (
        Plan.builds.__set__,  # type: ignore[attr-defined]
        Plan.cost.__set__,  # type: ignore[attr-defined]
        Plan.prior.__set__,  # type: ignore[attr-defined]
    )

    def make(builds: tuple[Build, ...], cost: int, prior: float) -> Plan:
        plan = new(Plan)
        set_builds(plan, builds)
        set_cost(plan, cost)
        set_prior(plan, prior)
        return plan

    return make


_plan = _plan_maker()

_TRACK: dict[int, Build] = {}  # one `Build("track", square)` a square (builds never change)
_STATIONS: dict[tuple[int, str], Build] = {}  # one station build a square and kind


def _track(square: int) -> Build:
    """Track on `square` (the one kept for it)."""
    found = _TRACK.get(square)
    if found is None:
        found = _TRACK[square] = Build("track", square)
    return found


def _station(square: int, kind: str) -> Build:
    """A `kind` station on `square` (the one kept for it)."""
    found = _STATIONS.get((square, kind))
    if found is None:
        found = _STATIONS[square, kind] = Build("station", square, kind)
    return found


def price(state: GameState, player: str, build: Build, budget: int, network: Network) -> int:
    """A build's cost in points; a whole-phase build counts as the whole budget."""
    cost = builds.cost(build, state, player, network)
    return max(budget, 1) if cost == PHASE else int(cost)


def plan_cost(state: GameState, player: str, steps: tuple[Build, ...], budget: int) -> int:
    """The plan's points, each step priced on the network the steps before it leave: that
    is today's network, for a price reads only the board and the other players' track
    (SG-17: hazard and shared squares; SG-21 reads the cards), which the player's own steps
    leave alone (`builds.apply` changes only its track and stations). (`price` of each
    step, summed in order: whole numbers, the same sum.)"""
    if len(steps) == 1 and steps[0].action == "intensify":
        flat = _rates(state.prices, budget)[7]
        if flat is not None:  # (SG-17: intensify's price whatever the network and square)
            return max(flat, 1)
    network = state.network
    cost = builds.cost
    whole = max(budget, 1)
    total = 0
    for step in steps:
        found = cost(step, state, player, network)
        total += whole if found == PHASE else int(found)
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
    state: GameState,
    player: str,
    weights: np.ndarray,
    budget: int,
    draws: np.random.Generator,
    breadth: Breadth = FULL,
) -> Iterator[Plan]:
    """Every plan worth valuing this phase (see the module)."""
    # (plain numbers: the same sums, products and order; kept for the same weights)
    shares, powers = _weighed(weights)
    yield from _stations(state, player, shares, budget, breadth)
    powered = draws.random(len(weights)) ** powers  # (`busy_squares`' keys)
    if state.network.track[player]:
        yield from _own_line_plans(state, player, shares, budget, powered, weights, breadth)
    else:
        busy = heaviest(powered, weights, breadth.targets * 3).tolist()
        yield from _lines(state, player, shares, budget, busy, breadth)
    yield from _removals(state, player, shares, budget, breadth)


def busy_squares(
    weights: np.ndarray, draws: np.random.Generator, breadth: Breadth = FULL
) -> list[int]:
    """Squares drawn by weight without replacement: busy ones first, and a spread of them
    when many squares are about as busy (early in a game every square is). Compiled steps
    (`busy.py`) around numpy's power: the same squares as `busy_squares_reference`."""
    keys = draws.random(len(weights))
    powered = keys ** exponents(weights)  # Efraimidis-Spirakis
    busiest: list[int] = heaviest(powered, weights, breadth.targets * 3).tolist()
    return busiest


def _weighed(weights: np.ndarray) -> tuple[list[float], np.ndarray]:
    """The weights as plain numbers and their `exponents`, kept for the same weights (a
    phase's, and the next phases' while the cards are the same): made afresh otherwise."""
    if weights.dtype != np.float64 or weights.ndim != 1:
        return weights.tolist(), exponents(weights)
    key = weights.tobytes()
    found = _WEIGHED.get(key)
    if found is None:
        powers = exponents(weights)
        powers.flags.writeable = False
        if len(_WEIGHED) >= 16:
            _WEIGHED.clear()
        found = _WEIGHED[key] = (weights.tolist(), powers)
    return found


_WEIGHED: dict[bytes, tuple[list[float], np.ndarray]] = {}


def busy_squares_reference(
    weights: np.ndarray, draws: np.random.Generator, breadth: Breadth = FULL
) -> list[int]:
    """`busy_squares` in numpy steps (its twin)."""
    keys = draws.random(len(weights))
    keys = np.where(
        weights > 0, keys ** (1 / np.maximum(weights, 1e-300)), 0.0
    )  # Efraimidis-Spirakis
    busiest: list[int] = np.argsort(-keys, kind="stable")[: breadth.targets * 3].tolist()
    return busiest


def stations(
    state: GameState, player: str, weights: np.ndarray, budget: int, breadth: Breadth = FULL
) -> Iterator[Plan]:
    yield from _stations(state, player, weights.tolist(), budget, breadth)


def _stations(
    state: GameState, player: str, weights: list[float], budget: int, breadth: Breadth
) -> list[Plan]:
    """`stations` with the weights as plain numbers (the same quotients; math.sqrt rounds
    as numpy's does, IEEE 754), as a list."""
    network = state.network
    own, built = network.track[player], network.stations
    # (the busiest first, ties in the set's order: `sorted` is stable, reversed too)
    free = sorted(own - built.keys(), key=weights.__getitem__, reverse=True)
    if not free:
        return []
    prices = state.prices
    # (a square's local station at 2 * square + 1, its express station at `square`)
    locals_, expresses = _board_tables(state.board)[4:6]
    express_flat, local_flat = _rates(prices, budget)[2:4]
    chosen = free[: breadth.stations]
    express = _prices_on(state, prices.express_station, express_flat, chosen, budget)
    local = _prices_on(state, prices.local_station, local_flat, chosen, budget)
    found = []
    for sq, express_cost, local_cost in zip(chosen, express, local, strict=True):
        # on a tie in value, express (SG-12) keeps options; the costs as `price`'s
        cost = max(express_cost, 1)
        found.append(_plan((expresses[sq],), cost, weights[sq] / cost))
        cost = max(local_cost, 1)
        found.append(_plan((locals_[2 * sq + 1],), cost, weights[sq] / cost))
    if not network.served(player):  # a ride needs two stations (SG-12)
        ends = free[: breadth.targets]
        local = _prices_on(state, prices.local_station, local_flat, ends, budget)
        for i, a in enumerate(ends):
            a_station, a_cost, a_weight = locals_[2 * a + 1], local[i], weights[a]
            for j in range(i + 1, len(ends)):
                b = ends[j]
                # (`plan_cost`: each station's price, the sum at least one point)
                cost = max(a_cost + local[j], 1)
                prior = math.sqrt(a_weight * weights[b]) / cost
                found.append(_plan((a_station, locals_[2 * b + 1]), cost, prior))
    return found


def _prices_on(
    state: GameState, rate: int | str, flat: int | None, squares: list[int], budget: int
) -> list[int]:
    """`_price_on` of each of `squares`: `flat` for all where no SG-21 surcharge applies
    (`_rates`), else square by square."""
    if flat is not None:
        return [flat] * len(squares)
    return [_price_on(state, rate, sq, budget) for sq in squares]


def lines(
    state: GameState,
    player: str,
    weights: np.ndarray,
    budget: int,
    busy: list[int],
    breadth: Breadth = FULL,
) -> Iterator[Plan]:
    yield from _lines(state, player, weights.tolist(), budget, busy, breadth)


def _lines(
    state: GameState,
    player: str,
    shares: list[float],
    budget: int,
    busy: list[int],
    breadth: Breadth,
) -> Iterator[Plan]:
    """`lines` with the weights as plain numbers (what `line_plan` reads)."""
    network = state.network
    own = network.track[player]
    mask = np.zeros(state.board.size, dtype=np.bool_)
    mask[list(own)] = True
    steps_cost = _track_table(state, player, budget, mask)
    targets = [t for t in busy if t not in own][: breadth.targets]
    served = bool(network.served(player))  # (a station on its track: kept per network)
    if own:
        yield from _own_lines(state, player, shares, budget, targets, steps_cost, served, mask)
        return
    yield from _pair_lines(state, shares, budget, targets, steps_cost)


def _own_line_plans(
    state: GameState,
    player: str,
    shares: list[float],
    budget: int,
    powered: np.ndarray,
    weights: np.ndarray,
    breadth: Breadth,
) -> list[Plan]:
    """`_lines` of a player with track to the busy squares (`busy_squares` of the keys
    `powered`), in one compiled call making its tables too (`line_plans.own_line_steps`;
    its twin `own_lines_reference`, `_lines`' steps): the same plans, as a list."""
    network = state.network
    prices = state.prices
    own = network.track[player]
    width, height, _, kinds, made, _ = _board_tables(state.board)
    points, whole, _, _, _, station_base, station_extra, _ = _rates(prices, budget)
    surcharge = prices.surcharge
    stations = network.stations
    served = bool(network.served(player))  # (a station on its track: kept per network)
    packed = own_line_steps(
        width,
        height,
        kinds,
        _shared_squares(network, player),
        np.fromiter(own, np.int64, len(own)),
        np.fromiter(stations, np.int64, len(stations)) if stations else _NO_SQUARES,
        points,
        whole,
        populated_squares(state) if surcharge else _NOT_POPULATED,
        surcharge,
        station_base,
        station_extra,
        powered,
        weights,
        breadth.targets * 3,
        breadth.targets,
        served,
        MAX_LINE,
    ).tolist()
    n = packed[0]  # (the targets, their lengths, points and starts, then the codes)
    found = []
    at = 1 + 4 * n
    for target, count, cost, start in zip(
        packed[1 : 1 + n],
        packed[1 + n : 1 + 2 * n],
        packed[1 + 2 * n : 1 + 3 * n],
        packed[1 + 3 * n : 1 + 4 * n],
        strict=True,
    ):
        if count < 0:
            continue  # too dear or cut off
        end = at + count
        steps = tuple(map(made.__getitem__, packed[at:end]))
        at = end
        # (the prior as `line_plan` works it out, float for float: see `_own_lines`)
        if served:
            found.append(_plan(steps, cost, shares[target] ** 1.0 / cost))
        else:
            found.append(_plan(steps, cost, (shares[start] * shares[target]) ** 0.5 / cost))
    return found


def own_lines_reference(
    state: GameState,
    player: str,
    shares: list[float],
    budget: int,
    busy: list[int],
    breadth: Breadth = FULL,
) -> list[Plan]:
    """`_own_line_plans` in `_lines`' steps: the track table (`track_costs`), the targets,
    the local station prices (`_local_station_prices`) and `_own_lines`."""
    own = state.network.track[player]
    steps_cost = track_costs(state, player, budget)
    targets = [t for t in busy if t not in own][: breadth.targets]
    served = bool(state.network.served(player))
    return list(_own_lines(state, player, shares, budget, targets, steps_cost, served))


def _shared_squares(network: Network, player: str) -> np.ndarray:
    """The squares other players have track on (SG-17's shared track)."""
    others = [t for other, t in network.track.items() if other != player and t]
    shared = others[0] if len(others) == 1 else frozenset().union(*others)
    return np.fromiter(shared, np.int64, len(shared)) if shared else _NO_SQUARES


def _pair_lines(
    state: GameState, shares: list[float], budget: int, targets: list[int], steps_cost: np.ndarray
) -> Iterator[Plan]:
    """A player without track: lines between two busy squares, in one compiled call
    (`line_plans.pair_steps`; its twin `pair_lines_reference`): the same plans."""
    if len(targets) < 2:
        return
    board = state.board
    network = state.network
    built = np.zeros(board.size, dtype=np.bool_)
    if network.stations:
        built[list(network.stations)] = True
    codes, lengths, points = pair_steps(
        board.width,
        board.height,
        steps_cost,
        built,
        _local_station_prices(state, budget),
        np.array(targets, dtype=np.int64),
        state.router().walking.distances,
        MAX_LINE,
    )
    made = _line_builds(board.size)
    steps_of = [made[c] for c in codes.tolist()]
    found = zip(lengths.tolist(), points.tolist(), strict=True)
    at = 0
    for i, a in enumerate(targets):
        for b in targets[i + 1 :]:
            count, cost = next(found)
            if count < 0:
                continue  # too near on foot, too dear or cut off
            steps = tuple(steps_of[at : at + count])
            at += count
            # (the prior as `line_plan` works it out: math.prod of two weights, 1 / 2 = 0.5)
            yield Plan(steps, cost, (shares[a] * shares[b]) ** 0.5 / cost)


def pair_lines_reference(
    state: GameState, player: str, shares: list[float], budget: int, targets: list[int]
) -> Iterator[Plan]:
    """`_pair_lines` by `cheapest_paths` and `line_plan` (its twin)."""
    steps_cost = track_costs(state, player, budget)
    costs = steps_cost.tolist()  # plain numbers for `line_plan`
    known: dict[int, int] = {}  # each square's local station price (SG-17, SG-21)
    walk = state.router().walking.distances
    for i, a in enumerate(targets):
        paths = cheapest_paths(state, frozenset({a}), steps_cost)
        for b in targets[i + 1 :]:
            if walk[a, b] < 3:
                continue  # a ride of two stops saves nothing on a walk of two steps
            path = paths.path(b)
            if path is not None:
                yield line_plan(state, player, [a, *path], (a, b), costs, budget, shares, known)


def _own_lines(
    state: GameState,
    player: str,
    shares: list[float],
    budget: int,
    targets: list[int],
    steps_cost: np.ndarray,
    served: bool,
    own: np.ndarray | None = None,
) -> Iterator[Plan]:
    """The lines from the player's own track, in one compiled call (`line_plans.line_steps`,
    whose twin is `cheapest_paths`, `attachment` and `line_plan`): the same plans. `own`
    masks the player's track (made here when not given)."""
    if not targets:
        return
    network, board = state.network, state.board
    size = board.size
    if own is None:
        own = np.zeros(size, dtype=np.bool_)
        own[list(network.track[player])] = True
    built = np.zeros(size, dtype=np.bool_)
    if network.stations:
        built[list(network.stations)] = True
    codes, lengths, points, starts = line_steps(
        board.width,
        board.height,
        steps_cost,
        own,
        built,
        _local_station_prices(state, budget),
        np.array(targets, dtype=np.int64),
        served,
        MAX_LINE,
    )
    made = _line_builds(size)
    steps_of = [made[c] for c in codes.tolist()]
    at = 0
    for target, count, cost, start in zip(
        targets, lengths.tolist(), points.tolist(), starts.tolist(), strict=True
    ):
        if count < 0:
            continue  # too dear or cut off
        steps = tuple(steps_of[at : at + count])
        at += count
        # (the prior as `line_plan` works it out, float for float: math.prod of one weight
        # is that weight, of two their product, 1 / len(ends) is 1.0 or 0.5)
        if served:
            yield Plan(steps, cost, shares[target] ** 1.0 / cost)
        else:
            yield Plan(steps, cost, (shares[start] * shares[target]) ** 0.5 / cost)


def _line_builds(size: int) -> list[Build]:
    """The kept builds of `line_steps`' codes: track on square s at 2s, its local station at
    2s + 1."""
    found = _LINE_BUILDS.get(size)
    if found is None:
        found = _LINE_BUILDS[size] = [
            _track(c // 2) if c % 2 == 0 else _station(c // 2, "local") for c in range(2 * size)
        ]
    return found


_LINE_BUILDS: dict[int, list[Build]] = {}


def _local_station_prices(state: GameState, budget: int) -> np.ndarray:
    """Each square's local station price as `price` gives it (SG-17, SG-21 surcharge)."""
    size = state.board.size
    base = state.prices.local_station
    if base == PHASE:
        return _flat_prices(max(budget, 1), size)  # (no surcharge on a whole phase)
    if not state.prices.surcharge:
        return _flat_prices(int(base), size)
    return np.array([builds.priced(state, base, sq) for sq in range(size)], np.int64)


@lru_cache(maxsize=64)
def _flat_prices(price: int, size: int) -> np.ndarray:
    table = np.full(size, price, dtype=np.int64)
    table.flags.writeable = False
    return table


def removals(
    state: GameState, player: str, weights: np.ndarray, budget: int, breadth: Breadth = FULL
) -> Iterator[Plan]:
    """Removing an own station, or changing a local one to express (SG-12, SG-17)."""
    yield from _removals(state, player, weights.tolist(), budget, breadth)


def _removals(
    state: GameState, player: str, weights: list[float], budget: int, breadth: Breadth
) -> list[Plan]:
    """`removals` with the weights as plain numbers (the same order), as a list."""
    network = state.network
    served = network.served(player)  # (the squares of `stations_of`, kept per network)
    if len(served) < 3:
        return []  # a system needs two stations to ride (SG-12): nothing to spare
    stations = network.stations
    own = [sq for sq, _ in served if stations[sq].builder == player]
    if len(own) < 3:
        return []
    prices = state.prices
    # (the quietest first, ties by square: `sorted` is stable)
    chosen = sorted(own, key=weights.__getitem__)[: breadth.changes]
    express_flat, _, removal_flat = _rates(prices, budget)[2:5]
    removals = _prices_on(state, prices.remove_station, removal_flat, chosen, budget)
    found = []
    for sq, cost in zip(chosen, removals, strict=True):
        removal = _REMOVALS.get(sq)
        if removal is None:
            removal = _REMOVALS[sq] = Build("remove_station", sq)
        # (`plan_cost`: each step's price, the sum at least one point)
        found.append(_plan((removal,), max(cost, 1), 0.0))
        if stations[sq].kind == "local":
            cost += _prices_on(state, prices.express_station, express_flat, [sq], budget)[0]
            found.append(_plan((removal, _station(sq, "express")), max(cost, 1), 0.0))
    return found


_REMOVALS: dict[int, Build] = {}  # one `Build("remove_station", square)` a square


def _price_on(state: GameState, rate: int | str, square: int, budget: int) -> int:
    """`price` of a build on `square` whose SG-17 price is `rate` whatever the network (a
    station, a removal): a whole phase counts as the budget; SG-21's surcharge on a
    populated square (`builds.cost`)."""
    found = builds.priced(state, rate, square)
    return max(budget, 1) if found == PHASE else int(found)


def intensify_builds(
    state: GameState, player: str, weights: np.ndarray, breadth: Breadth = FULL
) -> Iterator[Build]:
    """Intensify a card of the busiest squares its own stations serve (SG-17)."""
    # (the squares of `stations_of`, by square, kept per network: the same order; the
    # weights as plain numbers, the same values)
    # (largest first by `reverse`, which keeps ties in order: the order of the key -weight)
    shares = _weighed(weights)[0]
    served = [sq for sq, _ in state.network.served(player)]
    served.sort(key=shares.__getitem__, reverse=True)
    decks = state.decks
    of_square = _intensify_of(decks)
    found: list[Build] = []
    for square in served[: breadth.intensify]:
        row = of_square.get(square)
        if row is None:
            row = of_square[square] = _intensify_row(decks, square)
        found += row
    return iter(found)


def _intensify_of(decks: Sequence[Deck]) -> dict[int, tuple[Build, ...]]:
    """Each square's intensify builds, one a deck in the decks' order, kept for the decks
    (a deck's name never changes; each build is the one kept a square and deck)."""
    kept = _INTENSIFY_OF.get(id(decks))
    if kept is None or kept[0] is not decks:
        if len(_INTENSIFY_OF) >= 16:
            _INTENSIFY_OF.clear()
        kept = _INTENSIFY_OF[id(decks)] = (decks, {})
    return kept[1]


def _intensify_row(decks: Sequence[Deck], square: int) -> tuple[Build, ...]:
    """The intensify builds of `square`, one a deck (`_intensify_of`'s row)."""
    row = []
    for deck in decks:
        key = (square, deck.name)
        build = _INTENSIFY.get(key)
        if build is None:
            build = _INTENSIFY[key] = Build("intensify", *key)
        row.append(build)
    return tuple(row)


_INTENSIFY: dict[tuple[int, str], Build] = {}  # one intensify build a square and deck
_INTENSIFY_OF: dict[int, tuple[Sequence[Deck], dict[int, tuple[Build, ...]]]] = {}


def track_costs(state: GameState, player: str, budget: int) -> np.ndarray:
    """Points to lay track on each square (0 where the player has track already): SG-17's
    hazard and shared prices (a whole phase counting as the budget), SG-21's surcharge."""
    own = np.zeros(state.board.size, dtype=np.bool_)
    own[list(state.network.track[player])] = True
    return _track_table(state, player, budget, own)


def _track_table(state: GameState, player: str, budget: int, own: np.ndarray) -> np.ndarray:
    """`track_costs`, the player's track given as a mask, in one compiled call
    (`track_prices.track_table`; its twin `track_costs_reference`)."""
    network, board = state.network, state.board
    prices = state.prices
    points, whole = _track_prices(prices, budget)
    squares = _shared_squares(network, player)
    if prices.surcharge:
        populated = np.array([builds.populated(state, sq) for sq in range(board.size)])
    else:
        populated = _NOT_POPULATED  # (not read without a surcharge)
    return track_table(
        _hazard_kinds(board), squares, own, points, whole, populated, prices.surcharge
    )


_NO_SQUARES = np.zeros(0, dtype=np.int64)
_NOT_POPULATED = np.zeros(0, dtype=np.bool_)


def track_costs_reference(state: GameState, player: str, budget: int) -> np.ndarray:
    """`track_costs` in numpy steps (the kernel's twin)."""
    network, board = state.network, state.board
    prices = state.prices
    points, whole_phase = _track_prices(prices, budget)
    others = [t for other, t in network.track.items() if other != player and t]
    shared = others[0] if len(others) == 1 else frozenset().union(*others)
    kind = _hazard_kinds(board).copy()  # 2 x hazard + shared, per square
    if shared:
        kind[list(shared)] += 1
    table = points[kind]
    if prices.surcharge:
        whole = whole_phase[kind]  # whole-phase squares (no surcharge on the whole phase)
        populated = np.array([builds.populated(state, sq) for sq in range(board.size)])
        table[populated & ~whole] += prices.surcharge
    table[list(network.track[player])] = 0
    return table


def _hazard_kinds(board: Board) -> np.ndarray:
    """2 on each hazard square, else 0 (`track_costs`' kinds before shared track), kept for
    the board (a board never changes)."""
    kept = _HAZARD_KINDS.get(id(board))
    if kept is None or kept[0] is not board:
        kind = np.zeros(board.size, dtype=np.int64)
        kind[list(board.hazards)] = 2
        kind.flags.writeable = False
        if len(_HAZARD_KINDS) >= 16:
            _HAZARD_KINDS.clear()
        kept = _HAZARD_KINDS[id(board)] = (board, kind)
    return kept[1]


_HAZARD_KINDS: dict[int, tuple[Board, np.ndarray]] = {}


def _track_prices(prices: Prices, budget: int) -> tuple[np.ndarray, np.ndarray]:
    """Track's points by kind (2 x hazard + shared: SG-17, a whole phase counting as the
    budget) and whether each kind takes the whole phase, kept for the prices and budget
    (prices never change)."""
    kept = _TRACK_PRICES.get((id(prices), budget))
    if kept is None or kept[0] is not prices:
        prices_of = [
            prices.track_on(on_hazard, on_shared) for on_hazard in (0, 1) for on_shared in (0, 1)
        ]
        points = np.array([max(budget, 1) if c == PHASE else int(c) for c in prices_of], np.int64)
        whole = np.array([c == PHASE for c in prices_of], dtype=np.bool_)
        points.flags.writeable = whole.flags.writeable = False
        if len(_TRACK_PRICES) >= 64:
            _TRACK_PRICES.clear()
        kept = _TRACK_PRICES[id(prices), budget] = (prices, points, whole)
    return kept[1], kept[2]


_TRACK_PRICES: dict[tuple[int, int], tuple[Prices, np.ndarray, np.ndarray]] = {}


BoardTables = tuple[int, int, int, np.ndarray, list[Build], list[Build]]


def _board_tables(board: Board) -> BoardTables:
    """The board's width, height and size, `_hazard_kinds`, `_line_builds` and each
    square's express station build, kept for the board (read by every phase's plans; a
    board never changes; the builds are the ones kept a square)."""
    kept = _BOARDS.get(id(board))
    if kept is None or kept[0] is not board:
        size = board.size
        expresses = [_station(sq, "express") for sq in range(size)]
        tables = (board.width, board.height, size, _hazard_kinds(board), _line_builds(size))
        if len(_BOARDS) >= 16:
            _BOARDS.clear()
        kept = _BOARDS[id(board)] = (board, (*tables, expresses))
    return kept[1]


_BOARDS: dict[int, tuple[Board, BoardTables]] = {}

Rates = tuple[np.ndarray, np.ndarray, int | None, int | None, int | None, int, int, int | None]


def _rates(prices: Prices, budget: int) -> Rates:
    """What the planner reads of the prices for a budget, kept for them: `_track_prices`;
    an express station's, a local station's and a removal's price on any square where no
    SG-21 surcharge applies (None where it may: priced square by square); a local
    station's price before and the surcharge on top of it (none on a whole phase); an
    intensify's price as the stations' (SG-17: it does not depend on the network)."""
    kept = _RATES.get((id(prices), budget))
    if kept is None or kept[0] is not prices:
        whole = max(budget, 1)

        def flat(rate: int | str) -> int | None:
            if rate == PHASE:
                return whole  # (no surcharge on a whole phase: `builds.priced`)
            return None if prices.surcharge else int(rate)

        local = prices.local_station
        base, extra = (whole, 0) if local == PHASE else (int(local), prices.surcharge)
        rates: Rates = (
            *_track_prices(prices, budget),
            flat(prices.express_station),
            flat(local),
            flat(prices.remove_station),
            base,
            extra,
            flat(prices.intensify),
        )
        if len(_RATES) >= 64:
            _RATES.clear()
        kept = _RATES[id(prices), budget] = (prices, rates)
    return kept[1]


_RATES: dict[tuple[int, int], tuple[Prices, Rates]] = {}


@dataclass(frozen=True, slots=True)
class Paths:
    """The cheapest track from a set of squares to every square (one Dijkstra)."""

    sources: frozenset[int]
    cost: np.ndarray  # (N,) build points to reach each square, MAX_LINE + 1 beyond reach
    back: np.ndarray  # (N,) the square each is reached from, -1 for sources and unreached
    trail: list[int] = field(default_factory=list)  # `back` as plain ints (read per step)

    def path(self, target: int) -> list[int] | None:
        """New squares, in order, from the sources to `target` (None: too dear or cut off)."""
        if self.cost[target] > MAX_LINE:
            return None
        back = self.trail or self.back.tolist()
        path = [target]
        while back[path[-1]] >= 0:
            path.append(back[path[-1]])
        return [sq for sq in reversed(path) if sq not in self.sources]


def cheapest_paths(state: GameState, sources: frozenset[int], costs: np.ndarray) -> Paths:
    """Dijkstra from `sources` over the cost of laying track on each square, up to MAX_LINE."""
    board = state.board
    start = np.zeros(board.size, dtype=np.bool_)
    start[list(sources)] = True
    cost, back = grid_dijkstra(board.width, board.height, costs, start, MAX_LINE)
    return Paths(sources, cost, back, back.tolist())


def grid_dijkstra_reference(
    width: int, height: int, costs: Sequence[int], sources: Sequence[bool], limit: int
) -> tuple[list[int], list[int]]:
    """`line_plans.grid_dijkstra` (and `settle` without targets) in plain Python: the same
    array heap (`routing.kernels`' `heap_push` and `heap_pop`, run as Python), so the same
    squares are settled in the same order and every back step is the same; neighbours in
    `grid_step`'s order."""
    push, pop, step = heap_push.py_func, heap_pop.py_func, grid_step.py_func
    size = width * height
    cost, back = [limit + 1] * size, [-1] * size
    heap_d, heap_n = [0] * (4 * size + 4), [0] * (4 * size + 4)
    count = 0
    for sq in range(size):
        if sources[sq]:
            cost[sq] = 0
            count = push(heap_d, heap_n, count, 0, sq)
    while count > 0:
        d, u, count = pop(heap_d, heap_n, count)
        if d > cost[u]:
            continue
        for k in range(4):
            v = step(u, k, width, height)
            if v >= 0 and d + costs[v] <= limit and d + costs[v] < cost[v]:
                cost[v], back[v] = d + costs[v], u
                count = push(heap_d, heap_n, count, cost[v], v)
    return cost, back


def cheapest_paths_reference(
    state: GameState, sources: frozenset[int], costs: np.ndarray
) -> np.ndarray:
    """The costs `cheapest_paths` finds, by a plain heapq Dijkstra (the kernel's reference)."""
    neighbours = state.board.neighbours
    dist = dict.fromkeys(sources, 0)
    heap = [(0, s) for s in sorted(sources)]
    while heap:
        d, sq = heapq.heappop(heap)
        if d > dist[sq]:
            continue
        for n in neighbours(sq):
            nd = d + int(costs[n])
            if nd <= MAX_LINE and nd < dist.get(n, MAX_LINE + 1):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    out = np.full(state.board.size, MAX_LINE + 1, dtype=np.int64)
    for sq, d in dist.items():
        out[sq] = d
    return out


def attachment(state: GameState, own: frozenset[int], path: list[int]) -> int:
    """The own track square a new line starts from."""
    first = path[0] if path else next(iter(own))
    return next((n for n in state.board.neighbours(first) if n in own), first)


def line_plan(
    state: GameState,
    player: str,
    path: list[int],
    ends: tuple[int, ...],
    track_cost: Sequence[int],
    budget: int,
    weights: Sequence[float],
    station_prices: dict[int, int] | None = None,
) -> Plan:
    """Track along `path`, local stations on `ends`: the first station early, so that a line
    cut short by the budget still serves trips (and brings its SG-18 extra trip).
    `track_cost` is `track_costs`' table (a station's price does not depend on the track) and
    `weights` the squares' weights, as plain numbers (the same sums and products);
    `station_prices` keeps each square's local station price for the phase's lines."""
    network = state.network
    own = network.track[player]
    todo = [sq for sq in path if sq not in own]
    first = ends[0]
    if first in todo:
        todo.remove(first)
        todo.insert(0, first)
    built = network.stations
    steps: list[Build] = []
    placed: list[int] = []  # the squares of its (local) station steps
    for sq in todo:
        steps.append(_TRACK.get(sq) or _track(sq))
        if sq == first and sq not in built:
            steps.append(_station(sq, "local"))
            placed.append(sq)
    for end in ends:
        if end not in built and end not in placed:
            steps.insert(0 if end == first else len(steps), _station(end, "local"))
            placed.append(end)
    known = {} if station_prices is None else station_prices
    for sq in placed:
        if sq not in known:
            known[sq] = price(state, player, _station(sq, "local"), budget, network)
    # (the station steps are the squares `placed`: a local station each)
    cost = max(int(sum([track_cost[sq] for sq in todo])) + sum([known[sq] for sq in placed]), 1)
    # (math.prod: the same product as numpy's of one or two weights, without an array;
    # plain floats multiply as numpy's float64 do)
    prior = float(math.prod(weights[t] for t in ends)) ** (1 / len(ends)) / cost
    return Plan(tuple(steps), cost, prior)


def line_steps_reference(
    state: GameState,
    player: str,
    targets: list[int],
    costs: np.ndarray,
    budget: int,
    shares: list[float],
) -> list[tuple[tuple[Build, ...], int, int] | None]:
    """What `line_steps` finds, target by target, by `plans`' plain-Python steps: (builds,
    points, start) or None (too dear or cut off)."""
    network = state.network
    own = network.track[player]
    served = any(sq in own for sq in network.stations)
    paths = cheapest_paths(state, own, costs)
    found: list[tuple[tuple[Build, ...], int, int] | None] = []
    for target in targets:
        path = paths.path(target)
        if path is None:
            found.append(None)
            continue
        start = attachment(state, own, path)
        ends = (target,) if served else (start, target)
        plan = line_plan(state, player, path, ends, costs.tolist(), budget, shares)
        found.append((plan.builds, plan.cost, start))
    return found
