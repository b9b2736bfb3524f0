"""The board: cells, holes, algebraic names and precomputed bit tables (RT-1, RT-3).

Cells are bits of a Python int. The layout keeps one empty guard column to the right of
the board, so bit `rank * (size + 1) + file` is cell (file, rank) and shifting a mask by 1
or by `size + 1` moves every cell one step without wrapping across the board edge. A hole
(RT-3) is a cell missing from `cells`; it never holds a piece.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from typing import Any

FILES = string.ascii_lowercase
MAX_SIZE = len(FILES)  # files are single letters a..z
_CELL = re.compile(r"([a-z])(\d+)")


class BoardError(ValueError):
    """A board size, cell name or board text the rules do not allow."""


def check_size(size: int) -> int:
    """RT-1: an even size from 4 (at most 26, one letter per file)."""
    if size < 4 or size % 2 or size > MAX_SIZE:
        raise BoardError(f"RT-1: board size must be even, from 4 to {MAX_SIZE}; got {size}")
    return size


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """The geometry of one board: its size and holes, with bit tables built once."""

    size: int
    holes: int = 0  # mask of removed cells (RT-3)
    width: int = field(init=False)  # bits per rank: size + 1 guard bit
    cells: int = field(init=False)  # mask of usable cells
    neighbours: tuple[int, ...] = field(init=False)  # bit index -> mask of edge-sharing cells
    blocks: tuple[tuple[int, ...], ...] = field(init=False)  # bit -> its 2x2 blocks minus itself
    around: tuple[int, ...] = field(init=False)  # bit -> the other cells of its 2x2 blocks
    names: tuple[str, ...] = field(init=False)  # bit index -> algebraic name ('' off board)
    index: dict[str, int] = field(init=False)  # algebraic name -> bit index
    swap_rows: list[list[Any] | None] = field(init=False)  # p -> q -> Move (see moves.py)

    def __post_init__(self) -> None:
        check_size(self.size)
        width = self.size + 1
        grid = 0
        for rank in range(self.size):
            grid |= ((1 << self.size) - 1) << (rank * width)
        cells = grid & ~self.holes
        set_ = object.__setattr__
        set_(self, "width", width)
        set_(self, "cells", cells)
        set_(self, "names", tuple(self._name(bit) for bit in range(self.size * width)))
        set_(self, "index", {name: bit for bit, name in enumerate(self.names) if name})
        set_(self, "neighbours", tuple(self._neighbours(bit) for bit in range(len(self.names))))
        set_(self, "blocks", tuple(self._blocks(bit) for bit in range(len(self.names))))
        set_(self, "around", tuple(_union(blocks) for blocks in self.blocks))
        set_(self, "swap_rows", [None] * len(self.names))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.size, self.holes) == (other.size, other.holes)

    def __hash__(self) -> int:
        return hash((self.size, self.holes))

    # --- geometry ---
    def bit(self, file: int, rank: int) -> int:
        return rank * self.width + file

    def coords(self, bit: int) -> tuple[int, int]:
        """(file, rank), both 0-based, rank 0 at the bottom (RT-1)."""
        rank, file = divmod(bit, self.width)
        return file, rank

    def on_board(self, bit: int) -> bool:
        return bool(self.cells >> bit & 1)

    def dilate(self, mask: int) -> int:
        """`mask` plus every cell sharing an edge with it (RT-5), holes included."""
        w = self.width
        return (mask | mask << 1 | mask >> 1 | mask << w | mask >> w) & self.cells

    def centre(self) -> tuple[int, ...]:
        """The four centre cells RT-3 requires a modified board to keep."""
        low, high = self.size // 2 - 1, self.size // 2
        return tuple(self.bit(f, r) for r in (low, high) for f in (low, high))

    def all_blocks(self) -> list[int]:
        """Masks of every 2 x 2 block of four cells (blocks touching a hole never count)."""
        out = []
        for rank in range(self.size - 1):
            for file in range(self.size - 1):
                block = self._block_mask(file, rank)
                if block & self.cells == block:
                    out.append(block)
        return out

    # --- names (RT-1) ---
    def name(self, bit: int) -> str:
        return self.names[bit]

    def parse_cell(self, text: str) -> int:
        """The bit of cell `text` (e.g. 'd4'); BoardError if it is not a cell of this board."""
        match = _CELL.fullmatch(text.strip().lower())
        if not match:
            raise BoardError(f"RT-1: {text!r} is not a cell name (file letter + rank, e.g. d4)")
        name = match.group(1) + str(int(match.group(2)))
        if name not in self.index:
            last = FILES[self.size - 1] + str(self.size)
            raise BoardError(f"RT-1: {text!r} is off the board (a1..{last})")
        bit = self.index[name]
        if not self.on_board(bit):
            raise BoardError(f"RT-3: {name} is a hole")
        return bit

    # --- table builders ---
    def _name(self, bit: int) -> str:
        file, rank = self.coords(bit)
        return f"{FILES[file]}{rank + 1}" if file < self.size else ""

    def _block_mask(self, file: int, rank: int) -> int:
        w, b = self.width, self.bit(file, rank)
        return 1 << b | 1 << (b + 1) | 1 << (b + w) | 1 << (b + w + 1)

    def _neighbours(self, bit: int) -> int:
        if not self.on_board(bit):
            return 0
        return self.dilate(1 << bit) & ~(1 << bit)

    def _blocks(self, bit: int) -> tuple[int, ...]:
        if not self.on_board(bit):
            return ()
        file, rank = self.coords(bit)
        out = []
        for f in (file - 1, file):
            for r in (rank - 1, rank):
                if 0 <= f < self.size - 1 and 0 <= r < self.size - 1:
                    block = self._block_mask(f, r)
                    if block & self.cells == block:
                        out.append(block & ~(1 << bit))
        return tuple(out)


def _union(masks: tuple[int, ...]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def bits(mask: int) -> list[int]:
    """Bit indices set in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
