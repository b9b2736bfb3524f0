"""Many variants of one network valued in one compiled call: what a planner's phase asks.

A player weighing a phase's plans asks, for each plan, the points every player expects of
a sample of trips on the network the plan leaves (`expectation.pair_points`). The plans
share the network but for the systems they touch (the builder's, and a rival's where a
station is built on its track, SG-11). So the systems are a pool: the base network's
(one per seat) and each plan's changed ones, whose ride matrices (SG-10..SG-12) come from
one call (`pool_rides`); then one call (`variant_points`) gives every plan's
(origins, destinations, players) points from the pool, with no router, network or arrays
made per plan in Python.

Each kernel has its plain-Python twin (`pool_rides_reference`: the hop-graph ride matrix
per system; `variant_points_reference`: a Router per plan network and `pair_points`), and
the tests check one against the other.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba.typed import List

from subwaysim.routing.expectation import _pair_points, pair_points
from subwaysim.routing.kernels import INF, _ride_matrix as _ride_matrix_of, line_rides
from subwaysim.routing.rides import Line, ride_matrix_reference
from subwaysim.routing.router import Router
from subwaysim.routing.rules import ExpressRule
from tabletop.compiled import kernel


@kernel
def pool_rides(width, height, tracks, track_offsets, stations, express, station_offsets, both_ends):  # type: ignore[no-untyped-def]
    """`line_rides` of many systems (system i: track squares tracks[track_offsets[i]:
    track_offsets[i + 1]], stations and their express flags likewise): (stations, their
    offsets, the flat ride matrices, their offsets, rideable per system)."""
    count = len(track_offsets) - 1
    found = List()
    rides = List()
    rideable = np.zeros(count, np.bool_)
    st_offsets = np.zeros(count + 1, np.int64)
    flat_offsets = np.zeros(count + 1, np.int64)
    for i in range(count):
        a, b = station_offsets[i], station_offsets[i + 1]
        st, _, flat, ok = line_rides(
            width,
            height,
            tracks[track_offsets[i] : track_offsets[i + 1]],
            stations[a:b],
            express[a:b],
            both_ends,
        )
        found.append(st)
        rides.append(flat)
        rideable[i] = ok
        st_offsets[i + 1] = st_offsets[i] + len(st)
        flat_offsets[i + 1] = flat_offsets[i] + len(flat)
    out_st = np.empty(st_offsets[count], np.int64)
    out_flat = np.empty(flat_offsets[count], np.int64)
    for i in range(count):
        out_st[st_offsets[i] : st_offsets[i + 1]] = found[i]
        out_flat[flat_offsets[i] : flat_offsets[i + 1]] = rides[i]
    return out_st, st_offsets, out_flat, flat_offsets, rideable


def pool_rides_reference(
    lines: Sequence[Line], rule: ExpressRule
) -> list[tuple[np.ndarray, np.ndarray, bool]]:
    """Each system's (stations, ride matrix, rideable) from the plain-Python hop graph."""
    out = []
    for line in lines:
        stations, matrix = ride_matrix_reference(line, rule)
        k = len(stations)
        rideable = int((matrix < INF).sum()) > k
        out.append((stations, matrix, rideable))
    return out


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


