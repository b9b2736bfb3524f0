"""A Thruway position and the moves it allows (TW-5..TW-15).

The side names `concrete` and `asphalt` are roles, not seats: after `pie` (TW-11) the
board and reserves stay as they are and the player who was asphalt now plays concrete
(`roles_traded` records that it happened), while asphalt moves next.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any

import numpy as np

import abstracts.thruway.arrays as arrays
import abstracts.thruway.kernel as kernel
from abstracts.core import Game, IllegalMove, State
from abstracts.thruway.board import bit_indices
from abstracts.thruway.disputes import disputed_blocks, swap_anchors
from abstracts.thruway.moves import PASS, PAVE, PIE, SWAP, ThruwayMove, anchor_bits
from abstracts.thruway.paving import pave_anchors
from abstracts.thruway.playout import (
    PASSES_TO_DRAW,
    STRAY,
    Position,
    run_playout,
)
from abstracts.thruway.refusals import refusal
from abstracts.thruway.rules import SIDES, RuleSet
from abstracts.thruway.text import write_position
from abstracts.thruway.thruways import thruway_winner

_ORDER = attrgetter("order")


class ThruwayState(State[ThruwayMove]):
    """Tiles on the board, reserves, whose turn, and what the previous move forbids."""

    __slots__ = (
        "_arrays",
        "_moves",
        "_ply",
        "asphalt",
        "banned",
        "blocks",
        "concrete",
        "fresh",
        "game",
        "over",
        "passes",
        "pie_ok",
        "reserves",
        "roles_traded",
        "rules",
        "side",
        "winner_side",
    )

    def __init__(
        self,
        game: Game[Any, ThruwayMove],
        rules: RuleSet,
        concrete: int,
        asphalt: int,
        reserves: tuple[int, int],
        side: int,
        ply: int = 0,
        banned: ThruwayMove | None = None,
        pie_ok: bool = False,
        fresh: bool = False,
        roles_traded: bool = False,
        passes: int = 0,
    ) -> None:
        self.game = game
        self.rules = rules
        self.concrete, self.asphalt = concrete, asphalt
        self.reserves = reserves
        self.side = side
        self._ply = ply
        self.banned = banned  # TW-10: the opponent's swap of the turn before
        self.pie_ok = pie_ok  # TW-11: `pie` is legal now
        self.fresh = fresh  # the untouched start of a game (its next position may offer pie)
        self.roles_traded = roles_traded
        self.passes = passes  # passes in a row just played (TW-12)
        self.blocks = disputed_blocks(rules.geometry, concrete, asphalt)
        self.winner_side = thruway_winner(rules.geometry, concrete, asphalt, self.blocks)
        # TW-15, then TW-12: three passes in a row, or the ply limit, end the game drawn.
        over = self.winner_side is not None or passes >= PASSES_TO_DRAW
        self.over = over or ply >= rules.max_plies
        self._moves: list[ThruwayMove] | None = None
        self._arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    # -- protocol -------------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        return SIDES[self.side]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> str | None:
        return None if self.winner_side is None else SIDES[self.winner_side]

    @property
    def ply(self) -> int:
        return self._ply

    def legal_moves(self) -> list[ThruwayMove]:
        if self.over:
            return []
        if self._moves is None:
            self._moves = self._generate()
        return list(self._moves)

    def parse_move(self, text: str) -> ThruwayMove:
        return self.rules.table.parse(text)

    def play(self, move: ThruwayMove | str) -> ThruwayState:
        move = self._resolve(move)
        if self.over:
            raise IllegalMove(
                f"{self.ending_rule}: the game is over ({self.end_reason()}): {move.text!r}"
            )
        reason = refusal(
            self.rules, self.concrete, self.asphalt, self.side, self.reserves, self.blocks,
            self.banned, self.pie_ok, move,
        )  # fmt: skip
        if reason is not None:
            raise IllegalMove(reason)
        return self._after(move)

    def to_text(self) -> str:
        return write_position(
            self.rules.geometry, self.concrete, self.asphalt, self.side, self._ply, self.passes,
            self.banned, self.pie_state,
        )  # fmt: skip

    @property
    def ending_rule(self) -> str:
        """The rule that ended the game: TW-15 for a thruway, TW-12 for a draw."""
        return "TW-15" if self.winner_side is not None else "TW-12"

    def end_reason(self) -> str:
        if not self.over:
            return "The game is not over."
        if self.winner_side is not None:
            edges = "west and east" if self.winner_side == 0 else "south and north"
            return f"{self.winner} wins: its indestructible tiles join the {edges} edges (TW-15)."
        if self.passes >= PASSES_TO_DRAW:
            return "The game is drawn: three passes in a row (TW-12)."
        limit = self.rules.max_plies
        return f"The game is drawn: it reached the limit of {limit} plies (TW-12)."

    def playout(self, rng: random.Random) -> str | None:
        """Uniformly random legal moves to the end (the compiled kernel.py, seeded by `rng`)."""
        cell, s, _ = self.kernel_arrays()
        geo = arrays.geometry(self.rules.geometry.size)
        winner = int(kernel.playouts(cell, s, geo, rng.getrandbits(63), 1)[0, 0])
        return None if winner < 0 else SIDES[winner]

    def rollout(self, rng: random.Random, plies: int) -> ThruwayState:
        """At most `plies` plies of the rollout policy (playout.py): a move that wins at
        once whenever the mover has one, else a random move biased towards the mover's own
        roads (a pave away from them is kept with chance STRAY). Every move is legal."""
        _, reached = run_playout(
            self.rules, self.position(), rng, horizon=plies, stray=STRAY, decisive=plies
        )
        return self.at(reached)

    # -- derived facts the console, heuristics and playouts use ---------------------------

    def tiles(self, side: int) -> int:
        return self.concrete if side == 0 else self.asphalt

    def pave_anchors(self) -> tuple[int, int]:
        """(horizontal, vertical) anchors of the pairs the side to move may pave (TW-5..TW-7)."""
        side = self.side
        return pave_anchors(
            self.rules.geometry, self.tiles(side), self.tiles(1 - side), self.reserves[side]
        )

    def swap_anchors(self) -> tuple[int, int]:
        """(horizontal, vertical) anchors of the swaps allowed now (TW-9, TW-10)."""
        return swap_anchors(self.rules.geometry, self.blocks, *anchor_bits(self.banned))

    @property
    def pie_state(self) -> str:
        """Where the pie rule stands (TW-11), as the text's `pie=` field writes it."""
        if self.roles_traded:
            return "taken"
        if self.pie_ok:
            return "open"
        return "next" if self.fresh and self.rules.pie else "-"

    def kernel_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """This position as the compiled kernels read it (kernel.py): cells, scalars and
        work rows, made once per state (kernels copy them: never write them)."""
        if self._arrays is None:
            size = self.rules.geometry.size
            geo = arrays.geometry(size)
            cell = arrays.cells(self.rules.geometry, self.concrete, self.asphalt)
            s = arrays.scalars(self.rules.geometry, self.position(), self.rules.max_plies)
            w = kernel.new_work(geo)
            kernel.setup(cell, s, w, geo)
            self._arrays = cell, s, w
        return self._arrays

    def position(self) -> Position:
        """This position as bare ints, for the playouts."""
        ban_h, ban_v = anchor_bits(self.banned)
        return Position(
            self.concrete, self.asphalt, self.side, self.reserves, self._ply, self.passes,
            ban_h, ban_v, self.pie_ok, self.fresh and self.rules.pie, self.roles_traded,
        )  # fmt: skip

    def at(self, position: Position) -> ThruwayState:
        """The state of this game at `position` (where a playout stopped)."""
        table = self.rules.table
        banned = table.swap_h.get(_low(position.ban_h)) or table.swap_v.get(_low(position.ban_v))
        return ThruwayState(
            self.game, self.rules, position.concrete, position.asphalt, position.reserves,
            position.side, position.ply, banned, position.pie_now, position.pie_next,
            position.traded, position.passes,
        )  # fmt: skip

    # -- internals ------------------------------------------------------------------------

    def _generate(self) -> list[ThruwayMove]:
        table = self.rules.table
        moves: list[ThruwayMove] = []
        for anchors, row in zip(
            (*self.pave_anchors(), *self.swap_anchors()),
            (table.pave_h, table.pave_v, table.swap_h, table.swap_v),
            strict=True,
        ):
            moves.extend([row[i] for i in bit_indices(anchors)])
        if self.pie_ok:
            moves.append(table.pie)
        if not moves:  # TW-12: passing only without a legal move
            return [table.pass_move]
        moves.sort(key=_ORDER)
        return moves

    def _resolve(self, move: ThruwayMove | str) -> ThruwayMove:
        if isinstance(move, str):
            return self.parse_move(move)
        if isinstance(move, ThruwayMove):
            if self.rules.table.by_text.get(move.text) is move:
                return move
            # A move made for another board size shares text, not anchors: look it up here.
            return self.parse_move(move.text)
        raise IllegalMove(f"TW-13: {move!r} is not a Thruway move")

    def _after(self, move: ThruwayMove) -> ThruwayState:
        """The position after a legal `move`: the one transition of the rules."""
        c, a, (rc, ra), side = self.concrete, self.asphalt, self.reserves, self.side
        banned = None
        if move.kind == PAVE:
            pair = move.pair
            if side == 0:
                ra += (a & pair).bit_count()  # TW-6, TW-3: the replaced tile goes home
                c, a, rc = c | pair, a & ~pair, rc - 2
            else:
                rc += (c & pair).bit_count()
                a, c, ra = a | pair, c & ~pair, ra - 2
        elif move.kind == SWAP:
            c, a, banned = c ^ move.pair, a ^ move.pair, move  # TW-9: the pair differs in colour
        next_side = side if move.kind == PIE else 1 - side  # TW-11: asphalt moves again
        return ThruwayState(
            self.game,
            self.rules,
            c,
            a,
            (rc, ra),
            next_side,
            self._ply + 1,
            banned,
            pie_ok=self.fresh and self.rules.pie,
            roles_traded=self.roles_traded or move.kind == PIE,
            passes=self.passes + 1 if move.kind == PASS else 0,
        )


def _low(bits: int) -> int:
    """The index of the lowest set bit (-1 for none)."""
    return (bits & -bits).bit_length() - 1
