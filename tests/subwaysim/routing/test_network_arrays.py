"""The network as `plan_points` takes it (`variants.network_arrays`): the arrays of the
parts a build leaves alone are kept, and every network's arrays are still its own."""

from __future__ import annotations

import numpy as np

from subwaysim import builds
from subwaysim.builds import Build
from subwaysim.network import Network
from subwaysim.routing import variants
from subwaysim.routing.variants import network_arrays
from tests.subwaysim.routing.boards import grid, network


def afresh(net: Network) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The arrays read square by square from the network."""
    size, players = net.board.size, net.players
    tracks = np.array([[sq in net.track[p] for sq in range(size)] for p in players])
    kinds = np.array(
        [
            0 if sq not in net.stations else (2 if net.stations[sq].kind == "express" else 1)
            for sq in range(size)
        ]
    )
    builders = np.array(
        [
            players.index(net.stations[sq].builder) if sq in net.stations else -1
            for sq in range(size)
        ]
    )
    return tracks, kinds, builders


def test_each_network_of_a_game_of_builds_has_its_own_arrays() -> None:
    net = network(grid(4, 5), {"IRT": [0, 1, 2], "BRT": [5, 6, 7, 2]}, {0: "local", 2: "express"})
    steps = [
        ("IRT", Build("track", 3)),  # IRT's track changes; the stations are kept as they were
        ("IRT", Build("station", 3, "local")),
        ("BRT", Build("station", 7, "express")),
        ("BRT", Build("track", 12)),
        ("IRT", Build("remove_station", 3)),
        ("IRT", Build("remove_track", 3)),
    ]
    seen = [net]
    for player, step in steps:
        net = builds.apply(step, net, player)
        seen.append(net)
    for _ in range(2):  # the second time from what is kept
        for net in seen:
            found = network_arrays(net)
            for a, b in zip(found, afresh(net), strict=True):
                assert np.array_equal(a, b)
    # Parts a build left alone were read from what is kept: the very same arrays.
    parts = variants._PARTS
    assert parts.track_row(seen[1].track["BRT"], 20) is parts.track_row(seen[0].track["BRT"], 20)


def test_what_is_kept_is_bounded() -> None:
    parts = variants._PartArrays()
    for k in range(3 * parts.KEPT):
        parts.track_row(frozenset({k % 20}), 20)
        net = network(grid(4, 5), {"IRT": [0, 1]}, {k % 2: "local"})
        parts.station_rows(net.stations, net.players, 20)
    assert len(parts._tracks) <= parts.KEPT and len(parts._stations) <= parts.KEPT
