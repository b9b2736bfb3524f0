"""Starting positions: the checkerboard (RT-2), the random set-up and modified boards with
their validity check (RT-3)."""

from __future__ import annotations

import random

from abstracts.rapid_transit.board import Board, BoardError, bits
from abstracts.rapid_transit.networks import network_of


def checkerboard(board: Board) -> tuple[int, int]:
    """RT-2: (red, cyan) masks, red on a1 and every cell whose file + rank is even."""
    red = cyan = 0
    for bit in bits(board.cells):
        file, rank = board.coords(bit)
        if (file + rank) % 2 == 0:
            red |= 1 << bit
        else:
            cyan |= 1 << bit
    return red, cyan


def random_setup(board: Board, rng: random.Random) -> tuple[int, int]:
    """RT-3: the designer's figure 10 on a full board.

    Fill the upper-left quadrant cell by cell, top rank first, each cell red or cyan with
    equal chance unless that colour would complete a one-colour 2 x 2 block with the cells
    above and to the left (then the other colour). Mirror it left-right with colours
    flipped, then the upper half top-bottom with colours flipped. The mirrors put opposite
    colours side by side along both centre lines, so no block across them is one colour
    and the piece counts are equal.
    """
    n, half = board.size, board.size // 2
    colour: dict[tuple[int, int], int] = {}
    for rank in range(n - 1, half - 1, -1):
        for file in range(half):
            pick = 0 if rng.random() < 0.5 else 1
            block = [(file - 1, rank), (file, rank + 1), (file - 1, rank + 1)]
            if all(colour.get(cell) == pick for cell in block):
                pick = 1 - pick
            colour[file, rank] = pick
    for (file, rank), pick in list(colour.items()):
        colour[n - 1 - file, rank] = 1 - pick
    for (file, rank), pick in list(colour.items()):
        colour[file, n - 1 - rank] = 1 - pick
    masks = [0, 0]
    for (file, rank), pick in colour.items():
        masks[pick] |= 1 << board.bit(file, rank)
    return masks[0], masks[1]


def check_board(board: Board, red: int, cyan: int) -> None:
    """RT-3: refuse a board that breaks a validity condition, naming the condition."""
    missing = [board.name(bit) for bit in board.centre() if not board.on_board(bit)]
    if missing:
        raise BoardError(f"RT-3: the four centre cells must stay; {', '.join(missing)} removed")
    start = board.centre()[0]
    reached = network_of(board, board.cells, start)
    if reached != board.cells:
        cut = board.name(bits(board.cells & ~reached)[0])
        raise BoardError(
            f"RT-3: the board must be orthogonally connected; {cut} cannot be reached from "
            f"{board.name(start)}"
        )
    if red.bit_count() != cyan.bit_count():
        raise BoardError(
            f"RT-3: piece counts must be equal; red has {red.bit_count()}, "
            f"cyan has {cyan.bit_count()}"
        )
    for block in board.all_blocks():
        for colour, pieces in (("red", red), ("cyan", cyan)):
            if pieces & block == block:
                low = bits(block)[0]
                raise BoardError(
                    f"RT-3: no 2 x 2 block may be one colour; {board.name(low)}-"
                    f"{board.name(low + board.width + 1)} is all {colour}"
                )
