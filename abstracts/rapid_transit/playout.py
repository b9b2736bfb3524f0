"""The uniform random playout (`State.playout`), compiled: winners, many playouts per call,
and the moves a playout made.

Boards up to 8 x 8 run on one 64-bit word (`bitboard.py`), larger ones on cell arrays
(`cellboard.py`, slower). Both list the legal moves honestly each ply and draw one
uniformly, as `rng.choice(state.legal_moves())` does, so a playout has the distribution of
the protocol loop; `State.legal_moves` and `State.play` stay the reference the tests
compare them with. A playout's randomness is one 64-bit seed drawn from the caller's
`random.Random`, so one seed reproduces it.
"""

from __future__ import annotations

import random
from typing import Protocol

import numpy as np

import abstracts.rapid_transit.bitboard as bitboard
import abstracts.rapid_transit.cellboard as cellboard
from abstracts.rapid_transit.board import Board
from abstracts.rapid_transit.compiled_rules import DRAW, U64, rule_flags
from abstracts.rapid_transit.moves import (
    PASS,
    PASS_MOVE,
    PIE,
    PIE_MOVE,
    RapidTransitMove,
    swap_move,
)
from abstracts.rapid_transit.rules import RuleSet


class Position(Protocol):
    """What a playout starts from (a `RapidTransitState` is one)."""

    @property
    def board(self) -> Board: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def red(self) -> int: ...
    @property
    def cyan(self) -> int: ...
    @property
    def side(self) -> int: ...
    @property
    def ply(self) -> int: ...
    @property
    def passes(self) -> int: ...
    @property
    def previous(self) -> int: ...
    @property
    def swapper(self) -> int | None: ...


def winner(position: Position, rng: random.Random) -> int | None:
    """The winner (0 red, 1 cyan, None drawn) of one uniformly random game from here."""
    seed = U64(rng.getrandbits(64))
    if _on_word(position):
        result = bitboard.play_out(*_bit_args(position), seed, _NO_TRACE)[0]
    else:
        result = cellboard.play_out(*_cell_args(position), seed, _NO_TRACE)[0]
    return None if result == DRAW else int(result)


def winners(position: Position, count: int, rng: random.Random, cells: bool = False) -> np.ndarray:
    """The winners of `count` uniformly random games from here, in one compiled call:
    0 red, 1 cyan, -1 drawn. `cells` runs the cell-array kernel on any board."""
    out = np.empty(count, np.int64)
    seed = U64(rng.getrandbits(64))
    if _on_word(position) and not cells:
        bitboard.play_outs(*_bit_args(position), seed, out)
    else:
        cellboard.play_outs(*_cell_args(position), seed, out)
    return out


def traced(
    position: Position, rng: random.Random, cells: bool = False
) -> tuple[int | None, list[RapidTransitMove]]:
    """One uniformly random game from here: its winner and the moves it made."""
    board = position.board
    trace = np.full((max(position.rules.max_plies - position.ply, 0) + 1, 2), -1, np.int64)
    seed = U64(rng.getrandbits(64))
    if _on_word(position) and not cells:
        result, plies, _ = bitboard.play_out(*_bit_args(position), seed, trace)
        moves = [_move(board, p, q, word=True) for p, q in trace[:plies]]
    else:
        result, plies, _ = cellboard.play_out(*_cell_args(position), seed, trace)
        moves = [_move(board, p, q, word=False) for p, q in trace[:plies]]
    return (None if result == DRAW else int(result)), moves


def kernel_moves(position: Position, cells: bool = False) -> list[RapidTransitMove]:
    """The moves a kernel draws from in a game not over, in its numbering (for tests)."""
    board = position.board
    if _on_word(position) and not cells:
        red, cyan, side, ply, passes, previous, _, rules = _bit_args(position)
        rows = bitboard.listed_moves(red, cyan, side, ply, passes, previous, rules)
        return [_move(board, p, q, word=True) for p, q in rows]
    rows = cellboard.listed_moves(*_cell_args(position))
    return [_move(board, p, q, word=False) for p, q in rows]


# --- arguments and moves in the kernels' terms ---
_NO_TRACE = np.empty((0, 2), np.int64)


def _on_word(position: Position) -> bool:
    return position.board.size <= bitboard.MAX_SIZE


def _bit_args(position: Position) -> tuple[object, ...]:
    board = position.board
    return (
        U64(bitboard.to_word(board, position.red)),
        U64(bitboard.to_word(board, position.cyan)),
        position.side,
        position.ply,
        position.passes,
        U64(bitboard.to_word(board, position.previous)),
        DRAW if position.swapper is None else position.swapper,
        rule_flags(position.rules),
    )


def _cell_args(position: Position) -> tuple[object, ...]:
    return cellboard.arguments(
        position.board, position.red, position.cyan, position.side, position.ply,
        position.passes, position.previous, position.swapper, rule_flags(position.rules),
    )  # fmt: skip


def _move(board: Board, p: int, q: int, word: bool) -> RapidTransitMove:
    p, q = int(p), int(q)  # from numpy
    if p == PASS:
        return PASS_MOVE
    if p == PIE:
        return PIE_MOVE
    if word:
        p, q = bitboard.board_bit(board, p), bitboard.board_bit(board, q)
    return swap_move(board, p, q)
