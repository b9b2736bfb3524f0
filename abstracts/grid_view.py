"""The board frame of the square-grid games (Rapid Transit, Thruway): one look for both.

Every cell is four characters wide: a mark, the piece, a note, a mark. The piece is the
character the game's text format reads back (`R`, `c`, `.`), so a board copied from the
screen is a text position; the note is a one-character annotation (`*` a terminal piece,
`×` a dispute, `²` two approaches); the marks are `[ ]` around the last move's cells.
Files are lettered above and below, ranks numbered on both sides; a game may draw its
edges (Thruway's roads join them) and adds a legend. The frame only builds `Text` lines;
the console prints them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from rich.text import Text

FILES = "abcdefghijklmnopqrstuvwxyz"
CELL_WIDTH = 4
LAST_MOVE = "[ ]: last move"


@dataclass(frozen=True, slots=True)
class Cell:
    """What one cell shows: the piece as the text format writes it, a style and a note."""

    piece: str  # one character, as `from_text` reads it
    style: str = ""
    note: str = " "  # one character drawn right after the piece


@dataclass(frozen=True, slots=True)
class Edges:
    """Edge bars drawn around the cells (Thruway's roads join opposite edges)."""

    west: str
    east: str
    north: str
    south: str
    side_style: str = ""  # style of the west and east bars
    end_style: str = ""  # style of the north and south bars
    north_label: str = ""
    south_label: str = ""


Coordinate = tuple[int, int]  # (file, rank), both from 0; rank 0 is the bottom rank


def grid_lines(
    size: int,
    cell: Callable[[int, int], Cell],
    marked: Collection[Coordinate] = (),
    edges: Edges | None = None,
) -> list[Text]:
    """The board, top rank first, with coordinates on every side; `marked` cells are
    bracketed (the last move)."""
    files = Text("    " + "".join(f" {FILES[f]}  " for f in range(size)))
    lines = [files]
    if edges is not None:
        lines[:0] = [_label(edges.north_label, size)] if edges.north_label else []
        lines.append(Text("    " + edges.north * CELL_WIDTH * size, style=edges.end_style))
    for rank in range(size - 1, -1, -1):
        lines.append(_rank_line(size, rank, cell, marked, edges))
    if edges is not None:
        lines.append(Text("    " + edges.south * CELL_WIDTH * size, style=edges.end_style))
    lines.append(files)
    if edges is not None and edges.south_label:
        lines.append(_label(edges.south_label, size))
    return lines


def legend(text: str) -> Text:
    """The key under the board, dim."""
    return Text(text, style="dim")


def _rank_line(
    size: int,
    rank: int,
    cell: Callable[[int, int], Cell],
    marked: Collection[Coordinate],
    edges: Edges | None,
) -> Text:
    line = Text(f"{rank + 1:>2} ")
    line.append(edges.west if edges else " ", style=edges.side_style if edges else "")
    for file in range(size):
        shown = cell(file, rank)
        left, right = ("[", "]") if (file, rank) in marked else (" ", " ")
        line.append(f"{left}{shown.piece}{shown.note}{right}", style=shown.style)
    if edges is not None:
        line.append(edges.east, style=edges.side_style)
    line.append(f" {rank + 1}")
    return line


def _label(text: str, size: int) -> Text:
    return Text(" " * 4 + text.center(CELL_WIDTH * size), style="bold")
