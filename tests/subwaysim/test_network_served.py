"""The stations serving a system (`Network.served`, SG-11) handed on by `with_*`: placed by
square in the list the network before knew, equal to the list worked out afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.network import Network, _placed
from tests.subwaysim.routing.boards import grid, network

BOARD = grid(4, 4)


def test_sg11_a_station_is_placed_by_square_replaced_or_taken_away() -> None:
    served = ((1, "local"), (5, "express"), (9, "local"))
    assert _placed(served, 0, "local") == ((0, "local"), *served)
    assert _placed(served, 6, "express") == (
        (1, "local"),
        (5, "express"),
        (6, "express"),
        (9, "local"),
    )
    assert _placed(served, 12, "local") == (*served, (12, "local"))
    assert _placed(served, 5, "local") == ((1, "local"), (5, "local"), (9, "local"))
    assert _placed(served, 5, None) == ((1, "local"), (9, "local"))
    assert _placed(served, 7, None) == served
    assert _placed((), 3, "local") == ((3, "local"),)


def fresh(net: Network, player: str) -> tuple[tuple[int, str], ...]:
    own = net.track[player]
    return tuple((sq, st.kind) for sq, st in sorted(net.stations.items()) if sq in own)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["track", "untrack", "station", "unstation"]),
            st.sampled_from(["A", "B"]),
            st.integers(0, 15),
            st.sampled_from(["local", "express"]),
        ),
        max_size=20,
    )
)
def test_sg11_served_handed_on_equals_served_worked_out(
    steps: list[tuple[str, str, int, str]],
) -> None:
    net = network(BOARD, {"A": [0, 1, 2], "B": [2, 6]}, {1: "local"})
    for action, player, square, kind in steps:
        for p in net.players:
            net.served(p)  # known before the change: handed on by it
        if action == "track" and square not in net.track[player]:
            net = net.with_track(player, square)
        elif action == "untrack" and square in net.track[player]:
            net = net.without_track(player, square)
        elif action == "station" and square not in net.stations:
            net = net.with_station(square, kind, player)  # type: ignore[arg-type]
        elif action == "unstation" and square in net.stations:
            net = net.without_station(square)
        for p in net.players:
            assert net._served.get(p, fresh(net, p)) == fresh(net, p)
            assert net.served(p) == fresh(net, p)
        assert net == Network(net.board, net.players, dict(net.track), dict(net.stations))
