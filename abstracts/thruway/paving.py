"""Which paves a side may make (TW-5..TW-7), as anchor masks.

A pave joins two orthogonally adjacent parcels; it is named by its anchor, the western
parcel of a horizontal pair or the southern parcel of a vertical one (as in moves.py).
"""

from __future__ import annotations

from abstracts.thruway.board import Board


def pave_anchors(geometry: Board, own: int, opp: int, reserve: int) -> tuple[int, int]:
    """(horizontal, vertical) anchors of the paves open to the side holding `own` tiles
    with `reserve` tiles left, against the `opp` tiles."""
    if reserve < 2:  # TW-7
        return 0, 0
    empty = geometry.cells & ~(own | opp)
    w = geometry.width
    # TW-5: both parcels empty; TW-6: one empty and one holding an opponent tile.
    open_ = empty | opp
    horizontal = (empty & (open_ >> 1)) | (opp & (empty >> 1))
    vertical = (empty & (open_ >> w)) | (opp & (empty >> w))
    return horizontal, vertical
