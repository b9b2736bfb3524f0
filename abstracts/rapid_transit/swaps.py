"""Swap generation (RT-8..RT-10, with RT-16's bans and RT-17's relaxation passed in):
the hot code of every search, so it works on whole bit masks where it can.

A position's work is split in two. `swap_frame` finds, for each of the mover's networks,
its movable pieces and the opponent pieces it may take (RT-8), plus the masks the
per-piece filters read. `allowed_targets` then applies RT-9 and RT-10 to one piece. This
is the reference the compiled playout (`bitboard.py`, the same two steps on one 64-bit
word, and `cellboard.py`) is tested against.
"""

from __future__ import annotations

from dataclasses import dataclass

from abstracts.rapid_transit.board import Board, bits
from abstracts.rapid_transit.networks import networks


@dataclass(slots=True)
class SwapFrame:
    """What move generation knows about one position (internal; not a value)."""

    board: Board
    mine: int
    theirs: int
    p_two: int  # cells with exactly two opponent neighbours: q must not be one (RT-10)
    q_two: int  # cells with exactly two mover neighbours: p must not be one (RT-10)
    p_hot: int  # movers cornered by the opponent (RT-7): turning, they could fill a block
    q_hot: int  # targets cornered by the mover (RT-9)
    groups: list[tuple[int, int]]  # per mover network: (movable pieces, takeable pieces)


def swap_frame(
    board: Board, mine: int, theirs: int, movable: int, banned: int, support: bool
) -> SwapFrame | None:
    """The frame for swaps of `movable` pieces (RT-8) avoiding `banned` cells, with RT-10
    if `support`; None when no swap can pass even the first filters."""
    movable &= ~banned
    pool = theirs & ~banned
    p_two = q_two = 0
    if support:  # RT-10: both moved pieces need two or more own-coloured neighbours
        p_ok, p_two = neighbour_counts(board, theirs)
        q_ok, q_two = neighbour_counts(board, mine)
        movable &= p_ok
        pool &= q_ok
    if not movable or not pool:
        return None
    w, neighbours = board.width, board.neighbours
    their_lone, their_networks = split_networks(board, theirs)
    groups = []
    rest = movable
    while rest:
        net = rest & -rest
        if neighbours[net.bit_length() - 1] & mine:  # else a single-piece network
            while True:  # the mover's network holding this piece (RT-5)
                grown = (net | net << 1 | net >> 1 | net << w | net >> w) & mine
                if grown == net:
                    break
                net = grown
        movers = net & rest
        rest ^= movers
        halo = (net << 1 | net >> 1 | net << w | net >> w) & theirs
        targets = halo & their_lone  # RT-8: any piece of an adjacent opponent network
        for other in their_networks:
            if other & halo:
                targets |= other
        targets &= pool
        if targets:
            groups.append((movers, targets))
    if not groups:
        return None
    p_hot = movable & trios(board, theirs)
    q_hot = pool & trios(board, mine)
    return SwapFrame(board, mine, theirs, p_two, q_two, p_hot, q_hot, groups)


def allowed_targets(frame: SwapFrame, p: int, targets: int) -> int:
    """The pieces among `targets` that the piece on `p` may swap with (RT-9, RT-10)."""
    near, low = frame.board.neighbours[p], 1 << p
    # RT-10: a piece left with exactly two own neighbours loses one if the other swapped
    # piece was one of them, i.e. if q touches p.
    allowed = targets & ~(near if low & frame.p_two else near & frame.q_two)
    if low & frame.p_hot:  # RT-9: p turning would fill a block unless q is in it
        allowed &= block_need(frame.board, frame.theirs, p)
    hot = allowed & frame.q_hot
    if hot:  # RT-9 on q's side: p must lie in every block q would fill
        allowed &= ~hot | _hot_targets(frame, p, hot & frame.board.around[p])
    return allowed


def _hot_targets(frame: SwapFrame, p: int, hot: int) -> int:
    ok = 0
    while hot:
        q_bit = hot & -hot
        hot ^= q_bit
        if block_need(frame.board, frame.mine, q_bit.bit_length() - 1) >> p & 1:
            ok |= q_bit
    return ok


def frame_targets(frame: SwapFrame) -> list[tuple[int, int]]:
    """Every legal swap of the frame as (p, mask of the q it may swap with), lowest p
    first; only p with at least one q are listed."""
    out = []
    for movers, targets in frame.groups:
        while movers:
            low = movers & -movers
            movers ^= low
            p = low.bit_length() - 1
            allowed = allowed_targets(frame, p, targets)
            if allowed:
                out.append((p, allowed))
    out.sort()
    return out


def neighbour_counts(board: Board, pieces: int) -> tuple[int, int]:
    """(cells with two or more edge neighbours in `pieces`, cells with exactly two)."""
    w = board.width
    left, right, down, up = pieces << 1, pieces >> 1, pieces << w, pieces >> w
    across_any, across_both = left | right, left & right
    along_any, along_both = down | up, down & up
    two = across_both | along_both | (across_any & along_any)
    three = (across_both & along_any) | (along_both & across_any)
    return two & board.cells, two & ~three & board.cells


def trios(board: Board, pieces: int) -> int:
    """RT-9: cells with a 2 x 2 block whose three other cells are all in `pieces`.

    The guard column keeps every shifted neighbour of an edge cell off the board.
    """
    w = board.width
    left, right, down, up = pieces << 1, pieces >> 1, pieces << w, pieces >> w
    up_right, up_left = pieces >> (w + 1), pieces >> (w - 1)
    down_right, down_left = pieces << (w - 1), pieces << (w + 1)
    return (
        (right & up & up_right)
        | (left & up & up_left)
        | (right & down & down_right)
        | (left & down & down_left)
    )


def block_need(board: Board, pieces: int, cell: int) -> int:
    """RT-9: where the other swapped piece must lie so that `cell`, taking the colour of
    `pieces`, completes no block: inside every block whose other three are `pieces`."""
    need = board.cells
    for rest in board.blocks[cell]:
        if rest & pieces == rest:
            need &= rest
    return need


def split_networks(board: Board, pieces: int) -> tuple[int, list[int]]:
    """RT-5 networks of `pieces`: the mask of all single-piece networks, and a list of the
    larger ones (a singleton is adjacent to a network exactly when its cell is)."""
    w = board.width
    linked = pieces & (pieces << 1 | pieces >> 1 | pieces << w | pieces >> w)
    return pieces & ~linked, networks(board, linked)


def swap_pairs(targets: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(p, q) pairs from (p, mask of q) rows, in order."""
    return [(p, q) for p, allowed in targets for q in bits(allowed)]
