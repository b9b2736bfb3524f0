"""A player's line plans as compiled calls (issue 28, greedy's cost).

`plans._lines` lays a line from the player's network to each busy square: the cheapest
track (SG-17: hazard and shared squares at their price), a local station at the target and,
while the system serves no station, one where the line starts (SG-12: a ride needs two).
`line_steps` works out every target's steps and points in one call: one Dijkstra from the
own track (`grid_dijkstra`, also `plans.cheapest_paths`' kernel), each path walked back,
the attachment square (the first own neighbour, south, west, east, north, as
`Board.neighbours`), the steps in `plans.line_plan`'s order and their points. `pair_steps`
does the same for a player without track: a line between two busy squares. Steps are codes:
`2 * square` lays track, `2 * square + 1` a local station. The plain-Python twins, in
`plans` (which reads the kernels here), are `line_steps_reference` and
`pair_lines_reference` (`cheapest_paths`, `attachment`, `line_plan`); the tests hold each
kernel to its twin. `own_line_steps` is `line_steps` with its tables made in the same call
from the squares (`track_prices.track_table`, the station prices, the targets): the twin of
`plans.own_lines_reference`, which makes them in numpy and Python steps.
"""

from __future__ import annotations

import numpy as np

from subwaysim.agents.busy import heaviest
from subwaysim.agents.track_prices import track_table
from subwaysim.routing.kernels import heap_pop, heap_push
from tabletop.compiled import kernel

UNREACHED = -1  # a target's length when its line is too dear or cut off


@kernel
def grid_dijkstra(width, height, costs, sources, limit):  # type: ignore[no-untyped-def]
    """Cheapest ways over the grid (entering a square costs `costs[square]`) from every
    source square, up to `limit`: (cost, back) per square."""
    return settle(width, height, costs, sources, limit, np.empty(0, np.int64))


@kernel
def settle(width, height, costs, sources, limit, targets):  # type: ignore[no-untyped-def]
    """`grid_dijkstra`, stopped once every square of `targets` (none: every square) is
    settled: the same cost and back step on each target and on every square of its way
    back (a square's back step is set before it is settled, never after, and the squares
    on its way back were settled before it); a target out of reach is never settled, so
    the search then runs to its end."""
    size = width * height
    cost = np.full(size, limit + 1, np.int64)
    back = np.full(size, -1, np.int64)
    heap_d = np.empty(4 * size + 4, np.int64)
    heap_n = np.empty(4 * size + 4, np.int64)
    wanted = np.zeros(size, np.bool_)
    pending = 0
    for sq in targets:
        if not wanted[sq]:
            wanted[sq] = True
            pending += 1
    count = 0
    for sq in range(size):
        if sources[sq]:
            cost[sq] = 0
            count = heap_push(heap_d, heap_n, count, 0, sq)
    while count > 0:
        d, u, count = heap_pop(heap_d, heap_n, count)
        if d > cost[u]:
            continue
        if wanted[u]:
            pending -= 1
            if pending == 0:
                break  # (every target settled)
        rank = u // width
        file = u - rank * width
        for k in range(4):  # `grid_step`'s order: west, east, south, north
            if k == 0:
                if file == 0:
                    continue
                v = u - 1
            elif k == 1:
                if file == width - 1:
                    continue
                v = u + 1
            elif k == 2:
                if rank == 0:
                    continue
                v = u - width
            else:
                if rank == height - 1:
                    continue
                v = u + width
            reached = d + costs[v]
            if reached <= limit and reached < cost[v]:
                cost[v], back[v] = reached, u
                count = heap_push(heap_d, heap_n, count, reached, v)
    return cost, back


__all__ = ["UNREACHED", "grid_dijkstra", "line_steps", "own_line_steps", "pair_steps", "settle"]


@kernel
def line_steps(width, height, costs, own, built, station_price, targets, served, limit):  # type: ignore[no-untyped-def]
    """Every target's steps as codes, one after another, then for each target: the count of
    its steps (UNREACHED: too dear or cut off), its points and the own square its line
    starts from. `costs` is `plans.track_costs`' table, `own` and `built`
    masks of the player's track and of every station, `station_price` each square's local
    station price, `served` whether the system serves a station already."""
    size = width * height
    reach, back = settle(width, height, costs, own, limit, targets)
    count = len(targets)
    codes = np.empty(count * (size + 2), np.int64)
    used = 0
    lengths = np.full(count, -1, np.int64)
    points = np.zeros(count, np.int64)
    starts = np.full(count, -1, np.int64)
    path = np.empty(size + 1, np.int64)
    for i in range(count):
        target = targets[i]
        if reach[target] > limit:
            continue
        # the new squares from the own track to the target (`Paths.path`)
        n = 0
        sq = target
        while True:
            if not own[sq]:
                path[n] = sq
                n += 1
            if back[sq] < 0:
                break
            sq = back[sq]
        path[:n] = path[:n][::-1].copy()
        # the attachment: path[0]'s first own neighbour, south, west, east, north
        first = path[0]
        start = first
        rank, file = first // width, first % width
        if rank > 0 and own[first - width]:
            start = first - width
        elif file > 0 and own[first - 1]:
            start = first - 1
        elif file < width - 1 and own[first + 1]:
            start = first + 1
        elif rank < height - 1 and own[first + width]:
            start = first + width
        starts[i] = start
        # `line_plan`: the first end's track (and station) first, then the rest in order
        lead = target if served else start
        row = codes[used:]
        m = 0
        placed_lead = False
        total = 0
        lead_in_path = False
        for j in range(n):
            lead_in_path = lead_in_path or path[j] == lead
        if lead_in_path:
            row[m] = 2 * lead
            m += 1
            total += costs[lead]
            if not built[lead]:
                row[m] = 2 * lead + 1
                m += 1
                placed_lead = True
        for j in range(n):
            sq = path[j]
            if sq == lead and lead_in_path:
                continue
            row[m] = 2 * sq
            m += 1
            total += costs[sq]
        # the ends' stations not placed yet: the first end's before every step, the other after
        if not built[lead] and not placed_lead:
            row[1 : m + 1] = row[0:m].copy()
            row[0] = 2 * lead + 1
            m += 1
            total += station_price[lead]
        elif placed_lead:
            total += station_price[lead]
        if not served and target != lead and not built[target]:
            row[m] = 2 * target + 1
            m += 1
            total += station_price[target]
        lengths[i] = m
        used += m
        points[i] = max(total, 1)
    return codes[:used], lengths, points, starts


