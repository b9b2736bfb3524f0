"""Crossroads disputes (TW-8) and the swaps that resolve them (TW-9).

A 2 x 2 block is named by its south-west parcel (its anchor). Swap edges are named like
moves: a horizontal edge by its western parcel, a vertical edge by its southern one.
"""

from __future__ import annotations

from abstracts.thruway.board import Board


def disputed_blocks(geometry: Board, concrete: int, asphalt: int) -> int:
    """Anchors of the 2 x 2 blocks whose diagonals hold one colour each (TW-8)."""
    w = geometry.width
    c, a = concrete, asphalt
    # The guard file and the space above the top rank hold no tiles, so blocks that would
    # stick out of the board never match.
    return (c & (a >> 1) & (a >> w) & (c >> (w + 1))) | (a & (c >> 1) & (c >> w) & (a >> (w + 1)))


def disputed_parcels(geometry: Board, blocks: int) -> int:
    """Every parcel that belongs to some disputed block."""
    w = geometry.width
    return blocks | (blocks << 1) | (blocks << w) | (blocks << (w + 1))


def swap_edges(geometry: Board, blocks: int) -> tuple[int, int]:
    """(horizontal, vertical) anchors of the edges of disputed blocks (TW-9).

    The south and north edges of a block are horizontal pairs anchored at the block's anchor
    and one rank up; its west and east edges are vertical pairs anchored at the anchor and one
    file east. An edge shared by two disputed blocks is one move.
    """
    return blocks | (blocks << geometry.width), blocks | (blocks << 1)


def swap_anchors(geometry: Board, blocks: int, ban_h: int = 0, ban_v: int = 0) -> tuple[int, int]:
    """(horizontal, vertical) anchors of the swaps allowed (TW-9), less the anchor bits of
    the swap TW-10 forbids."""
    if not blocks:
        return 0, 0
    horizontal, vertical = swap_edges(geometry, blocks)
    return horizontal & ~ban_h, vertical & ~ban_v
