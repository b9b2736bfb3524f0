"""The rules in force for one Thruway game: the board (TW-1), the reserves (TW-3), the pie
rule (TW-11) and the ply limit (TW-12), with the board's geometry and move table built once.

The Game makes one RuleSet from its options; every State of that game shares it, so
states, refusals and playouts read the rules without knowing the Game class.
"""

from __future__ import annotations

from dataclasses import dataclass

from abstracts.thruway.board import Board, board
from abstracts.thruway.moves import MoveTable, move_table

SIDES = ("concrete", "asphalt")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One game's rules: its geometry and move table, reserves, pie option and ply limit."""

    geometry: Board
    table: MoveTable
    tiles: int  # TW-3: each side's reserve at the start
    pie: bool  # TW-11
    max_plies: int  # TW-12

    @classmethod
    def of(cls, size: int, tiles: int | None, pie: bool, max_plies: int) -> RuleSet:
        # TW-3: 60 each on 11 x 11, floor(n*n/2) each on other sizes (the same formula).
        reserve = tiles if tiles is not None else size * size // 2
        return cls(board(size), move_table(size), reserve, pie, max_plies)