@kernel
def variant_points(  # type: ignore[no-untyped-def]
    walk,
    pool_stations,
    pool_offsets,
    pool_flat,
    pool_flat_offsets,
    pool_rideable,
    plan_pool,
    origins,
    origin_offsets,
    destinations,
    destination_offsets,
    transfer,
    chooser,
    single_points,
    shared_points,
):
    """For each plan i, `pair_points` on the network whose seat s has pool system
    plan_pool[i, s], over its origins (origins[origin_offsets[i]:origin_offsets[i + 1]]) and
    destinations likewise: a list of (O_i, D_i, P) arrays."""
    plans, players = plan_pool.shape
    out = List()
    seats = np.empty(players, np.int64)
    for i in range(plans):
        count = 0
        st_size, flat_size = 0, 0
        for s in range(players):
            m = plan_pool[i, s]
            if pool_rideable[m]:
                seats[count] = s
                count += 1
                st_size += pool_offsets[m + 1] - pool_offsets[m]
                flat_size += pool_flat_offsets[m + 1] - pool_flat_offsets[m]
        members, single, without = _seat_groups(seats[:count], players)
        sys_stations = np.empty(st_size, np.int64)
        sys_flat = np.empty(flat_size, np.int64)
        sys_offsets = np.zeros(count + 1, np.int64)
        flat_offsets = np.zeros(count + 1, np.int64)
        for c in range(count):
            m = plan_pool[i, seats[c]]
            a, b = pool_offsets[m], pool_offsets[m + 1]
            fa, fb = pool_flat_offsets[m], pool_flat_offsets[m + 1]
            sys_offsets[c + 1] = sys_offsets[c] + b - a
            flat_offsets[c + 1] = flat_offsets[c] + fb - fa
            sys_stations[sys_offsets[c] : sys_offsets[c + 1]] = pool_stations[a:b]
            sys_flat[flat_offsets[c] : flat_offsets[c + 1]] = pool_flat[fa:fb]
        out.append(
            _pair_points(
                walk,
                origins[origin_offsets[i] : origin_offsets[i + 1]],
                destinations[destination_offsets[i] : destination_offsets[i + 1]],
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
        )
    return out


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
    origins,
    origin_offsets,
    destinations,
    destination_offsets,
    both_ends,
    transfer,
    chooser,
    single_points,
    shared_points,
):
    """Every plan of a phase in one call: plan i's builds (codes[build_offsets[i]:
    build_offsets[i + 1]], squares and station kinds likewise) played for seat `builder` on
    the network of `tracks` (P, N), `kinds` and `builders` (N); the systems a plan changes
    get their ride matrices here (SG-10..SG-12, SG-11 for a rival's track under a changed
    station), the others are the pool's (seat s: pool system s); then `pair_points` over
    the plan's origins and destinations. Returns (valid per plan, the (O_i, D_i, P) points
    of each plan; empty where the plan's steps no longer make sense)."""
    plans, players, size = len(build_offsets) - 1, tracks.shape[0], width * height
    out = List()
    valid = np.zeros(plans, np.bool_)
    seats = np.empty(players, np.int64)
    own = np.empty(size, np.bool_)
    plan_kinds = np.empty(size, np.int64)
    plan_builders = np.empty(size, np.int64)
    touched = np.empty(size, np.bool_)
    for i in range(plans):
        a, b = build_offsets[i], build_offsets[i + 1]
        own[:] = tracks[builder]
        plan_kinds[:] = kinds
        plan_builders[:] = builders
        touched[:] = False
        ok, moved = _apply_builds(
            codes[a:b], squares[a:b], details[a:b], builder, own, plan_kinds, plan_builders, touched
        )
        if not ok:
            out.append(np.zeros((0, 0, players), np.float64))
            continue
        valid[i] = True
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
                k = len(st)
                flat = np.empty(k * k, np.int64)
                rides = 0
                for x in range(k):
                    for y in range(k):
                        flat[x * k + y] = matrix[x, y]
                        rides += matrix[x, y] < INF
                rideable = rides > k
            else:
                st = pool_stations[pool_offsets[s] : pool_offsets[s + 1]].copy()
                flat = pool_flat[pool_flat_offsets[s] : pool_flat_offsets[s + 1]].copy()
                rideable = pool_rideable[s]
            if rideable:
                seats[count] = s
                count += 1
                found_st.append(st)
                found_flat.append(flat)
                st_size += len(st)
                flat_size += len(flat)
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
        out.append(
            _pair_points(
                walk,
                origins[origin_offsets[i] : origin_offsets[i + 1]],
                destinations[destination_offsets[i] : destination_offsets[i + 1]],
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
        )
    return valid, out


def variant_points_reference(
    routers: Sequence[Router],
    origins: Sequence[np.ndarray],
    destinations: Sequence[np.ndarray],
    chooser: int,
    single_points: int,
    shared_points: int,
) -> list[np.ndarray]:
    """`variant_points` one network at a time: a Router per plan network and `pair_points`."""
    return [
        pair_points(router, o, d, chooser, single_points, shared_points)
        for router, o, d in zip(routers, origins, destinations, strict=True)
    ]