@kernel
def pair_steps(width, height, costs, built, station_price, targets, walk, limit):  # type: ignore[no-untyped-def]
    """For a player without track: a line between every two targets a (earlier) and b
    (later) more than two steps apart on foot (`walk`), as `plans.line_plan` lays it: a's
    track and station, the cheapest track on to b (one Dijkstra from each a), b's station.
    Steps as codes, one line after another, then per pair (in the order a, then b): its
    count of steps (UNREACHED: too dear, cut off or too near) and its points."""
    size = width * height
    count = len(targets)
    pairs = count * (count - 1) // 2
    codes = np.empty(pairs * (size + 2), np.int64)
    lengths = np.full(pairs, -1, np.int64)
    points = np.zeros(pairs, np.int64)
    source = np.zeros(size, np.bool_)
    path = np.empty(size + 1, np.int64)
    used = 0
    k = -1
    for i in range(count):
        a = targets[i]
        source[a] = True
        reach, back = settle(width, height, costs, source, limit, targets[i + 1 :])
        source[a] = False
        for j in range(i + 1, count):
            k += 1
            b = targets[j]
            if walk[a, b] < 3 or reach[b] > limit:
                continue
            n = 0
            sq = b
            while sq != a:  # the new squares after a, walked back from b
                path[n] = sq
                n += 1
                sq = back[sq]
            row = codes[used:]
            row[0] = 2 * a
            m = 1
            total = costs[a]
            if not built[a]:
                row[m] = 2 * a + 1
                m += 1
                total += station_price[a]
            for t in range(n - 1, -1, -1):
                row[m] = 2 * path[t]
                m += 1
                total += costs[path[t]]
            if not built[b]:
                row[m] = 2 * b + 1
                m += 1
                total += station_price[b]
            lengths[k] = m
            points[k] = max(total, 1)
            used += m
    return codes[:used], lengths, points


@kernel
def own_line_steps(  # type: ignore[no-untyped-def]
    width,
    height,
    hazard_kinds,
    shared,
    own_squares,
    station_squares,
    points,
    whole,
    populated,
    surcharge,
    station_base,
    station_extra,
    powered,
    weights,
    drawn,
    wanted,
    served,
    limit,
):
    """`line_steps` from the squares: the player's track (`own_squares`), every station's
    square, as targets the first `wanted` squares off its track of the `drawn` busy squares
    (`busy.heaviest` of the keys `powered`, the `weights`); the track prices
    `track_table`'s (`hazard_kinds`, the rivals' `shared` squares, `points` and `whole` by
    kind, SG-21's `surcharge` on `populated` squares), each square's local station price
    `station_base`, plus `station_extra` where populated (SG-21; 0 for a whole phase).
    Returns one array (one result to hand back): the count n of targets, the n targets,
    then `line_steps`' n lengths, n points and n starts, then its codes."""
    busy = heaviest(powered, weights, drawn)
    size = width * height
    own = np.zeros(size, np.bool_)
    for sq in own_squares:
        own[sq] = True
    costs = track_table(hazard_kinds, shared, own, points, whole, populated, surcharge)
    built = np.zeros(size, np.bool_)
    for sq in station_squares:
        built[sq] = True
    station_price = np.full(size, station_base, np.int64)
    if station_extra:
        for sq in range(size):
            if populated[sq]:
                station_price[sq] += station_extra
    targets = np.empty(len(busy), np.int64)
    count = 0
    for sq in busy:
        if count >= wanted:
            break
        if not own[sq]:
            targets[count] = sq
            count += 1
    targets = targets[:count]
    codes, lengths, points_of, starts = line_steps(
        width, height, costs, own, built, station_price, targets, served, limit
    )
    packed = np.empty(1 + 4 * count + len(codes), np.int64)
    packed[0] = count
    packed[1 : 1 + count] = targets
    packed[1 + count : 1 + 2 * count] = lengths
    packed[1 + 2 * count : 1 + 3 * count] = points_of
    packed[1 + 3 * count : 1 + 4 * count] = starts
    packed[1 + 4 * count :] = codes
    return packed
