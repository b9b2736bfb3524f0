"""Starting positions: the checkerboard (RT-2), the random quadrant set-ups and modified
boards with their validity check (RT-3).

The named set-ups of the v1 page, whose figures are lost, are rebuilt from its words:
`no-singletons` redraws the random quadrant set-up until no piece starts as a singleton
network (RT-5), and `cornering` draws CORNERING_DRAWS times and keeps the draw with the most
cornered pieces (RT-7; the first such draw on a tie). Modified boards are presets that
remove cells at the corners, where the designer says endgames crowd; any set-up is then
laid on the remaining cells. Piece counts may differ (RT-3 does not require them equal).
"""

from __future__ import annotations

import random

from abstracts.rapid_transit.board import Board, BoardError, bits
from abstracts.rapid_transit.networks import network_of, singletons
from abstracts.rapid_transit.swaps import trios

SETUPS = ("checkerboard", "random", "no-singletons", "cornering")
HOLE_PRESETS = ("none", "corners", "triangles", "blocks")
CORNERING_DRAWS = 100  # draws the `cornering` set-up chooses from
MAX_DRAWS = 20_000  # draws `no-singletons` tries before giving up (big boards rarely succeed)


def starting_position(board: Board, setup: str, rng: random.Random) -> tuple[int, int]:
    """(red, cyan) of the named set-up on `board` (its holes stay empty)."""
    if setup == "checkerboard":
        return checkerboard(board)
    if setup == "random":
        return random_setup(board, rng)
    if setup == "no-singletons":
        return no_singletons(board, rng)
    if setup == "cornering":
        return cornering(board, rng)
    raise BoardError(f"RT-3: unknown set-up {setup!r}; set-ups: {', '.join(SETUPS)}")


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
    """RT-3: the designer's figure 10, laid on the board's cells.

    Fill the upper-left quadrant cell by cell, top rank first, each cell red or cyan with
    equal chance unless that colour would complete a one-colour 2 x 2 block with the cells
    above and to the left (then the other colour). Mirror it left-right with colours
    flipped, then the upper half top-bottom with colours flipped. The mirrors put opposite
    colours side by side along both centre lines, so no block across them is one colour
    and, on a full board, the piece counts are equal.
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
    return masks[0] & board.cells, masks[1] & board.cells


def no_singletons(board: Board, rng: random.Random) -> tuple[int, int]:
    """RT-3 `no-singletons`: the random set-up, redrawn until no piece is a singleton
    network (RT-5: no piece without a neighbour of its own colour)."""
    for _ in range(MAX_DRAWS):
        red, cyan = random_setup(board, rng)
        if not singletons(board, red) and not singletons(board, cyan):
            return red, cyan
    raise BoardError(
        f"RT-3: setup=no-singletons found no draw without a singleton network in {MAX_DRAWS} "
        f"draws on {board.size} x {board.size}; choose a smaller board or another set-up"
    )


def cornering(board: Board, rng: random.Random) -> tuple[int, int]:
    """RT-3 `cornering`: of CORNERING_DRAWS random set-ups, the one with the most cornered
    pieces (RT-7), the first on a tie."""
    best, most = (0, 0), -1
    for _ in range(CORNERING_DRAWS):
        red, cyan = random_setup(board, rng)
        count = cornered(board, red, cyan).bit_count()
        if count > most:
            best, most = (red, cyan), count
    return best


def cornered(board: Board, red: int, cyan: int) -> int:
    """RT-7: the pieces lying in a 2 x 2 block whose other three pieces are the opponent's."""
    return (red & trios(board, cyan)) | (cyan & trios(board, red))


def preset_holes(size: int, preset: str) -> int:
    """The cells a modified-board preset removes (RT-3), at the four corners: `corners`
    the corner cells, `triangles` each corner cell and its two neighbours, `blocks` the
    2 x 2 block in each corner; `none` nothing."""
    probe = Board(size)
    shape = {
        "none": (),
        "corners": ((0, 0),),
        "triangles": ((0, 0), (1, 0), (0, 1)),
        "blocks": ((0, 0), (1, 0), (0, 1), (1, 1)),
    }.get(preset)
    if shape is None:
        known = ", ".join(HOLE_PRESETS)
        raise BoardError(f"RT-3: unknown board preset {preset!r}; presets: {known}")
    holes = 0
    last = size - 1
    for df, dr in shape:
        for file, rank in ((df, dr), (last - df, dr), (df, last - dr), (last - df, last - dr)):
            holes |= 1 << probe.bit(file, rank)
    return holes


def check_cells(board: Board) -> None:
    """RT-3: the cells of a modified board keep the four centre cells and stay orthogonally
    connected; refuse it otherwise, naming the condition."""
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


def check_board(board: Board, red: int, cyan: int) -> None:
    """RT-3: refuse a board that breaks a validity condition, naming the condition: the
    cells (`check_cells`) and no 2 x 2 block of one colour. Piece counts may differ."""
    check_cells(board)
    for block in board.all_blocks():
        for colour, pieces in (("red", red), ("cyan", cyan)):
            if pieces & block == block:
                low = bits(block)[0]
                raise BoardError(
                    f"RT-3: no 2 x 2 block may be one colour; {board.name(low)}-"
                    f"{board.name(low + board.width + 1)} is all {colour}"
                )
