"""Positions as text (RT-4): the rank lines, then one state line with what the rules
look back on: `to_move=red ply=0 passes=0 previous=- swapper=-` (the side to move, the
ply count, passes in a row for RT-11/RT-17, the previous swap's two cells for RT-16, and
the last side to swap for RT-12). The state line is optional when reading."""

from __future__ import annotations

from typing import Any

from abstracts.rapid_transit.board import Board, BoardError, bits
from abstracts.rapid_transit.rules import RED, SIDES
from abstracts.rapid_transit.setups import check_board
from abstracts.state_lines import split_state

FIELDS = ("to_move", "ply", "passes", "previous", "swapper")
PIECE_CHARS = {"R": 0, "C": 1, ".": None}


def write_position(
    board: Board,
    red: int,
    cyan: int,
    side: int,
    ply: int,
    passes: int,
    previous: int,
    swapper: int | None,
) -> str:
    """The rank lines and the state line of a position."""
    cells = ",".join(board.names[b] for b in bits(previous)) or "-"
    last = "-" if swapper is None else SIDES[swapper]
    line = f"to_move={SIDES[side]} ply={ply} passes={passes} previous={cells} swapper={last}"
    return "\n".join([*format_board(board, red, cyan), line])


def parse_board(lines: list[str]) -> tuple[Board, int, int]:
    """RT-4: (board, red, cyan) from rank lines, top rank first; spaces are ignored, and
    lower case is read as upper case (the board view writes smaller networks so)."""
    rows = [line.replace(" ", "").replace("\t", "") for line in lines]
    size = len(rows)
    for number, row in enumerate(rows, start=1):
        bad = sorted({ch for ch in row if ch.upper() not in PIECE_CHARS})
        if bad:
            raise BoardError(
                f"RT-4: rank line {number} {row!r} has {bad[0]!r}; use R (red), C (cyan), . (hole)"
            )
        if len(row) != size:
            raise BoardError(
                f"RT-4: rank line {number} {row!r} has {len(row)} cells; the text has {size} "
                f"rank lines, so each needs {size} cells (boards are square)"
            )
    if size < 4 or size % 2:
        raise BoardError(f"RT-1: the text has {size} ranks; boards are even-sized from 4")
    holes = red = cyan = 0
    probe = Board(size)
    for number, row in enumerate(rows):
        rank = size - 1 - number
        for file, ch in enumerate(row):
            bit = 1 << probe.bit(file, rank)
            if ch == ".":
                holes |= bit
            elif ch.upper() == "R":
                red |= bit
            else:
                cyan |= bit
    return Board(size, holes), red, cyan


def format_board(board: Board, red: int, cyan: int) -> list[str]:
    """RT-4: rank lines, top rank first, cells separated by spaces."""
    lines = []
    for rank in range(board.size - 1, -1, -1):
        row = []
        for file in range(board.size):
            bit = 1 << board.bit(file, rank)
            row.append("R" if red & bit else "C" if cyan & bit else ".")
        lines.append(" ".join(row))
    return lines


def read_position(text: str, to_move: str | None = None) -> tuple[Board, int, int, dict[str, Any]]:
    """(board, red, cyan, state fields as RapidTransitState takes them); the board is
    checked against RT-3 and the state line against the rules it records; `to_move`, if
    given, overrides the state line's."""
    board_lines, fields = split_state(rank_lines(text), FIELDS, "RT-4", BoardError)
    if to_move is not None:
        fields["to_move"] = to_move
    board, red, cyan = parse_board(board_lines)
    check_board(board, red, cyan)
    state = _state_fields(board, fields)
    _check_history(board, red, cyan, **state)
    return board, red, cyan, state


def rank_lines(text: str) -> list[str]:
    """The non-blank lines of board text; '/' may also separate ranks on one line."""
    return [line.strip() for line in text.replace("/", "\n").splitlines() if line.strip()]


def read_side(text: str, field: str) -> int:
    if text not in SIDES:
        raise BoardError(f"RT-4: {field} must be red or cyan, not {text!r}")
    return SIDES.index(text)


def _state_fields(board: Board, fields: dict[str, str]) -> dict[str, Any]:
    previous = 0
    for name in fields.get("previous", "-").split(","):
        if name != "-":
            previous |= 1 << board.parse_cell(name)
    swapper = fields.get("swapper", "-")
    return {
        "side": read_side(fields.get("to_move", SIDES[RED]), "to_move"),
        "ply": _count(fields.get("ply", "0"), "ply"),
        "passes": min(_count(fields.get("passes", "0"), "passes"), 2),
        "previous": previous,
        "swapper": None if swapper == "-" else read_side(swapper, "swapper"),
    }


def _check_history(
    board: Board,
    red: int,
    cyan: int,
    side: int,
    ply: int,
    passes: int,
    previous: int,
    swapper: int | None,
) -> None:
    """Refuse a state line no game can reach, naming the field and the rule."""
    if passes > ply:
        raise BoardError(f"RT-11: passes={passes} in a row, but only {ply} plies were played")
    if swapper is not None and ply == 0:
        raise BoardError(f"RT-12: swapper={SIDES[swapper]}, but no move was played (ply=0)")
    if previous:
        _check_previous(board, red, cyan, side, passes, previous, swapper)


def _check_previous(
    board: Board, red: int, cyan: int, side: int, passes: int, previous: int, swapper: int | None
) -> None:
    """RT-16: `previous` holds the two cells of the swap just made, by the other side."""
    cells = ",".join(board.names[b] for b in bits(previous))
    if previous.bit_count() != 2:
        raise BoardError(
            f"RT-16: previous={cells} must name the two cells of one swap (RT-8), "
            f"not {previous.bit_count()}"
        )
    if not (red & previous and cyan & previous):
        colour = "red" if red & previous else "cyan"
        raise BoardError(
            f"RT-16: previous={cells}: a swap leaves one red and one cyan piece on its two "
            f"cells (RT-8), but both are {colour}"
        )
    if passes or swapper != 1 - side:
        last = "nobody" if swapper is None else SIDES[swapper]
        raise BoardError(
            f"RT-16: previous={cells} says {SIDES[1 - side]} just swapped, but "
            f"passes={passes} and swapper={last}"
        )


def _count(text: str, field: str) -> int:
    if not text.isdigit():
        raise BoardError(f"RT-4: {field} must be a whole number, not {text!r}")
    return int(text)
