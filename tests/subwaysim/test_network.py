"""Networks hand on what a change leaves alone: `served` (SG-11) kept up to date square by
square must equal `served` worked out afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.board import Board
from subwaysim.network import Network

BOARD = Board((1, 1), (4, 4))
PLAYERS = ("IRT", "BRT")


def fresh(network: Network) -> Network:
    """The same network, built from scratch (nothing handed on)."""
    return Network(network.board, network.players, dict(network.track), dict(network.stations))


def test_a_station_serves_every_system_with_track_on_its_square() -> None:  # SG-11
    net = Network(BOARD, PLAYERS)
    for square in (0, 1, 2):
        net = net.with_track("IRT", square)
    for player in PLAYERS:
        net.served(player)  # worked out, then handed on below
    net = net.with_track("BRT", 1).with_station(1, "local", "IRT")
    assert net.served("IRT") == ((1, "local"),)
    assert net.served("BRT") == ((1, "local"),)
    net = net.with_station(0, "express", "IRT").with_station(1, "express", "BRT")
    assert net.served("IRT") == ((0, "express"), (1, "express"))
    assert net.served("BRT") == ((1, "express"),)
    net = net.without_track("BRT", 1)  # its track leaves the station's square
    assert net.served("BRT") == ()
    net = net.with_track("BRT", 0)  # and reaches the other station
    assert net.served("BRT") == ((0, "express"),)
    net = net.without_station(0)
    assert net.served("IRT") == ((1, "express"),)
    assert net.served("BRT") == ()


changes = st.lists(
    st.tuples(
        st.sampled_from(["track", "untrack", "station", "unstation"]),
        st.sampled_from(PLAYERS),
        st.integers(0, BOARD.size - 1),
        st.sampled_from(["local", "express"]),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(changes, st.integers(0, 3))
def test_served_handed_on_equals_served_worked_out_afresh(steps: list, every: int) -> None:
    net = Network(BOARD, PLAYERS)
    for k, (action, player, square, kind) in enumerate(steps):
        if every and k % every == 0:
            for p in PLAYERS:
                net.served(p)  # some networks work it out, and hand it on
        if action == "track":
            net = net.with_track(player, square)
        elif action == "untrack":
            net = net.without_track(player, square)
        elif action == "station":
            net = net.with_station(square, kind, player)
        elif square in net.stations:
            net = net.without_station(square)
        for p in PLAYERS:
            assert net.served(p) == fresh(net).served(p)
        assert net == fresh(net)
