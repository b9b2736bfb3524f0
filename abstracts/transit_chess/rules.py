"""The rules in force and the transition: the compiled system a game is played on, placing
(MT-4), moving and converting (MT-10), and how games end (MT-11).

Positions are mutable lists here so one function serves both `State.play` (on copies) and
the fast playout loop (in place); the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from abstracts.transit_chess.arrays import KernelTables, kernel_tables, position_hash
from abstracts.transit_chess.fastgen import Scratch, scratch
from abstracts.transit_chess.moves import MoveCodec
from abstracts.transit_chess.notation import StopFinder
from abstracts.transit_chess.pieces import size
from abstracts.transit_chess.system import TransitSystem
from abstracts.transit_chess.tables import Tables, compile_tables

SIDES = ("white", "black")
WIN, WIPEOUT, PASSES, REPETITION, PLY_LIMIT = "win", "wipeout", "passes", "repetition", "ply-limit"
REPEATS_TO_DRAW = 3  # MT-11: the third occurrence of a position, same player to move


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One game's rules: the system (MT-1) compiled for play (tables, and arrays for the
    kernels with their scratch space), how its moves are read and written (MT-12), and the
    ply limit (MT-11). Every State of the game shares it."""

    system: TransitSystem
    tables: Tables
    codec: MoveCodec
    finder: StopFinder
    max_plies: int
    arrays: KernelTables = field(compare=False, repr=False)
    scratch: Scratch = field(compare=False, repr=False)

    @classmethod
    def of(cls, system: TransitSystem, max_plies: int) -> RuleSet:
        tables = compile_tables(system)
        arrays = kernel_tables(tables)
        finder = StopFinder(system, tables)
        return cls(system, tables, MoveCodec(tables), finder, max_plies, arrays, scratch(arrays))


def apply_code(
    tables: Tables, cells: list[int], hands: list[int], totals: list[int], side: int, code: int
) -> bool:
    """Play `code` for `side` (0 white, 1 black) in place; True if it wins (MT-11).

    `cells` are packed stacks (+ white, - black), `hands` the pieces still to place and
    `totals` the pieces each side has on the board.
    """
    n = tables.n
    sign = 1 - 2 * side
    if code == tables.pass_code:
        return False
    if code >= tables.place_base:  # MT-4
        kind, stop = divmod(code - tables.place_base, n)
        hands[side] -= 1 << (8 * kind)
        cells[stop] += sign << (8 * kind)
        totals[side] += 1
        return False
    rest, destination = divmod(code, n)
    kind, origin = divmod(rest, n)
    piece = sign << (8 * kind)
    cells[origin] -= piece
    target = cells[destination]
    if target * sign < 0:  # MT-10: every opponent piece there changes sides
        converted = size(target)
        totals[side] += converted
        totals[1 - side] -= converted
        target = -target
    cells[destination] = target + piece
    # MT-11: the opponent's last piece converted.
    return totals[1 - side] == 0 and hands[1 - side] == 0


def ending(won: bool, passes: int, ply: int, max_plies: int, occurrences: int = 1) -> str | None:
    """Why the game is over after a move, or None (MT-11); `occurrences` counts the new
    position's occurrences with the same player to move, itself included."""
    if won:
        return WIN
    if passes >= 2:
        return PASSES
    if occurrences >= REPEATS_TO_DRAW:
        return REPETITION
    if ply >= max_plies:
        return PLY_LIMIT
    return None


Key = tuple[int, tuple[int, ...]]  # (side to move, packed stacks by stop)


@dataclass(frozen=True, slots=True)
class Seen:
    """The movement-phase positions of a game so far (MT-11), newest first: each State adds
    one link for its own position. Placements change the hands, so a position can only
    come again once every piece is placed; the chain starts there."""

    key: Key
    occurrences: int  # of `key` up to and including this link
    earlier: Seen | None
    # The hashes of the chain's positions, oldest first (arrays.py), once a kernel asked.
    _hashes: np.ndarray | None = field(default=None, compare=False, repr=False)
    # Occurrences of every position in the chain, held by the newest link of a game played
    # straight on: the next link takes it over (one dict update a ply, so a game of n plies
    # is replayed in O(n), not O(n^2)); a second extension of a link (a search's branch)
    # counts the chain again once and owns that new table (issue 27).
    _table: dict[Key, int] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def after(cls, earlier: Seen | None, cells: tuple[int, ...], side: int) -> Seen:
        """The chain extended by the position `cells` with `side` to move."""
        key = (side, cells)
        if earlier is None:
            table: dict[Key, int] = {}
        elif earlier._table is not None:
            table = earlier._table
            object.__setattr__(earlier, "_table", None)  # handed on to the new link
        else:
            table = earlier.counts()
        occurrences = table.get(key, 0) + 1
        table[key] = occurrences
        return cls(key, occurrences, earlier, None, table)

    def hashes(self) -> np.ndarray:
        """The hash of every position in the chain, oldest first, one per occurrence (for
        the kernels' repetition count); remembered on each link, as longer chains grow
        from them."""
        pending: list[Seen] = []
        link: Seen | None = self
        while link is not None and link._hashes is None:
            pending.append(link)
            link = link.earlier
        found = np.empty(0, dtype=np.uint64) if link is None else link._hashes
        for item in reversed(pending):
            side, cells = item.key
            found = np.append(found, np.uint64(position_hash(cells, side)))
            object.__setattr__(item, "_hashes", found)
        return found

    def counts(self) -> dict[Key, int]:
        """Every position in the chain with its occurrences so far (for the fast playout)."""
        if self._table is not None:
            return dict(self._table)
        found: dict[Key, int] = {}
        link: Seen | None = self
        while link is not None:
            found.setdefault(link.key, link.occurrences)
            link = link.earlier
        return found
