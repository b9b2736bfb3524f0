"""Small boards and networks for routing tests, written square by square."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from subwaysim.board import Board
from subwaysim.network import Network
from subwaysim.routing import RoutingRules

DEFAULT = RoutingRules()
BOTH_ENDS = RoutingRules(express="both_ends")
NOT_A_MODE = RoutingRules(walking_is_a_mode=False)  # SG-14 option: the round-1 reading


def grid(rows: int, cols: int, hazards: Iterable[int] = ()) -> Board:
    """One section of rows x cols squares; square `rank * cols + file`."""
    return Board(sections=(1, 1), section_size=(rows, cols), hazards=frozenset(hazards))


def network(
    board: Board, track: Mapping[str, Iterable[int]], stations: Mapping[int, str] | None = None
) -> Network:
    """Players in the order of `track`; each station built by the first owner of its square."""
    players = tuple(track)
    net = Network(board, players, {p: frozenset(sq) for p, sq in track.items()})
    for square, kind in (stations or {}).items():
        builder = next((p for p in players if square in net.track[p]), players[0])
        net = net.with_station(square, kind, builder)  # type: ignore[arg-type]
    return net
