"""A Thruway position and the moves it allows (TW-5..TW-15).

The side names `concrete` and `asphalt` are roles, not seats: after `pie` (TW-11) the
board and reserves stay as they are and the player who was asphalt now plays concrete
(`roles_traded` records that it happened), while asphalt moves next.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import TYPE_CHECKING

from abstracts.core import IllegalMove, State
from abstracts.thruway.board import bit_indices, format_text
from abstracts.thruway.disputes import disputed_blocks, swap_edges
from abstracts.thruway.moves import PAVE, PIE, SWAP, Move
from abstracts.thruway.playout import random_playout
from abstracts.thruway.rollout import rollout
from abstracts.thruway.thruways import thruway_winner

if TYPE_CHECKING:
    from abstracts.thruway.game import ThruwayGame

SIDES = ("concrete", "asphalt")
_ORDER = attrgetter("order")


class ThruwayState(State):
    """Tiles on the board, reserves, whose turn, and what the previous move forbids."""

    __slots__ = (
        "_moves",
        "_ply",
        "asphalt",
        "banned",
        "blocks",
        "concrete",
        "fresh",
        "game",
        "over",
        "pie_ok",
        "reserves",
        "roles_traded",
        "side",
        "winner_side",
    )

    def __init__(
        self,
        game: ThruwayGame,
        concrete: int,
        asphalt: int,
        reserves: tuple[int, int],
        side: int,
        ply: int = 0,
        banned: Move | None = None,
        pie_ok: bool = False,
        fresh: bool = False,
        roles_traded: bool = False,
    ) -> None:
        self.game = game
        self.concrete, self.asphalt = concrete, asphalt
        self.reserves = reserves
        self.side = side
        self._ply = ply
        self.banned = banned  # TW-10: the opponent's swap of the turn before
        self.pie_ok = pie_ok  # TW-11: `pie` is legal now
        self.fresh = fresh  # the untouched start of a game (its next position may offer pie)
        self.roles_traded = roles_traded
        self.blocks = disputed_blocks(game.geometry, concrete, asphalt)
        self.winner_side = thruway_winner(game.geometry, concrete, asphalt, self.blocks)
        self.over = self.winner_side is not None or ply >= game.options.max_plies  # TW-12
        self._moves: list[Move] | None = None

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

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        if self._moves is None:
            self._moves = self._generate()
        return list(self._moves)

    def parse_move(self, text: str) -> Move:
        return self.game.table.parse(text)

    def play(self, move: Move | str) -> ThruwayState:
        move = self._resolve(move)
        self._check(move)
        return self._after(move)

    def to_text(self) -> str:
        return format_text(self.game.geometry, self.concrete, self.asphalt)

    def end_reason(self) -> str:
        if not self.over:
            return "The game is not over."
        if self.winner_side is None:
            limit = self.game.options.max_plies
            return f"The game is drawn: it reached the limit of {limit} plies (TW-12)."
        edges = "west and east" if self.winner_side == 0 else "south and north"
        return f"{self.winner} wins: its indestructible tiles join the {edges} edges (TW-15)."

    def playout(self, rng: random.Random) -> str | None:
        """The MCTS rollout (rollout.py): a few road-building plies, then a judged winner.

        Not the protocol's uniformly random game to the end: random Thruway games mostly
        end drawn and say little. `random_playout` is that uniform game.
        """
        winner = rollout(self, rng)
        return None if winner is None else SIDES[winner]

    def random_playout(self, rng: random.Random) -> str | None:
        """Uniformly random legal moves to the end (the protocol's reference playout)."""
        winner = random_playout(self, rng)
        return None if winner is None else SIDES[winner]

    # -- derived facts the console and heuristics use -------------------------------------

    def tiles(self, side: int) -> int:
        return self.concrete if side == 0 else self.asphalt

    def pave_anchors(self) -> tuple[int, int]:
        """(horizontal, vertical) anchors of the pairs the side to move may pave (TW-5..TW-7)."""
        if self.reserves[self.side] < 2:  # TW-7
            return 0, 0
        geo = self.game.geometry
        own, opp = self.tiles(self.side), self.tiles(1 - self.side)
        empty = geo.cells & ~(own | opp)
        w = geo.width
        # TW-5: both parcels empty; TW-6: one empty and one holding an opponent tile.
        open_ = empty | opp
        horizontal = (empty & (open_ >> 1)) | (opp & (empty >> 1))
        vertical = (empty & (open_ >> w)) | (opp & (empty >> w))
        return horizontal, vertical

    def swap_anchors(self) -> tuple[int, int]:
        """(horizontal, vertical) anchors of the swaps allowed now (TW-9, TW-10)."""
        if not self.blocks:
            return 0, 0
        horizontal, vertical = swap_edges(self.game.geometry, self.blocks)
        banned = self.banned
        if banned is not None:  # TW-10
            if banned.vertical:
                vertical &= ~(1 << banned.anchor)
            else:
                horizontal &= ~(1 << banned.anchor)
        return horizontal, vertical

    # -- internals ------------------------------------------------------------------------

    def _generate(self) -> list[Move]:
        table = self.game.table
        moves: list[Move] = []
        for anchors, row in zip(
            (*self.pave_anchors(), *self.swap_anchors()),
            (table.pave_h, table.pave_v, table.swap_h, table.swap_v),
            strict=True,
        ):
            moves.extend([row[i] for i in bit_indices(anchors)])  # type: ignore[misc]
        if self.pie_ok:
            moves.append(table.pie)
        if not moves:  # TW-12: passing only without a legal move
            return [table.pass_move]
        moves.sort(key=_ORDER)
        return moves

    def _resolve(self, move: Move | str) -> Move:
        if isinstance(move, str):
            return self.parse_move(move)
        if isinstance(move, Move):
            # A Move made for another board size shares text, not anchors: look it up here.
            return self.parse_move(move.text)
        raise IllegalMove(f"TW-13: {move!r} is not a Thruway move")

    def _check(self, move: Move) -> None:
        """Raise IllegalMove naming the rule that refuses `move` here."""
        if self.over:
            raise IllegalMove(f"TW-15: the game is over ({self.end_reason()}): {move.text!r}")
        if move.kind == PAVE:
            self._check_pave(move)
        elif move.kind == SWAP:
            self._check_swap(move)
        elif move.kind == PIE:
            self._check_pie(move)
        elif self.legal_moves() != [self.game.table.pass_move]:
            raise IllegalMove(f"TW-12: {self.to_move} has a legal move and may not pass: 'pass'")

    def _check_pave(self, move: Move) -> None:
        geo, side = self.game.geometry, self.to_move
        if self.reserves[self.side] < 2:
            raise IllegalMove(
                f"TW-7: {side} has {self.reserves[self.side]} tile(s) in reserve and paving "
                f"needs two: {move.text!r}"
            )
        own, opp = self.tiles(self.side), self.tiles(1 - self.side)
        if move.pair & own:
            index = bit_indices(move.pair & own)[0]
            raise IllegalMove(f"TW-5: {geo.name(index)} already holds a {side} tile: {move.text!r}")
        if move.pair & opp == move.pair:
            raise IllegalMove(
                f"TW-6: replacement needs one empty parcel, but both hold "
                f"{SIDES[1 - self.side]} tiles: {move.text!r}"
            )

    def _check_swap(self, move: Move) -> None:
        horizontal, vertical = swap_edges(self.game.geometry, self.blocks)
        if not ((vertical if move.vertical else horizontal) >> move.anchor) & 1:
            raise IllegalMove(
                f"TW-9: {move.text.replace('~', ' and ')} are not an edge of a crossroads "
                f"dispute: {move.text!r}"
            )
        if move == self.banned:
            raise IllegalMove(
                f"TW-10: this swap would undo {SIDES[1 - self.side]}'s swap of the turn "
                f"before: {move.text!r}"
            )

    def _check_pie(self, move: Move) -> None:
        if self.pie_ok:
            return
        if not self.game.options.pie:
            raise IllegalMove("TW-11: the pie rule is off in this game: 'pie'")
        raise IllegalMove("TW-11: pie is only allowed on asphalt's first turn: 'pie'")

    def _after(self, move: Move) -> ThruwayState:
        """The position after a legal `move`."""
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
            c,
            a,
            (rc, ra),
            next_side,
            self._ply + 1,
            banned,
            pie_ok=self.fresh and self.game.options.pie,
            roles_traded=self.roles_traded or move.kind == PIE,
        )
