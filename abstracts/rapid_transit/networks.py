"""Networks and terminal pieces (RT-5, RT-6), computed on bit masks."""

from __future__ import annotations

from abstracts.rapid_transit.board import Board


def networks(board: Board, pieces: int) -> list[int]:
    """RT-5: the maximal orthogonally connected sets of `pieces`, one mask each."""
    w = board.width
    out = []
    rest = pieces
    while rest:
        net = rest & -rest
        while True:
            grown = (net | net << 1 | net >> 1 | net << w | net >> w) & pieces
            if grown == net:
                break
            net = grown
        out.append(net)
        rest ^= net
    return out


def network_of(board: Board, pieces: int, bit: int) -> int:
    """The network (RT-5) of `pieces` that holds cell `bit`."""
    w = board.width
    net = 1 << bit
    while True:
        grown = (net | net << 1 | net >> 1 | net << w | net >> w) & pieces
        if grown == net:
            return net
        net = grown


def sizes(board: Board, pieces: int) -> list[int]:
    """Network sizes of `pieces`, largest first (the list RT-12 compares)."""
    return sorted((net.bit_count() for net in networks(board, pieces)), reverse=True)


def terminals(board: Board, pieces: int) -> int:
    """RT-6: the pieces with zero or one edge-adjacent piece of their own colour."""
    w = board.width
    left, right = pieces << 1 & pieces, pieces >> 1 & pieces
    down, up = pieces << w & pieces, pieces >> w & pieces
    two_or_more = (left & right) | (down & up) | ((left | right) & (down | up))
    return pieces & ~two_or_more


def one_network(board: Board, pieces: int) -> bool:
    """True when all of `pieces` form a single network (RT-18)."""
    if not pieces:
        return False
    return network_of(board, pieces, (pieces & -pieces).bit_length() - 1) == pieces


def singletons(board: Board, pieces: int) -> int:
    """RT-5: the pieces that are a network on their own (no edge-adjacent own piece)."""
    w = board.width
    return pieces & ~(pieces << 1 | pieces >> 1 | pieces << w | pieces >> w)
