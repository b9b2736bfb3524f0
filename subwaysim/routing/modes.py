"""SG-14: among shortest trips, the fewest modes of transportation, exactly.

A set of modes is a set of systems, plus walking when walking is a mode (the default).
Sets are tried by size, smallest first; the first size at which some set achieves the
shortest distance gives the trip's choices. Only systems that can lie on a shortest trip
are tried: a system whose best conceivable ride (shortest way to one of its stations,
its ride, shortest way on from the other) is longer than the trip is left out, so a trip
touches the few systems near it whatever the number of players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from subwaysim.routing.kernels import INF
from subwaysim.routing.mode_table import NO_MODE, WALK_ONLY, ModeTable
from subwaysim.routing.rides import SystemRides
from subwaysim.routing.rules import WALK
from subwaysim.routing.station_graph import StationGraph
from subwaysim.routing.table_sets import ModeSet, first_sets_reference, mode_sets, table_order

GraphFor = Callable[[tuple[SystemRides, ...], bool], StationGraph]


def candidates(
    systems: Sequence[SystemRides],
    everything: StationGraph,
    reversed_walk: np.ndarray,
    origin: int,
    destination: int,
    best: int,
) -> list[SystemRides]:
    """The systems that could ride a part of a shortest trip (a lower bound prunes the rest).
    With few systems, trying every set is cheaper than the bound."""
    if len(systems) <= 3:
        return list(systems)
    reach = everything.reach(origin)
    # The way on from each station, found backwards from the destination on reversed walks
    # (rides run both ways) and without transfer costs: never more than the true way on.
    backwards = StationGraph(everything.systems, reversed_walk, True, 0)
    onward = backwards.reach(destination)
    index = everything.index
    kept = []
    for system in systems:
        idx = [index[int(sq)] for sq in system.stations]
        bound = reach[idx][:, None] + system.matrix + onward[idx][None, :]
        if int(bound.min()) <= best:
            kept.append(system)
    return kept


def choices(
    systems: Sequence[SystemRides],
    graph_for: GraphFor,
    walk_distance: int,
    origin: int,
    destination: int,
    walking_is_a_mode: bool,
    stations: frozenset[int],
    reversed_walk: np.ndarray,
    table: ModeTable | None = None,
) -> tuple[int, tuple[frozenset[str], ...]]:
    """The shortest distance and every smallest set of modes achieving it (SG-13, SG-14).

    `systems` are the rideable systems in seat order; `graph_for(systems, walk)` gives
    (cached) station graphs; `stations` are their stations' squares; `table`, when the
    systems are few, every subset's distance at once.
    """
    if origin == destination:
        return 0, (frozenset(),)  # SG-15: no trip, no mode
    if table is not None:
        best, near = table.shortest(origin, destination), list(systems)
    else:
        best, near, distance = _search(
            systems, graph_for, walk_distance, origin, destination, reversed_walk
        )
    if best == walk_distance and (origin not in stations or destination not in stations):
        # Walking is shortest and a trip without walking cannot start (both ends must be
        # stations): the pure walk is the one smallest set of modes.
        return best, (WALK_ONLY if walking_is_a_mode else NO_MODE,)
    if table is not None:
        order = table_order(len(near), walking_is_a_mode)
        sets = table.smallest_sets(origin, destination, best, order, walking_is_a_mode)
        if sets:  # one compiled call (no transfer costs)
            return best, sets
        subset = table.subset_trips(origin, destination)  # each subset, walking or not
        found = first_sets_reference(subset, best, order)
        if found:
            named = table.named
            return best, tuple(named(m, w, walking_is_a_mode) for m, w in found)
        raise AssertionError("walking with every system always achieves the shortest trip")
    for size in mode_sets(len(near), walking_is_a_mode):
        found = [modes for modes in size if distance(modes.systems, modes.walk) == best]
        if found:
            return best, tuple(_named(near, m, walking_is_a_mode) for m in found)
    raise AssertionError("walking with every system always achieves the shortest trip")


def _search(
    systems: Sequence[SystemRides],
    graph_for: GraphFor,
    walk_distance: int,
    origin: int,
    destination: int,
    reversed_walk: np.ndarray,
) -> tuple[int, list[SystemRides], Callable[[tuple[int, ...], bool], int]]:
    """Many systems: the shortest trip, the systems that could take part, and the distance
    of a set of them (a station graph each)."""
    best, near = walk_distance, []
    if systems:
        everything = graph_for(tuple(systems), True)
        best = min(best, everything.trip(origin, destination))
        near = candidates(systems, everything, reversed_walk, origin, destination, best)

    def distance(chosen: tuple[int, ...], walk: bool) -> int:
        if not chosen:
            return walk_distance if walk else INF
        return graph_for(tuple(near[i] for i in chosen), walk).trip(origin, destination)

    return best, near, distance


def _named(near: Sequence[SystemRides], modes: ModeSet, walking_is_a_mode: bool) -> frozenset[str]:
    names = frozenset(near[i].system for i in modes.systems)
    return names | {WALK} if modes.walk and walking_is_a_mode else names
