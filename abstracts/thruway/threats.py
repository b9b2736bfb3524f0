"""A thruway one move away: find a move that wins at once (TW-15), on bare ints.

Trying every legal move is slow, so a cheap necessary condition comes first. One move
changes two parcels: a pave fills at most two empty parcels (TW-5, TW-6) and a swap fills
none (TW-9). So after it, an indestructible tile (TW-14) can only be on a parcel whose
closed neighbourhood (itself and its neighbours) now holds at most two empty parcels, and
the winning path holds at most two parcels that are not the mover's tiles already (the
two the move takes), none of them an indestructible opponent tile (it cannot be replaced
or swapped). Only when such a path exists are the moves touching it tried one by one.
"""

from __future__ import annotations

from abstracts.thruway.board import Board, bit_indices
from abstracts.thruway.disputes import disputed_blocks, swap_edges
from abstracts.thruway.moves import PAVE, SWAP
from abstracts.thruway.paving import pave_anchors
from abstracts.thruway.thruways import thruway_winner

Finisher = tuple[int, int, int]  # (kind, anchor, pair bits)


def nearly_filled(geo: Board, empty: int) -> int:
    """Parcels whose closed neighbourhood holds at most two of the `empty` parcels."""
    w, cells = geo.width, geo.cells
    ones = twos = threes = 0
    for shifted in (empty, empty << 1, empty >> 1, empty << w, empty >> w):
        threes |= twos & shifted  # bit-sliced count of empty parcels, saturating at three
        twos |= ones & shifted
        ones |= shifted
    return cells & ~threes


def winning_move(
    geo: Board,
    concrete: int,
    asphalt: int,
    side: int,
    reserve: int,
    blocks: int,
    banned: tuple[int, int] = (0, 0),
) -> Finisher | None:
    """A legal move after which `side`'s indestructible tiles join its edges, or None.

    `reserve` is the mover's (TW-7), `blocks` the disputed blocks (TW-8), `banned` the
    (horizontal, vertical) anchor bits of the swap TW-10 forbids. Paves come first, lowest
    anchor first, then swaps.
    """
    zone = _finishing_zone(geo, concrete, asphalt, side, blocks)
    if not zone:
        return None
    w = geo.width
    for kind, horizontal, vertical in _candidates(geo, concrete, asphalt, side, reserve, blocks):
        if kind == SWAP:
            horizontal &= ~banned[0]
            vertical &= ~banned[1]
        for anchor in bit_indices(horizontal & (zone | (zone >> 1))):
            if _wins(geo, concrete, asphalt, side, kind, 3 << anchor):
                return kind, anchor, 3 << anchor
        for anchor in bit_indices(vertical & (zone | (zone >> w))):
            pair = (1 | (1 << w)) << anchor
            if _wins(geo, concrete, asphalt, side, kind, pair):
                return kind, anchor, pair
    return None


def _finishing_zone(geo: Board, concrete: int, asphalt: int, side: int, blocks: int) -> int:
    """Parcels a one-move win must touch (0 if none can exist): the cheap necessary test.

    Layered search as in the greedy connection distance: the mover's nearly filled tiles
    cost 0, other nearly filled parcels that are not indestructible opponent tiles cost 1,
    and a path of cost at most 2 must join the mover's edges. The zone holds every parcel
    of cost at most 2, even when a cheaper road exists: that road may be one no single move
    completes, while a winning road of cost 2 runs elsewhere.
    """
    own, opp = (concrete, asphalt) if side == 0 else (asphalt, concrete)
    start, goal = (geo.west, geo.east) if side == 0 else (geo.south, geo.north)
    occupied = concrete | asphalt
    filled = nearly_filled(geo, geo.cells & ~occupied)
    walls = opp & geo.surrounded(occupied)
    if blocks:
        w = geo.width
        walls &= ~(blocks | (blocks << 1) | (blocks << w) | (blocks << (w + 1)))
    free, open_ = own & filled, filled & ~own & ~walls
    reach = geo.flood(free & start, free)
    for _ in range(2):
        seeds = reach | (open_ & (start | geo.neighbours(reach)))
        reach = geo.flood(seeds, free | seeds)
    if not reach & goal:
        return 0
    return reach | geo.neighbours(reach)


def _candidates(
    geo: Board, concrete: int, asphalt: int, side: int, reserve: int, blocks: int
) -> tuple[tuple[int, int, int], ...]:
    """(kind, horizontal anchors, vertical anchors) of the paves (TW-5..TW-7) and swaps (TW-9)."""
    own, opp = (asphalt, concrete) if side else (concrete, asphalt)
    found = [(PAVE, *pave_anchors(geo, own, opp, reserve))]
    if blocks:
        found.append((SWAP, *swap_edges(geo, blocks)))
    return tuple(found)


def _wins(geo: Board, concrete: int, asphalt: int, side: int, kind: int, pair: int) -> bool:
    if kind == SWAP:
        concrete, asphalt = concrete ^ pair, asphalt ^ pair
    elif side == 0:
        concrete, asphalt = concrete | pair, asphalt & ~pair
    else:
        concrete, asphalt = concrete & ~pair, asphalt | pair
    return thruway_winner(geo, concrete, asphalt, disputed_blocks(geo, concrete, asphalt)) == side
