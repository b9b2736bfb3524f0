"""The shortest walk to and from the nearest station (SG-9, SG-13): what lets a router answer
a trip no ride can shorten with the walk alone.

A trip that rides walks to a station, rides at least two stops (SG-12) and walks on from a
station, so when the plain walk is shorter than that least conceivable trip, the walk is the
trip (SG-13). `nearest_walks` finds both walks for every square in one compiled pass;
`nearest_walks_reference` is its plain numpy twin (tests check one against the other).
"""

from __future__ import annotations

import numpy as np

from tabletop.compiled import kernel


@kernel
def nearest_walks(distances, stations):  # type: ignore[no-untyped-def]
    """(to, from): to[s], the shortest walk from square s to one of `stations`; from[s], the
    shortest from one of them to s (`distances` (N, N), at least one station)."""
    size = distances.shape[0]
    to_station = np.empty(size, np.int64)
    from_station = np.empty(size, np.int64)
    first = stations[0]
    for s in range(size):
        to_station[s] = distances[s, first]
        from_station[s] = distances[first, s]
    for i in range(1, len(stations)):
        c = stations[i]
        row = distances[c]
        for s in range(size):
            to_station[s] = min(to_station[s], distances[s, c])
            from_station[s] = min(from_station[s], row[s])
    return to_station, from_station


def nearest_walks_reference(
    distances: np.ndarray, stations: list[int]
) -> tuple[list[int], list[int]]:
    """`nearest_walks` by numpy reductions (the router's former way)."""
    return distances[:, stations].min(axis=1).tolist(), distances[stations].min(0).tolist()
