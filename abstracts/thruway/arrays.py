"""The compiled kernels' view of Thruway: geometry tables, positions as arrays, move codes.

The rules core holds a position as two bitboards with a guard file (board.py: parcel
`r * (n + 1) + f`); the kernels (kernel.py) use a cell array without one (parcel `r * n + f`)
and integer move codes. This module translates both ways, so a kernel result becomes a
`ThruwayMove` or a `ThruwayState` again.
"""

from __future__ import annotations

from functools import cache

import numpy as np

import abstracts.thruway.kernel as k
from abstracts.thruway.board import Board, board
from abstracts.thruway.moves import PAVE, SWAP, ThruwayMove, move_table
from abstracts.thruway.playout import Position


@cache
def geometry(size: int) -> np.ndarray:
    """The kernels' geometry array for one board size (rows NBR, BLK, EDGES, SIZE)."""
    n, nb = size, size * size
    geo = np.full((4, 4 * nb), -1, dtype=np.int32)
    for p in range(nb):
        f, r = p % n, p // n
        for d, (df, dr) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1))):
            if 0 <= f + df < n and 0 <= r + dr < n:
                geo[k.NBR, 4 * p + d] = p + df + dr * n
        # The 2 x 2 blocks holding p are anchored (south-west) at p, p - 1, p - n, p - n - 1.
        for j, (df, dr) in enumerate(((0, 0), (-1, 0), (0, -1), (-1, -1))):
            if 0 <= f + df < n - 1 and 0 <= r + dr < n - 1:
                geo[k.BLK, 4 * p + j] = p + df + dr * n
        geo[k.EDGES, p] = (
            (k.WEST if f == 0 else 0)
            | (k.EAST if f == n - 1 else 0)
            | (k.SOUTH if r == 0 else 0)
            | (k.NORTH if r == n - 1 else 0)
        )
    geo[k.SIZE, :2] = n, nb
    geo.setflags(write=False)
    return geo


@cache
def _bit_order(size: int) -> np.ndarray:
    """Bitboard index of each kernel parcel."""
    geo = board(size)
    return np.array([geo.index(p % size, p // size) for p in range(size * size)])


def bit_index(size: int, p: int) -> int:
    """The bitboard index (board.py) of kernel parcel `p`."""
    return int(_bit_order(size)[p])


def cells(geo: Board, concrete: int, asphalt: int) -> np.ndarray:
    """The cell array of a position: 0 empty, 1 concrete, 2 asphalt."""
    order = _bit_order(geo.size)
    nbytes = (geo.size * geo.width + 7) // 8
    both = np.frombuffer(
        concrete.to_bytes(nbytes, "little") + asphalt.to_bytes(nbytes, "little"), np.uint8
    )
    bits = np.unpackbits(both, bitorder="little").reshape(2, -1)
    return (bits[0, order] + 2 * bits[1, order]).astype(np.int8)


def bitboards(size: int, cell: np.ndarray) -> tuple[int, int]:
    """(concrete, asphalt) bitboards of a cell array."""
    order = _bit_order(size)
    concrete = asphalt = 0
    for p in np.flatnonzero(cell == 1):
        concrete |= 1 << int(order[p])
    for p in np.flatnonzero(cell == 2):
        asphalt |= 1 << int(order[p])
    return concrete, asphalt


def scalars(geo: Board, position: Position, max_plies: int) -> np.ndarray:
    """The scalar array of a position (kernel.py's slots; the derived ones left 0)."""
    s = np.zeros(k.SCALARS, dtype=np.int64)
    s[k.SIDE] = position.side
    s[k.RESERVE : k.RESERVE + 2] = position.reserves
    s[k.PLY], s[k.PASSES] = position.ply, position.passes
    s[k.BAN] = -1
    for bit, vertical in ((position.ban_h, 0), (position.ban_v, 1)):
        if bit:  # TW-10: the edge of the swap made the turn before
            file, rank = geo.file_rank(bit.bit_length() - 1)
            s[k.BAN] = 2 * (rank * geo.size + file) + vertical
    s[k.PIE_NOW], s[k.PIE_NEXT] = position.pie_now, position.pie_next
    s[k.TRADED] = position.traded
    s[k.LIMIT] = max_plies
    s[k.WINNER] = -1
    return s


def code(geo: Board, move: ThruwayMove) -> int:
    """The kernel code of `move` on board `geo`."""
    if move.kind not in (PAVE, SWAP):
        return k.PASS_CODE if move.text == "pass" else k.PIE_CODE
    file, rank = geo.file_rank(move.anchor)
    anchor = rank * geo.size + file
    return 2 * (2 * anchor + move.vertical) + (move.kind == SWAP)


@cache
def _moves_by_code(size: int) -> dict[int, ThruwayMove]:
    table, geo = move_table(size), board(size)
    return {code(geo, move): move for move in table.by_text.values()}


def move_of(size: int, move_code: int) -> ThruwayMove:
    """The `ThruwayMove` a kernel code names on a board of `size`."""
    return _moves_by_code(size)[move_code]
