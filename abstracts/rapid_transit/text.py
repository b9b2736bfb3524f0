"""Positions as text (RT-4): the rank lines, then one state line with what the rules
look back on: `to_move=red ply=0 passes=0 previous=- swapper=-` (the side to move, the
ply count, passes in a row for RT-11/RT-17, the previous swap's two cells for RT-16, and
the last side to swap for RT-12). The state line is optional when reading."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracts.rapid_transit.board import Board, BoardError, bits
from abstracts.rapid_transit.rules import RED, SIDES
from abstracts.rapid_transit.setups import check_board, format_board, parse_board

if TYPE_CHECKING:
    from abstracts.rapid_transit.state import RapidTransitState

FIELDS = ("to_move", "ply", "passes", "previous", "swapper")


def write_position(state: RapidTransitState) -> str:
    board = state.board
    previous = ",".join(board.names[b] for b in bits(state.previous)) or "-"
    swapper = "-" if state.swapper is None else SIDES[state.swapper]
    line = (
        f"to_move={state.to_move} ply={state.ply} passes={state.passes} "
        f"previous={previous} swapper={swapper}"
    )
    return "\n".join([*format_board(board, state.red, state.cyan), line])


def read_position(text: str) -> tuple[Board, int, int, dict[str, Any]]:
    """(board, red, cyan, state fields as RapidTransitState takes them); the board is
    checked against RT-3."""
    board_lines, fields = _split(text)
    board, red, cyan = parse_board(board_lines)
    check_board(board, red, cyan)
    return board, red, cyan, _state_fields(board, fields)


def rank_lines(text: str) -> list[str]:
    """The non-blank lines of board text; '/' may also separate ranks on one line."""
    return [line.strip() for line in text.replace("/", "\n").splitlines() if line.strip()]


def read_side(text: str, field: str) -> int:
    if text not in SIDES:
        raise BoardError(f"RT-4: {field} must be red or cyan, not {text!r}")
    return SIDES.index(text)


def _split(text: str) -> tuple[list[str], dict[str, str]]:
    board_lines, fields = [], {}
    for line in rank_lines(text):
        if "=" not in line:
            board_lines.append(line)
            continue
        for item in line.split():
            key, sep, value = item.partition("=")
            if not sep or key not in FIELDS:
                raise BoardError(f"RT-4: unknown state field {item!r}; fields: {', '.join(FIELDS)}")
            fields[key] = value
    return board_lines, fields


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


def _count(text: str, field: str) -> int:
    if not text.isdigit():
        raise BoardError(f"RT-4: {field} must be a whole number, not {text!r}")
    return int(text)
