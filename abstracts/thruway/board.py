"""The landscape: an n x n grid of parcels (TW-1) held as bitboards.

A position is two Python ints, one bit per parcel for each colour. Parcel (file f, rank r)
is bit `r * width + f` with `width = size + 1`: the spare guard file on each rank is always
empty, so shifting by one never carries a tile from one rank's east edge onto the next
rank's west edge. Shifting by `width` moves one rank north or south.
"""

from __future__ import annotations

from functools import cache

MIN_SIZE = 3  # TW-1
MAX_SIZE = 26  # files are the letters a..z


class Board:
    """Geometry of one board size: masks, parcel names and the bitboard operations on them."""

    __slots__ = (
        "cells",
        "east",
        "north",
        "size",
        "south",
        "west",
        "width",
    )

    def __init__(self, size: int) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"TW-1: board size must be {MIN_SIZE}..{MAX_SIZE}, got {size}")
        self.size = size
        self.width = width = size + 1
        rank = (1 << size) - 1
        self.cells = sum(rank << (r * width) for r in range(size))
        self.west = sum(1 << (r * width) for r in range(size))
        self.east = self.west << (size - 1)
        self.south = rank
        self.north = rank << ((size - 1) * width)

    def index(self, file: int, rank: int) -> int:
        return rank * self.width + file

    def file_rank(self, index: int) -> tuple[int, int]:
        rank, file = divmod(index, self.width)
        return file, rank

    def name(self, index: int) -> str:
        """Algebraic name of a parcel: files a.. west to east, ranks 1.. south to north."""
        file, rank = self.file_rank(index)
        return f"{chr(ord('a') + file)}{rank + 1}"

    def parse_cell(self, text: str) -> int:
        """The parcel named `text` (e.g. 'f6'); ValueError if it is not on this board."""
        text = text.strip().lower()
        if len(text) < 2 or not ("a" <= text[0] <= "z") or not text[1:].isdigit():
            raise ValueError(f"TW-1: {text!r} is not a parcel name like 'f6'")
        file, rank = ord(text[0]) - ord("a"), int(text[1:]) - 1
        if not (0 <= file < self.size and 0 <= rank < self.size):
            raise ValueError(f"TW-1: {text!r} is off the {self.size} x {self.size} board")
        return self.index(file, rank)

    def neighbours(self, bits: int) -> int:
        """Parcels orthogonally adjacent to any parcel of `bits`."""
        w = self.width
        return ((bits << 1) | (bits >> 1) | (bits << w) | (bits >> w)) & self.cells

    def flood(self, seed: int, within: int) -> int:
        """Parcels of `within` orthogonally connected to `seed` through `within`."""
        w = self.width
        reach = seed & within
        while True:
            # Carrying `reach` through a run of `within` fills the run eastwards in one step.
            grown = reach | (((within + reach) ^ within) & within)
            grown |= ((grown << 1) | (grown >> 1) | (grown << w) | (grown >> w)) & within
            if grown == reach:
                return reach
            reach = grown

    def surrounded(self, occupied: int) -> int:
        """Occupied parcels whose every on-board neighbour is occupied too (TW-14)."""
        w = self.width
        o = occupied
        return (
            o
            & ((o << 1) | self.west)
            & ((o >> 1) | self.east)
            & ((o << w) | self.south)
            & ((o >> w) | self.north)
        )


@cache
def board(size: int) -> Board:
    """The shared geometry for one size."""
    return Board(size)


def bit_indices(bits: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out
