"""Plans that only add stations to the builder's system, valued from the system before them.

Most of a phase's plans lay a line to a busy square and put a station at its end: the
builder's system gains a station or two, and its rides between the stations it had stay
as they were (SG-10..SG-12: no new junction on a line between them). For such a plan the
shortest trips (SG-13 without transfer costs) need not be worked out again from nothing.
The batch works out once, for the system before the plans, the shortest ways between its
stations and each origin's shortest trip to each destination (`variants.plan_points`); a
new station then joins them in O(K^2 + O K + K D) (`add_station`) instead of Floyd-Warshall
and every origin through every pair of stations, O(K^3 + O K^2 + O K D).

The ways found are the shortest ways over the same edges, so they are the very numbers
the full work finds (a shortest way is one number, whatever order it is found in):
`variants.plan_points` gives the same points either way, and its tests check it against
`plan_points_reference`.
"""

from __future__ import annotations

import numpy as np

from tabletop.compiled import kernel


@kernel
def add_station(legs, squares, closure, m, x, edge_out, edge_in, origins, destinations, out):  # type: ignore[no-untyped-def]
    """Station square `x` joins the m stations squares[:m], whose shortest ways between
    them are closure[:m, :m]; edge_out[a] and edge_in[a] are the direct ways from x to
    station a and back (the cheaper of its ride and `legs`). In place: closure[:m+1, :m+1]
    the shortest ways among the m + 1 stations, out[i, j] the shortest trip from origins[i]
    to destinations[j] (through a station, or as `out` had it), squares[m] = x."""
    count_o, count_d = len(origins), len(destinations)
    from_x = np.empty(m, np.int32)  # the shortest way from x to each old station
    to_x = np.empty(m, np.int32)  # and from each to x
    for b in range(m):
        best = edge_out[b]
        for a in range(m):
            best = min(best, np.int32(edge_out[a] + closure[a, b]))
        from_x[b] = best
    for a in range(m):
        best, row = edge_in[a], closure[a]
        for b in range(m):
            best = min(best, np.int32(row[b] + edge_in[b]))
        to_x[a] = best
    for a in range(m):
        row, ax = closure[a], to_x[a]
        for b in range(m):
            row[b] = min(row[b], np.int32(ax + from_x[b]))
        row[m] = ax
    closure[m, :m] = from_x
    closure[m, m] = 0
    # From x to each destination through a station (x itself, or an old one after x).
    onward = np.empty(count_d, np.int32)
    start = legs[x]
    for j in range(count_d):
        onward[j] = start[destinations[j]]
    for b in range(m):
        xb, line = from_x[b], legs[squares[b]]
        for j in range(count_d):
            onward[j] = min(onward[j], np.int32(xb + line[destinations[j]]))
    for i in range(count_o):
        o = origins[i]
        to = legs[o]
        reach_x = to[x]  # the shortest way from the origin to x, maybe by an old station
        for a in range(m):
            reach_x = min(reach_x, np.int32(to[squares[a]] + to_x[a]))
        line_out = out[i]
        for j in range(count_d):
            line_out[j] = min(line_out[j], np.int32(reach_x + onward[j]))
    squares[m] = x
