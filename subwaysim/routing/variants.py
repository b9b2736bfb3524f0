"""A phase's plans valued in one compiled call: what a planner asks many times a game.

A player weighing a phase's plans asks, for each plan, the points every player expects of
a sample of trips on the network the plan leaves (`expectation.pair_points`). The plans
share the network but for the systems they touch (the builder's, and a rival's where a
station changes on its track, SG-11). `plan_points` plays each plan's builds on arrays of
the network, makes the changed systems' ride matrices (SG-10..SG-12), and values the
trips (SG-13..SG-15), with no router, network or arrays made per plan in Python. Groups
of systems no plan changed (the rival's system alone, mostly) are worked out once for
the batch.

The plain-Python twin is `plan_points_reference`: a Router on each plan's network (made
by `agents.plans.outcome`) and `pair_points`; the tests check one against the other, and
`_apply_builds` against `outcome`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import accumulate
from operator import is_
from typing import Any, Protocol

import numpy as np
from numba.typed import List

from subwaysim.network import Network, Station
from subwaysim.routing.added_stations import add_station
from subwaysim.routing.expectation import _close, _needs_shared, _pair_points, pair_points
from subwaysim.routing.express_twins import inert_express
from subwaysim.routing.kernels import INF, group_stations, lay_rides, number_marked
from subwaysim.routing.kernels import _ride_matrix as _ride_matrix_of
from subwaysim.routing.router import Router
from subwaysim.routing.trip_rows import TripRows, trip_rows
from tabletop.compiled import kernel


@kernel
def _seat_groups(seats, players):  # type: ignore[no-untyped-def]
    """`expectation.groups_of` as arrays from the seats of the rideable systems:
    (members, single, without)."""
    count = len(seats)
    groups = (1 + count + (count if count > 2 else 0)) if count else 0
    members = np.zeros((groups, max(count, 1)), np.bool_)
    single = np.full(players, -1, np.int64)
    without = np.full(players, -1, np.int64)
    if count == 0:
        return members, single, without
    members[0, :] = True
    for i in range(count):
        single[seats[i]] = 1 + i
        members[1 + i, i] = True
    for i in range(count):
        if count == 2:
            without[seats[i]] = single[seats[1 - i]]
        elif count > 2:
            g = 1 + count + i
            without[seats[i]] = g
            for j in range(count):
                members[g, j] = j != i
    return members, single, without


TRACK, REMOVE_TRACK, STATION, REMOVE_STATION, NO_CHANGE = 0, 1, 2, 3, 4  # build codes


@kernel
def _apply_builds(codes, squares, details, builder, own, kinds, builders, touched):  # type: ignore[no-untyped-def]
    """Play a plan's builds (codes, squares, station kinds) on copies of the builder's track
    (`own`), the station kinds and builders per square; mark the squares whose station
    changed. Returns (whether every step makes sense, whether the track changed): the steps
    `plans.outcome` refuses are refused here (track where the builder has track, a station
    on a station or off its track, removing a station that is not its own)."""
    moved = False
    for b in range(len(codes)):
        code, sq = codes[b], squares[b]
        if code == TRACK:
            if own[sq]:
                return False, moved
            own[sq] = True
            moved = True
        elif code == REMOVE_TRACK:
            own[sq] = False
            moved = True
        elif code == STATION:
            if kinds[sq] != 0 or not own[sq]:
                return False, moved
            kinds[sq], builders[sq], touched[sq] = details[b], builder, True
        elif code == REMOVE_STATION:
            if kinds[sq] == 0 or builders[sq] != builder:
                return False, moved
            kinds[sq], builders[sq], touched[sq] = 0, -1, True
    return True, moved


@kernel
def _reach_through(legs, st, closure, origins, destinations, direct, out):  # type: ignore[no-untyped-def]
    """out[i, j]: the shortest trip from origins[i] to destinations[j] going to a station of
    `st` by `legs`, through the stations' `closure`, and on to the destination by `legs`;
    with `direct`, `legs[o, d]` itself (the trip using none of the stations) counts too.

    Two min-plus products, (O, K) x (K, K) then (O, K) x (K, D), with their rows padded to
    whole vectors of eight with INF (a padded entry is never the least of a real one, and
    none is read back): the compiler's vector loops then run without remainders. The least
    of the same sums, so the same numbers."""
    k, count_d = len(st), len(destinations)
    kp, dp = (k + 7) // 8 * 8, (count_d + 7) // 8 * 8
    onward = np.full((k, dp), INF, np.int32)
    padded = np.full((k, kp), INF, np.int32)
    for b in range(k):
        line, row, close_b = legs[st[b]], padded[b], closure[b]
        for j in range(count_d):
            onward[b, j] = line[destinations[j]]
        for c in range(k):
            row[c] = close_b[c]
    via = np.empty(kp, np.int32)
    line_out = np.empty(dp, np.int32)
    for i in range(len(origins)):
        start = legs[origins[i]]
        via[:] = INF
        for a in range(k):
            to_a, line = start[st[a]], padded[a]
            for b in range(kp):
                via[b] = min(via[b], np.int32(to_a + line[b]))
        line_out[:] = INF
        if direct:
            for j in range(count_d):
                line_out[j] = start[destinations[j]]
        for b in range(k):
            vb, line = via[b], onward[b]
            for j in range(dp):
                line_out[j] = min(line_out[j], np.int32(vb + line[j]))
        out_i = out[i]
        for j in range(count_d):
            out_i[j] = line_out[j]


@kernel
def _group_reach_table(walk, systems_st, systems_flat, origins, destinations, out):  # type: ignore[no-untyped-def]
    """out[i, j]: the shortest trip from origins[i] to destinations[j] riding the systems
    (their stations and flat ride matrices) and walking, without transfer costs: what
    `expectation._group_reach` finds for one group, by the same closure (SG-13)."""
    size = walk.shape[0]
    st, mark = group_stations(size, systems_st)
    k = len(st)
    closure = np.empty((k, k), np.int32)
    for a in range(k):
        for b in range(k):
            closure[a, b] = walk[st[a], st[b]]
    lay_rides(closure, mark, systems_st, systems_flat)
    _close(closure)
    _reach_through(walk, st, closure, origins, destinations, False, out)


@kernel
def _closure_of(walk, st, flat):  # type: ignore[no-untyped-def]
    """(K, K) shortest ways between one system's stations, riding it and walking (SG-13
    without transfer costs): Floyd-Warshall over the cheaper of ride and walk."""
    k = len(st)
    closure = np.empty((k, k), np.int32)
    for a in range(k):
        for b in range(k):
            closure[a, b] = min(walk[st[a], st[b]], flat[a * k + b])
    _close(closure)
    return closure


@kernel
def _rival_rows(walk, st, closure, squares, rows, have):  # type: ignore[no-untyped-def]
    """rows[x, y] for each x of `squares` not yet `have`: the shortest trip from square x to
    square y walking and riding one system only (its stations `st`, their `closure`), the
    pure walk included."""
    k, size = len(st), walk.shape[0]
    via = np.empty(k, np.int32)
    for x in squares:
        if have[x]:
            continue
        have[x] = True
        via[:] = INF
        for a in range(k):
            walk_a, line = walk[x, st[a]], closure[a]
            for b in range(k):
                via[b] = min(via[b], np.int32(walk_a + line[b]))
        row = rows[x]
        row[:] = walk[x]
        for b in range(k):
            vb, onward = via[b], walk[st[b]]
            for y in range(size):
                row[y] = min(row[y], np.int32(vb + onward[y]))


@kernel
def _every_system(walk, origins, destinations, st, flat, rows, out):  # type: ignore[no-untyped-def]
    """out[i, j]: the shortest trip from origins[i] to destinations[j] on two systems, one of
    them seen only through `rows` (its trips between any two squares, walks included, from
    `_rival_rows`): the other's rides (stations `st`) joined by those trips. The least of
    every-system trip and the pure walk: the same as `_group_reach_table` wherever riding
    beats walking (a trip's segments without the other's rides are the rival's trips)."""
    k = len(st)
    joined = np.empty((k, k), np.int32)
    for a in range(k):
        for b in range(k):
            joined[a, b] = min(rows[st[a], st[b]], flat[a * k + b])
    _close(joined)
    _reach_through(rows, st, joined, origins, destinations, True, out)


@kernel
def _parts(systems_st, systems_flat, first, last):  # type: ignore[no-untyped-def]
    """The stations and flat rides of systems first..last - 1, as a group's kernels take them."""
    part_st = List()
    part_flat = List()
    for c in range(first, last):
        part_st.append(systems_st[c])
        part_flat.append(systems_flat[c])
    return part_st, part_flat


@kernel
def _few_reach(  # type: ignore[no-untyped-def]
    walk, origins, destinations, systems_st, systems_flat, seats, changed, players, batch, rival
):
    """The groups' shortest trips of `_pair_points` without transfer costs, for one or two
    rideable systems (groups: every system, then each alone): (reach, single, without), as
    `_score_groups` reads them. A group of unchanged systems is read from the batch's
    `tables` (by the mask of its seats; made on first use over every origin and destination
    of the batch) instead of worked out again. Where `rival` (rows, have, closures, made,
    slots, the builder's seat) has a slot for an unchanged system, that system alone is read
    from its trips between squares (kept from call to call, `trip_rows`), and so is the
    group of both systems (`_every_system`) unless both changed."""
    count = len(seats)
    count_o, count_d = len(origins), len(destinations)
    groups = 1 + count
    single = np.full(players, -1, np.int64)
    without = np.full(players, -1, np.int64)
    for c in range(count):
        single[seats[c]] = 1 + c
    if count == 2:
        without[seats[0]] = single[seats[1]]
        without[seats[1]] = single[seats[0]]
    reach = np.empty((groups, count_o, count_d), np.int32)
    for g in range(groups):
        if g == 1 and count == 1:
            reach[1] = reach[0]  # the one system alone is every system
            continue
        first, last = (0, count) if g == 0 else (g - 1, g)
        mask, fresh = 0, False
        for c in range(first, last):
            mask |= 1 << seats[c]
            fresh = fresh or changed[c]
        # Both systems, one of them unchanged ("theirs": the unchanged one, or where neither
        # changed, the one not the builder's, whose rows stay the longest).
        theirs = 1 if changed[0] else 0
        if not changed[0] and not changed[1] and seats[0] == rival[5]:
            theirs = 1
        if g == 0 and count == 2 and not changed[theirs] and rival[4][seats[theirs]] >= 0:
            mine = 1 - theirs
            rows, _, _, _, slots, _ = rival
            r = seats[theirs]
            x = slots[r]
            _kept_rows(walk, rival, r, systems_st[theirs], systems_flat[theirs], origins)
            _kept_rows(walk, rival, r, systems_st[theirs], systems_flat[theirs], systems_st[mine])
            _every_system(
                walk, origins, destinations, systems_st[mine], systems_flat[mine], rows[x], reach[0]
            )
            continue
        if fresh and last - first == 1:  # one system: its stations are the group's, sorted
            st = systems_st[first]
            closure = _closure_of(walk, st, systems_flat[first])
            _reach_through(walk, st, closure, origins, destinations, False, reach[g])
            continue
        if fresh:
            part_st, part_flat = _parts(systems_st, systems_flat, first, last)
            _group_reach_table(walk, part_st, part_flat, origins, destinations, reach[g])
            continue
        if last - first == 1 and rival[4][seats[first]] >= 0:
            # One unchanged system of a batch of many: its trips between squares (kept for
            # the batch, as for the group of both systems), the pure walk included; that
            # walk only ever stands where riding does not beat it, and there nobody scores
            # (SG-15), so the points are those of its group table.
            rows, _, _, _, slots, _ = rival
            r = seats[first]
            x = slots[r]
            _kept_rows(walk, rival, r, systems_st[first], systems_flat[first], origins)
            seat_rows = rows[x]
            for i in range(count_o):
                row = seat_rows[origins[i]]
                for j in range(count_d):
                    reach[g, i, j] = row[destinations[j]]
            continue
        part_st, part_flat = _parts(systems_st, systems_flat, first, last)
        _from_table(walk, part_st, part_flat, mask, batch, origins, destinations, reach[g])
    return reach, single, without


@kernel
def _kept_rows(walk, rival, seat, st, flat, squares):  # type: ignore[no-untyped-def]
    """`_rival_rows` of seat `seat`'s unchanged system (stations `st`, rides `flat`) for
    `squares`, into its slot of `rival`; its closure made (`_rival_closure`) only when a
    square has no row yet (a kept row needs none)."""
    rows, have, slots = rival[0], rival[1], rival[4]
    x = slots[seat]
    seat_have = have[x]
    for sq in squares:
        if not seat_have[sq]:
            closure = _rival_closure(walk, rival, seat, st, flat)
            _rival_rows(walk, st, closure, squares, rows[x], seat_have)
            return


@kernel
def _rival_closure(walk, rival, seat, st, flat):  # type: ignore[no-untyped-def]
    """The (K, K) closure of seat `seat`'s unchanged system (stations `st`, rides `flat`),
    made once a call and kept in `rival` (rows, have, closures, made, slots, builder)."""
    closures, made = rival[2], rival[3]
    if not made[seat]:
        closures[seat] = _closure_of(walk, st, flat)
        made[seat] = True
    return closures[seat]


@kernel
def _from_table(walk, part_st, part_flat, mask, batch, origins, destinations, out):  # type: ignore[no-untyped-def]
    """out[i, j]: the shortest trip from origins[i] to destinations[j] on a group of systems
    no plan of the batch changed (their stations and flat rides; `mask` their seats), read
    from the batch's table of that group, made on first use over every origin and
    destination of the batch (`batch`: the tables, the table of each mask, the batch's
    origins and destinations, each square's row and column among them)."""
    tables, table_of, table_origins, table_destinations, origin_row, destination_col = batch
    if table_of[mask] < 0:
        table = np.empty((len(table_origins), len(table_destinations)), np.int32)
        _group_reach_table(walk, part_st, part_flat, table_origins, table_destinations, table)
        table_of[mask] = len(tables)
        tables.append(table)
    table = tables[table_of[mask]]
    for i in range(len(origins)):
        row = table[origin_row[origins[i]]]
        for j in range(len(destinations)):
            out[i, j] = row[destination_col[destinations[j]]]


@kernel
def _many_reach(  # type: ignore[no-untyped-def]
    walk, origins, destinations, systems_st, systems_flat, seats, changed, players, batch
):
    """The groups' shortest trips of `_pair_points` for three rideable systems or more and
    no transfer cost, as `_few_reach` gives them: the groups (every system, each alone,
    every system but one) that no system of the plan changed are read from the batch's
    `tables` (by the mask of their seats; made on first use over every origin and
    destination of the batch), the others worked out for the plan; the groups without one
    system only from the origins with a trip that rides but on no system alone (SG-15: who
    is needed for it; as `_pair_points`)."""
    count = len(seats)
    count_o, count_d = len(origins), len(destinations)
    groups = 1 + 2 * count
    single = np.full(players, -1, np.int64)
    without = np.full(players, -1, np.int64)
    for c in range(count):
        single[seats[c]] = 1 + c
        without[seats[c]] = 1 + count + c
    reach = np.empty((groups, count_o, count_d), np.int32)
    need = np.ones(count_o, np.bool_)
    inside = np.empty(count, np.bool_)
    for g in range(groups):
        if g == 1 + count:
            for i in range(count_o):
                need[i] = _needs_shared(reach[:, i, :], walk, origins[i], destinations, single)
            if not need.any():
                break  # (no trip needs two systems: nobody reads these groups)
        inside[:] = g == 0 or g > count
        if 0 < g <= count:
            inside[g - 1] = True
        elif g > count:
            inside[g - 1 - count] = False
        mask, fresh = 0, False
        part_st = List()
        part_flat = List()
        for c in range(count):
            if inside[c]:
                mask |= 1 << seats[c]
                fresh = fresh or changed[c]
                part_st.append(systems_st[c])
                part_flat.append(systems_flat[c])
        if fresh and g <= count:
            _group_reach_table(walk, part_st, part_flat, origins, destinations, reach[g])
            continue
        if fresh:
            rows = np.flatnonzero(need)
            some = np.empty((len(rows), count_d), np.int32)
            _group_reach_table(walk, part_st, part_flat, origins[rows], destinations, some)
            for r in range(len(rows)):
                reach[g, rows[r]] = some[r]
            continue
        _from_table(walk, part_st, part_flat, mask, batch, origins, destinations, reach[g])
    return reach, single, without


@kernel
def _score_groups(  # type: ignore[no-untyped-def]
    walk, origins, destinations, reach, single, without, chooser, single_points, shared_points, out
):
    """SG-14/SG-15 points of each trip into `out` (O, D, P), zeros on entry, from the
    shortest trips of each group (`reach`: every system, then each system alone; `single`
    and `without` each seat's groups, as `expectation.groups_of`)."""
    players = len(single)
    if players == 2 and single[0] >= 0 and single[1] >= 0:
        _score_two(
            walk,
            origins,
            destinations,
            reach,
            single,
            without,
            chooser,
            single_points,
            shared_points,
            out,
        )
        return
    for i in range(len(origins)):
        o = origins[i]
        for j in range(len(destinations)):
            best = reach[0, i, j]
            if destinations[j] == o or best >= walk[o, destinations[j]]:
                continue  # the same square, or walked: nobody scores (SG-15)
            # SG-14/SG-15 as `expectation._score`, on the groups' arrays in place.
            points, alone = out[i, j], 0
            for p in range(players):
                if single[p] >= 0 and reach[single[p], i, j] == best:
                    alone += 1
            if alone > 0:
                if chooser >= 0 and single[chooser] >= 0 and reach[single[chooser], i, j] == best:
                    points[chooser] = single_points
                    continue
                for p in range(players):
                    if single[p] >= 0 and reach[single[p], i, j] == best:
                        points[p] = single_points / alone
                continue
            for p in range(players):
                if single[p] >= 0 and (without[p] < 0 or reach[without[p], i, j] > best):
                    points[p] = shared_points


@kernel
def _score_two(  # type: ignore[no-untyped-def]
    walk, origins, destinations, reach, single, without, chooser, single_points, shared_points, out
):
    """`_score_groups` for two seats, each with a rideable system: its loops over the seats
    written out, the same tests in the same order (the same points)."""
    g0, g1, w0, w1 = single[0], single[1], without[0], without[1]
    count_d = len(destinations)
    for i in range(len(origins)):
        o = origins[i]
        walk_o, best_of, out_i = walk[o], reach[0, i], out[i]
        first, second = reach[g0, i], reach[g1, i]
        for j in range(count_d):
            best = best_of[j]
            if destinations[j] == o or best >= walk_o[destinations[j]]:
                continue  # the same square, or walked: nobody scores (SG-15)
            a, b = first[j] == best, second[j] == best
            if a or b:
                if (chooser == 0 and a) or (chooser == 1 and b):
                    out_i[j, chooser] = single_points
                    continue
                alone = np.int64(a) + np.int64(b)
                if a:
                    out_i[j, 0] = single_points / alone
                if b:
                    out_i[j, 1] = single_points / alone
                continue
            if w0 < 0 or reach[w0, i, j] > best:
                out_i[j, 0] = shared_points
            if w1 < 0 or reach[w1, i, j] > best:
                out_i[j, 1] = shared_points


@kernel
def _grow_base(walk, st0, flat0, rival, other, rival_st, rival_flat, origins, destinations):  # type: ignore[no-untyped-def]
    """For plans that only add stations to the builder's system (`added_stations`), what the
    system before them gives, over the batch's origins and destinations: (the shortest ways
    between its stations alone, the shortest trips riding it alone, the same two riding it
    and the rival's system: rows[x, y] the rival's trips between squares, made here for the
    origins and the stations)."""
    _kept_rows(walk, rival, other, rival_st, rival_flat, origins)
    _kept_rows(walk, rival, other, rival_st, rival_flat, st0)
    rows = rival[0][rival[4][other]]
    k, count_o, count_d = len(st0), len(origins), len(destinations)
    alone = _closure_of(walk, st0, flat0)
    alone_out = np.empty((count_o, count_d), np.int32)
    _reach_through(walk, st0, alone, origins, destinations, False, alone_out)
    both = np.empty((k, k), np.int32)
    for a in range(k):
        for b in range(k):
            both[a, b] = min(rows[st0[a], st0[b]], flat0[a * k + b])
    _close(both)
    both_out = np.empty((count_o, count_d), np.int32)
    _reach_through(rows, st0, both, origins, destinations, True, both_out)
    return alone, alone_out, both, both_out


@kernel
def _grown_reach(  # type: ignore[no-untyped-def]
    walk,
    rival,
    other,
    rival_st,
    rival_flat,
    st0,
    flat0,
    base,
    st,
    matrix,
    position,
    origins,
    destinations,
    origin_row,
    destination_col,
    reach,
    mine,
    theirs,
):
    """The groups' shortest trips (reach[0] both systems, reach[mine] the builder's alone,
    reach[theirs] the rival's alone) for a plan whose builder's system (stations `st`, ride
    `matrix`) is the system before the plans (`st0`, `flat0`, `base` from `_grow_base`)
    with stations added and the same rides between the old ones; False, with `reach` left
    as it was, for any other plan. `position` is -1 per square on entry and on return."""
    k0, k = len(st0), len(st)
    for c in range(k):
        position[st[c]] = c
    same = k >= k0
    for a in range(k0):
        if position[st0[a]] < 0:
            same = False
    for a in range(k0):
        if not same or len(matrix) == 0:  # (no matrix: the very system before the plans)
            break
        row = matrix[position[st0[a]]]
        for b in range(k0):
            if row[position[st0[b]]] != flat0[a * k0 + b]:
                same = False
                break
    if not same:
        for c in range(k):
            position[st[c]] = -1
        return False
    added = np.empty(k - k0, np.int64)
    old = np.zeros(k, np.bool_)
    for a in range(k0):
        old[position[st0[a]]] = True
    n = 0
    for c in range(k):
        if not old[c]:
            added[n] = st[c]
            n += 1
    _kept_rows(walk, rival, other, rival_st, rival_flat, added)
    rows = rival[0][rival[4][other]]
    alone, alone_out, both, both_out = base
    count_o, count_d = len(origins), len(destinations)
    for i in range(count_o):
        r = origin_row[origins[i]]
        seat_rows = rows[origins[i]]
        for j in range(count_d):
            c = destination_col[destinations[j]]
            reach[0, i, j] = both_out[r, c]
            reach[mine, i, j] = alone_out[r, c]
            reach[theirs, i, j] = seat_rows[destinations[j]]
    squares = np.empty(k, np.int64)
    squares[:k0] = st0
    alone_now = np.empty((k, k), np.int32)
    alone_now[:k0, :k0] = alone
    both_now = np.empty((k, k), np.int32)
    both_now[:k0, :k0] = both
    edge_out = np.empty(k, np.int32)
    edge_in = np.empty(k, np.int32)
    m = k0
    for x in added:
        px = position[x]
        for a in range(m):
            pa = position[squares[a]]
            edge_out[a] = min(walk[x, squares[a]], matrix[px, pa])
            edge_in[a] = min(walk[squares[a], x], matrix[pa, px])
        add_station(
            walk, squares, alone_now, m, x, edge_out, edge_in, origins, destinations, reach[mine]
        )
        for a in range(m):
            pa = position[squares[a]]
            edge_out[a] = min(rows[x, squares[a]], matrix[px, pa])
            edge_in[a] = min(rows[squares[a], x], matrix[pa, px])
        add_station(
            rows, squares, both_now, m, x, edge_out, edge_in, origins, destinations, reach[0]
        )
        m += 1
    for c in range(k):
        position[st[c]] = -1
    return True


@kernel
def _same_extras(extras, extra_offsets, i, j):  # type: ignore[no-untyped-def]
    """Whether plans i and j have the same extra squares in the same order."""
    a, b = extra_offsets[i], extra_offsets[j]
    count = extra_offsets[i + 1] - a
    if extra_offsets[j + 1] - b != count:
        return False
    return bool((extras[a : a + count] == extras[b : b + count]).all())


@kernel
def _index_of(squares, size):  # type: ignore[no-untyped-def]
    """(the distinct squares in order, the row of each square among them or -1)."""
    row = np.full(size, -1, np.int64)
    for sq in squares:
        row[sq] = 0
    return number_marked(row), row


@kernel
def plan_points(  # type: ignore[no-untyped-def]
    width,
    height,
    walk,
    tracks,
    kinds,
    builders,
    pool_stations,
    pool_offsets,
    pool_flat,
    pool_flat_offsets,
    pool_rideable,
    builder,
    codes,
    squares,
    details,
    build_offsets,
    sample_origins,
    sample_destinations,
    extras,
    extra_offsets,
    both_ends,
    transfer,
    chooser,
    single_points,
    shared_points,
    rows,
    have,
    slots,
):
    """Every plan of a phase in one call: plan i's builds (codes[build_offsets[i]:
    build_offsets[i + 1]], squares and station kinds likewise) played for seat `builder` on
    the network of `tracks` (P, N), `kinds` and `builders` (N); the systems a plan changes
    get their ride matrices here (SG-10..SG-12, SG-11 for a rival's track under a changed
    station), the others are the pool's (seat s: pool system s); then `pair_points` over
    the sample's origins and destinations, then the plan's extra squares (extras[
    extra_offsets[i]:extra_offsets[i + 1]]) as origins and as destinations. Returns (valid
    per plan, the points, their offsets): plan i's (O + E_i, D + E_i, P) points are
    points[offsets[i]:offsets[i + 1]] (zeros where its steps no longer make sense).
    `rows` (S, N, N), `have` (S, N) and `slots` (P) are the kept trips between squares of
    each pool system (`trip_rows.TripRows`; slot -1: none), filled in here as asked."""
    plans, players, size = len(build_offsets) - 1, tracks.shape[0], width * height
    valid = np.zeros(plans, np.bool_)
    count_o, count_d = len(sample_origins), len(sample_destinations)
    point_offsets = np.zeros(plans + 1, np.int64)
    for i in range(plans):
        e = extra_offsets[i + 1] - extra_offsets[i]
        point_offsets[i + 1] = point_offsets[i] + (count_o + e) * (count_d + e) * players
    points = np.zeros(point_offsets[plans], np.float64)
    origins = np.concatenate((sample_origins, extras))
    destinations = np.concatenate((sample_destinations, extras))
    seats = np.empty(players, np.int64)
    own = np.empty(size, np.bool_)
    plan_kinds = np.empty(size, np.int64)
    plan_builders = np.empty(size, np.int64)
    touched = np.empty(size, np.bool_)
    changed_of = np.empty(players, np.bool_)
    # The groups of unchanged systems, over every origin and destination of the batch.
    table_origins, origin_row = _index_of(origins, size)
    table_destinations, destination_col = _index_of(destinations, size)
    tables = List()
    tables.append(np.empty((0, 0), np.int32))
    table_of = np.full(1 << players, -1, np.int64)
    batch = (tables, table_of, table_origins, table_destinations, origin_row, destination_col)
    # Each unchanged system's trips between squares: rows[slots[s]] for seat s's pool
    # system, kept by the caller from call to call (`RivalRows`; `have` marks the rows
    # made); with no slots, the groups of unchanged systems are tables made in the call.
    closures = List()
    for _ in range(players):
        closures.append(np.empty((0, 0), np.int32))
    made = np.zeros(players, np.bool_)
    rival = (rows, have, closures, made, slots, builder)
    # Plans that only add stations to the builder's system (`added_stations`), in a batch of
    # several with two rideable systems before them, the rival's kept in a slot: what the
    # system before them gives is worked out at the first such plan.
    other = -1
    for s in range(players):
        if s != builder and pool_rideable[s]:
            other = s if other == -1 else -2
    grow = plans > 1 and transfer == 0 and other >= 0
    grow = grow and pool_rideable[builder] and slots[other] >= 0
    st0 = pool_stations[pool_offsets[builder] : pool_offsets[builder + 1]]
    flat0 = pool_flat[pool_flat_offsets[builder] : pool_flat_offsets[builder + 1]]
    empty = np.empty((0, 0), np.int32)
    base = (empty, empty, empty, empty)
    base_made = False
    position = np.full(size, -1, np.int64)
    mine, theirs = (1, 2) if builder < other else (2, 1)
    pair_single = np.full(players, -1, np.int64)
    pair_without = np.full(players, -1, np.int64)
    if grow:
        pair_single[builder], pair_single[other] = mine, theirs
        pair_without[builder], pair_without[other] = theirs, mine
    plan_st = np.empty(0, np.int64)
    plan_matrix = empty
    twin_of = np.full(size, -1, np.int64)  # an inert express station's plan, by its square
    for i in range(plans):
        a, b = build_offsets[i], build_offsets[i + 1]
        if b - a == 1 and codes[a] == STATION:  # (a lone station: an express twin's?)
            sq, j = squares[a], twin_of[squares[a]]
            if details[a] == 2:
                if kinds[sq] == 0 and inert_express(width, height, tracks, kinds, sq, both_ends):
                    twin_of[sq] = i
            elif j >= 0 and valid[j] and _same_extras(extras, extra_offsets, i, j):
                valid[i] = True  # the rides of the express twin (`express_twins`)
                points[point_offsets[i] : point_offsets[i + 1]] = points[
                    point_offsets[j] : point_offsets[j + 1]
                ]
                continue
        own[:] = tracks[builder]
        plan_kinds[:] = kinds
        plan_builders[:] = builders
        touched[:] = False
        ok, moved = _apply_builds(
            codes[a:b], squares[a:b], details[a:b], builder, own, plan_kinds, plan_builders, touched
        )
        if not ok:
            continue
        valid[i] = True
        if b - a == 2 and codes[a] == REMOVE_STATION and codes[a + 1] == STATION:
            sq = squares[a]  # (a local station made express, that no ride notices)
            same = squares[a + 1] == sq and details[a + 1] == 2 and kinds[sq] == 1
            if same and inert_express(width, height, tracks, kinds, sq, both_ends):
                touched[sq] = False
        found_st = List()
        found_flat = List()
        count, st_size, flat_size = 0, 0, 0
        for s in range(players):
            track = own if s == builder else tracks[s]
            changed = moved and s == builder
            if not changed:
                for sq in range(size):
                    if touched[sq] and track[sq]:
                        changed = True
                        break
            if changed:
                st, matrix = _ride_matrix_of(width, height, track, plan_kinds, both_ends)
                if s == builder:
                    plan_st, plan_matrix = st, matrix
                k = len(st)
                flat = np.empty(k * k, np.int64)
                rides = 0
                for x in range(k):
                    for y in range(k):
                        flat[x * k + y] = matrix[x, y]
                        rides += matrix[x, y] < INF
                rideable = rides > k
            else:
                st = pool_stations[pool_offsets[s] : pool_offsets[s + 1]]
                flat = pool_flat[pool_flat_offsets[s] : pool_flat_offsets[s + 1]]
                rideable = pool_rideable[s]
            if rideable:
                seats[count] = s
                changed_of[count] = changed
                count += 1
                found_st.append(st)
                found_flat.append(flat)
                st_size += len(st)
                flat_size += len(flat)
        plan_extras = extras[extra_offsets[i] : extra_offsets[i + 1]]
        plan_origins = np.concatenate((sample_origins, plan_extras))
        plan_destinations = np.concatenate((sample_destinations, plan_extras))
        block = points[point_offsets[i] : point_offsets[i + 1]]
        pair = (seats[0] == builder and seats[1] == other) or (
            seats[0] == other and seats[1] == builder
        )
        if grow and count == 2 and pair:
            at = 0 if seats[0] == builder else 1
            if not changed_of[at]:
                plan_st, plan_matrix = st0, empty  # the system before the plans itself
            if not changed_of[1 - at]:
                rival_st = pool_stations[pool_offsets[other] : pool_offsets[other + 1]]
                rival_flat = pool_flat[pool_flat_offsets[other] : pool_flat_offsets[other + 1]]
                if not base_made:
                    base = _grow_base(
                        walk,
                        st0,
                        flat0,
                        rival,
                        other,
                        rival_st,
                        rival_flat,
                        table_origins,
                        table_destinations,
                    )
                    base_made = True
                reach = np.empty((3, len(plan_origins), len(plan_destinations)), np.int32)
                if _grown_reach(
                    walk,
                    rival,
                    other,
                    rival_st,
                    rival_flat,
                    st0,
                    flat0,
                    base,
                    plan_st,
                    plan_matrix,
                    position,
                    plan_origins,
                    plan_destinations,
                    origin_row,
                    destination_col,
                    reach,
                    mine,
                    theirs,
                ):
                    _score_groups(
                        walk,
                        plan_origins,
                        plan_destinations,
                        reach,
                        pair_single,
                        pair_without,
                        chooser,
                        single_points,
                        shared_points,
                        block.reshape((len(plan_origins), len(plan_destinations), players)),
                    )
                    continue
        if transfer == 0:
            if count == 0:
                continue  # (nothing to ride: nobody scores)
            args = (walk, plan_origins, plan_destinations, found_st, found_flat, seats[:count])
            if count > 2:
                reach, single, without = _many_reach(*args, changed_of[:count], players, batch)
            else:
                reach, single, without = _few_reach(
                    *args, changed_of[:count], players, batch, rival
                )
            _score_groups(
                walk,
                plan_origins,
                plan_destinations,
                reach,
                single,
                without,
                chooser,
                single_points,
                shared_points,
                block.reshape((len(plan_origins), len(plan_destinations), players)),
            )
            continue
        members, single, without = _seat_groups(seats[:count], players)
        sys_stations = np.empty(st_size, np.int64)
        sys_flat = np.empty(flat_size, np.int64)
        sys_offsets = np.zeros(count + 1, np.int64)
        flat_offsets = np.zeros(count + 1, np.int64)
        for c in range(count):
            sys_offsets[c + 1] = sys_offsets[c] + len(found_st[c])
            flat_offsets[c + 1] = flat_offsets[c] + len(found_flat[c])
            sys_stations[sys_offsets[c] : sys_offsets[c + 1]] = found_st[c]
            sys_flat[flat_offsets[c] : flat_offsets[c + 1]] = found_flat[c]
        block[:] = (
            _pair_points(
                walk,
                plan_origins,
                plan_destinations,
                sys_stations,
                sys_offsets,
                sys_flat,
                flat_offsets,
                members,
                transfer,
                single,
                without,
                chooser,
                single_points,
                shared_points,
            )
        ).ravel()
    return valid, points, point_offsets


class Step(Protocol):
    """A build as plans hold it (`builds.Build`): what, where, and a station's kind."""

    action: str
    square: int
    detail: str | None


_CODES = {
    "track": TRACK,
    "remove_track": REMOVE_TRACK,
    "station": STATION,
    "remove_station": REMOVE_STATION,
}


def network_arrays(network: Network) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(tracks (P, N) bool, station kind per square (0 none, 1 local, 2 express), builder's
    seat per square (-1 none)): the network as `plan_points` takes them. A network made by
    a build shares the parts it left alone (a player's track set, the stations), so each
    part's arrays are kept for the last few such parts (`_PartArrays`)."""
    size, players = network.board.size, network.players
    tracks = np.array([_PARTS.track_row(network.track[p], size) for p in players])
    kinds, builders = _PARTS.station_rows(network.stations, players, size)
    return tracks, kinds.copy(), builders.copy()  # (writable, as callers made them before)


def _track_row(own: frozenset[int], size: int) -> np.ndarray:
    """A player's track as a bool per square."""
    row = np.zeros(size, dtype=np.bool_)
    row[np.fromiter(own, np.int64, len(own))] = True
    return row


def _station_rows(
    stations: Mapping[int, Station], players: tuple[str, ...], size: int
) -> tuple[np.ndarray, np.ndarray]:
    """(station kind per square, builder's seat per square) of `stations`."""
    kinds = np.zeros(size, dtype=np.int64)
    builders = np.full(size, -1, dtype=np.int64)
    if stations:
        seat = {p: i for i, p in enumerate(players)}
        at = np.fromiter(stations.keys(), np.int64, len(stations))
        every = stations.values()
        kinds[at] = [2 if st.kind == "express" else 1 for st in every]
        builders[at] = [seat[st.builder] for st in every]
    return kinds, builders


class _PartArrays:
    """The arrays of the last `KEPT` track sets and station maps seen (keyed by the very
    object, held so that its id stays its own; read-only): at most KEPT x N bytes of track
    rows and KEPT x 16 x N bytes of station rows."""

    KEPT = 32

    def __init__(self) -> None:
        self._tracks: dict[tuple[int, int], tuple[object, np.ndarray]] = {}
        self._stations: dict[tuple[object, ...], tuple[object, tuple[np.ndarray, np.ndarray]]]
        self._stations = {}
        self._last_stations: tuple[object, ...] = ()  # the key of the map last made

    def track_row(self, own: frozenset[int], size: int) -> np.ndarray:
        key = (id(own), size)
        found = self._tracks.get(key)
        if found is None or found[0] is not own:
            row = _track_row(own, size)
            row.flags.writeable = False
            found = (own, row)
            _keep(self._tracks, key, found, self.KEPT)
        return found[1]

    def station_rows(
        self, stations: Mapping[int, Station], players: tuple[str, ...], size: int
    ) -> tuple[np.ndarray, np.ndarray]:
        key = (id(stations), players, size)
        found = self._stations.get(key)
        if found is None or found[0] is not stations:
            last = self._stations.get(self._last_stations) if self._stations else None
            rows = None
            if last is not None and self._last_stations[1:] == key[1:]:
                rows = _one_more_station(last[0], last[1], stations, players)
            if rows is None:
                rows = _station_rows(stations, players, size)
            for row in rows:
                row.flags.writeable = False
            found = (stations, rows)
            _keep(self._stations, key, found, self.KEPT)
            self._last_stations = key
        return found[1]


def _one_more_station(
    old: Mapping[int, Station],
    old_rows: tuple[np.ndarray, np.ndarray],
    stations: Mapping[int, Station],
    players: tuple[str, ...],
) -> tuple[np.ndarray, np.ndarray] | None:
    """`_station_rows` of `stations` from those of `old` when `stations` is `old` and one
    station more (the very Station objects of `old` on the same squares: a station built),
    else None."""
    if len(stations) != len(old) + 1:
        return None
    added = stations.keys() - old.keys()
    if len(added) != 1 or not all(map(is_, map(stations.get, old), old.values())):
        return None
    (square,) = added
    station = stations[square]
    kinds, builders = old_rows[0].copy(), old_rows[1].copy()
    kinds[square] = 2 if station.kind == "express" else 1
    builders[square] = players.index(station.builder)
    return kinds, builders


def _keep(kept: dict, key: object, value: object, most: int) -> None:  # type: ignore[type-arg]
    """Keep `value` under `key`, giving up the oldest entry beyond `most`."""
    if len(kept) >= most:
        kept.pop(next(iter(kept)))
    kept[key] = value


_PARTS = _PartArrays()


def plans_points(
    router: Router,
    builder: int,
    plans: Sequence[Sequence[Step]],
    sample_origins: np.ndarray,
    sample_destinations: np.ndarray,
    extras: Sequence[tuple[int, ...]],
    chooser: int,
    single_points: int,
    shared_points: int,
) -> list[np.ndarray | None]:
    """For each plan (builds by seat `builder` on the router's network), the (O + E, D + E,
    P) points of `pair_points` on the network it leaves, over the sample's origins and
    destinations then its extra squares; None where a step no longer makes sense. One
    compiled call (`plan_points`)."""
    if not plans:
        return []
    valid, points, offsets = plans_points_flat(
        router,
        builder,
        plans,
        sample_origins,
        sample_destinations,
        extras,
        chooser,
        single_points,
        shared_points,
    )
    o, d, p = len(sample_origins), len(sample_destinations), len(router.network.players)
    at = offsets.tolist()
    return [
        points[a:b].reshape(o + len(e), d + len(e), p) if ok else None
        for ok, e, a, b in zip(valid.tolist(), extras, at[:-1], at[1:], strict=True)
    ]


def plans_points_flat(
    router: Router,
    builder: int,
    plans: Sequence[Sequence[Step]],
    sample_origins: np.ndarray,
    sample_destinations: np.ndarray,
    extras: Sequence[tuple[int, ...]],
    chooser: int,
    single_points: int,
    shared_points: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`plans_points` as the compiled call returns it: (valid per plan, every plan's points
    end to end, plan i's at offsets[i]:offsets[i + 1], C order (O + E_i, D + E_i, P))."""
    width, height, walk, *arrays = _base_arrays(router)
    kept = trip_rows(walk)
    slots = _slots(router, kept)
    every = [step for steps in plans for step in steps]
    # (offsets by `accumulate`: the same sums as numpy's, cheaper)
    if len(plans) == 1:  # (a plan of the next step, or none: today's network)
        steps_end = np.array((0, len(every)), np.int64)
        extra_offsets = np.array((0, len(extras[0])), np.int64)
        extra_squares = np.array(extras[0], np.int64)
    else:
        steps_end = np.array([0, *accumulate(map(len, plans))], np.int64)
        extra_offsets = np.array([0, *accumulate(map(len, extras))], np.int64)
        extra_squares = np.array([sq for e in extras for sq in e], np.int64)
    valid, points, offsets = plan_points(
        width,
        height,
        walk,
        *arrays,
        builder,
        np.array([_CODES.get(s.action, NO_CHANGE) for s in every], np.int64),
        np.array([s.square for s in every], np.int64),
        np.array([2 if s.detail == "express" else 1 for s in every], np.int64),
        steps_end,
        np.ascontiguousarray(sample_origins, dtype=np.int64),
        np.ascontiguousarray(sample_destinations, dtype=np.int64),
        extra_squares,
        extra_offsets,
        router.rules.express == "both_ends",
        router.rules.transfer_cost,
        chooser,
        float(single_points),
        float(shared_points),
        kept.rows,
        kept.have,
        slots,
    )
    return valid, points, offsets


# The last network's (network, rules, arrays, (slab, slots) or None, its systems' rides).
_last: list[tuple[Any, ...]] = []


def _slots(router: Router, kept: TripRows) -> np.ndarray:
    """The slot of each seat's system (rideable, without transfer costs: the kernel reads
    rows only then) in `kept`, -1 for the rest; kept with the last network's arrays (no
    other network asked for slots since, so they hold the same systems)."""
    entry = _last[0]
    if entry[3] is not None and entry[3][0] is kept:
        return entry[3][1]
    slots = np.full(len(router.network.players), -1, dtype=np.int64)
    if router.rules.transfer_cost == 0:
        seats = [s for s, system in enumerate(entry[4]) if system.rideable]
        systems = [(entry[4][s].stations, entry[4][s].flat) for s in seats]
        slots[seats] = kept.slots_for(systems)
    _last[0] = (*entry[:3], (kept, slots), entry[4])
    return slots


def _base_arrays(router: Router) -> tuple[Any, ...]:
    """The board (width, height, walking distances), the network's arrays and its systems'
    rides, as `plan_points` takes them; kept for the last network (a phase values plans on
    one network, call after call). The network's arrays are the kept read-only rows of
    `_PartArrays` (`plan_points` writes none of them)."""
    network, rules = router.network, router.rules
    if _last and _last[0][0] is network and _last[0][1] == rules:
        return _last[0][2]
    base = [router.rides(p) for p in network.players]
    board, players = network.board, network.players
    size, track = board.size, network.track
    stations = [s.stations for s in base]
    flats = [s.flat for s in base]
    arrays = (
        board.width,
        board.height,
        router.walking.distances,
        np.array([_PARTS.track_row(track[p], size) for p in players]),
        *_PARTS.station_rows(network.stations, players, size),
        np.concatenate(stations),
        np.array([0, *accumulate(map(len, stations))], np.int64),
        np.concatenate(flats),
        np.array([0, *accumulate(map(len, flats))], np.int64),
        np.array([s.rideable for s in base], np.bool_),
    )
    _last[:] = [(network, rules, arrays, None, base)]  # (slots: `_slots`)
    return arrays


def plan_points_reference(
    routers: Sequence[Router | None],
    sample_origins: np.ndarray,
    sample_destinations: np.ndarray,
    extras: Sequence[tuple[int, ...]],
    chooser: int,
    single_points: int,
    shared_points: int,
) -> list[np.ndarray | None]:
    """`plan_points` one plan at a time: `pair_points` on a Router of each plan's network
    (None where the plan's steps no longer make sense)."""
    out: list[np.ndarray | None] = []
    for router, squares in zip(routers, extras, strict=True):
        if router is None:
            out.append(None)
            continue
        more = np.array(squares, dtype=np.int64)
        origins = np.concatenate([sample_origins, more])
        destinations = np.concatenate([sample_destinations, more])
        out.append(
            pair_points(router, origins, destinations, chooser, single_points, shared_points)
        )
    return out
