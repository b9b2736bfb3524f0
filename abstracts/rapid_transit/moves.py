"""Move values and move text (RT-14): `d4-e6`, `pass`, `pie`."""

from __future__ import annotations

import re
from typing import NamedTuple

from abstracts.core import IllegalMove
from abstracts.rapid_transit.board import Board, BoardError

PASS = -1  # `p` of the pass move (RT-11)
PIE = -2  # `p` of the pie move (RT-13)
_SWAP = re.compile(r"([a-z]+\d+)\s*-\s*([a-z]+\d+)")


class RapidTransitMove(NamedTuple):
    """A swap of the mover's piece on bit `p` with the opponent's piece on bit `q` (RT-8),
    or a pass (`p == PASS`) or the pie move (`p == PIE`). `str()` is the move text.

    A named tuple: cheap to make, hash and compare, as search makes many of them; moves
    sort as pie, pass, then swaps by cell.
    """

    p: int
    q: int
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def is_swap(self) -> bool:
        return self.p >= 0


PASS_MOVE = RapidTransitMove(PASS, -1, "pass")
PIE_MOVE = RapidTransitMove(PIE, -1, "pie")


def swap_row(board: Board, p: int) -> list[RapidTransitMove]:
    """The swap moves of the piece on `p`, indexed by q. Made once per board and kept in
    `board.swap_rows`, because search lists the same moves over and over."""
    row = board.swap_rows[p]
    if row is None:
        names = board.names
        row = [RapidTransitMove(p, q, f"{names[p]}-{names[q]}") for q in range(len(names))]
        board.swap_rows[p] = row
    return row


def swap_move(board: Board, p: int, q: int) -> RapidTransitMove:
    return swap_row(board, p)[q]


def of_board(board: Board, move: RapidTransitMove) -> bool:
    """Whether `move` is a move of this board (one made for another size names other cells
    by the same bits)."""
    if not move.is_swap:
        return True
    names = board.names
    p, q = move.p, move.q
    return p < len(names) and q < len(names) and f"{names[p]}-{names[q]}" == move.text


def parse(board: Board, text: str) -> RapidTransitMove:
    """RT-14: read move text; IllegalMove quoting it when it is not a move of this board."""
    clean = text.strip().lower()
    if clean == "pass":
        return PASS_MOVE
    if clean == "pie":
        return PIE_MOVE
    match = _SWAP.fullmatch(clean)
    if not match:
        raise IllegalMove(f"RT-14: write a move as d4-e6, pass or pie: {text!r}")
    try:
        p, q = board.parse_cell(match.group(1)), board.parse_cell(match.group(2))
    except BoardError as exc:
        raise IllegalMove(f"{exc}: {text!r}") from None
    return swap_move(board, p, q)
