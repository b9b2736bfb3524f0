"""The board: sections of squares, terrain, algebraic names (SG-1..SG-3)."""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import chain

FILES = string.ascii_lowercase


class SquareError(ValueError):
    """A square name that is not on the board."""


@dataclass(frozen=True)
class Board:
    """A grid of `sections` (rows, cols) sections, each `section_size` (rows, cols) squares.

    Squares are integers `rank * width + file` with rank 0 the bottom rank (SG-3).
    """

    sections: tuple[int, int] = (2, 2)
    section_size: tuple[int, int] = (6, 6)
    hazards: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if min(*self.sections, *self.section_size) < 1:
            raise ValueError(
                f"Board dimensions must be positive: {self.sections}, {self.section_size}"
            )
        if self.width > len(FILES):
            raise ValueError(f"Board is {self.width} files wide; at most {len(FILES)} (a..z)")
        bad = [sq for sq in self.hazards if not 0 <= sq < self.size]
        if bad:
            raise ValueError(f"Hazard squares off the board: {sorted(bad)}")

    @property
    def width(self) -> int:
        return self.sections[1] * self.section_size[1]

    @property
    def height(self) -> int:
        return self.sections[0] * self.section_size[0]

    @property
    def size(self) -> int:
        return self.width * self.height

    @property
    def section_count(self) -> int:
        return self.sections[0] * self.sections[1]

    def is_hazard(self, square: int) -> bool:
        return square in self.hazards  # SG-2

    # --- algebraic notation (SG-3) ---
    def square(self, name: str) -> int:
        """Parse `c4` into a square index; raise SquareError naming the square otherwise."""
        text = name.strip().lower()
        if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit():
            raise SquareError(f"{name!r} is not a square (write file letter + rank, e.g. c4)")
        file, rank = FILES.index(text[0]), int(text[1:]) - 1
        if not (0 <= file < self.width and 0 <= rank < self.height):
            last = f"{FILES[self.width - 1]}{self.height}"
            raise SquareError(f"{name!r} is off the board (a1..{last})")
        return rank * self.width + file

    def name(self, square: int) -> str:
        rank, file = divmod(square, self.width)
        return f"{FILES[file]}{rank + 1}"

    def coords(self, square: int) -> tuple[int, int]:
        """(file, rank) of a square, both 0-based, rank 0 at the bottom."""
        rank, file = divmod(square, self.width)
        return file, rank

    # --- cards to squares (SG-3, SG-4) ---
    def locate(self, square: int) -> tuple[int, int, int]:
        """(section, row card, column card) naming this square."""
        file, rank = self.coords(square)
        top_row = self.height - 1 - rank
        rows, cols = self.section_size
        section = (top_row // rows) * self.sections[1] + file // cols
        return section, top_row % rows, file % cols

    def from_cards(self, section: int, row: int, col: int) -> int:
        """The square named by a section card, a row card and a column card."""
        rows, cols = self.section_size
        srow, scol = divmod(section, self.sections[1])
        top_row = srow * rows + row
        return (self.height - 1 - top_row) * self.width + scol * cols + col

    def neighbours(self, square: int) -> tuple[int, ...]:
        return self._neighbours[square]

    def around(self, squares: Iterable[int]) -> set[int]:
        """Every neighbour of some square of `squares` (those squares too, when adjacent)."""
        return set(chain.from_iterable(map(self._neighbours.__getitem__, squares)))

    @cached_property
    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        return _neighbour_table(self.width, self.height)  # shared by equal boards


@lru_cache(maxsize=64)
def _neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Each square's orthogonal neighbours, in the order south, west, east, north."""
    result = []
    for sq in range(width * height):
        rank, file = divmod(sq, width)
        near = []
        for df, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            f, r = file + df, rank + dr
            if 0 <= f < width and 0 <= r < height:
                near.append(r * width + f)
        result.append(tuple(near))
    return tuple(result)
