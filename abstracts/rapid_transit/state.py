"""The Rapid Transit position as the shared `State` protocol sees it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from abstracts.core import IllegalMove, State
from abstracts.rapid_transit.board import Board, bits
from abstracts.rapid_transit.moves import PASS_MOVE, PIE_MOVE, Move, parse, swap_row
from abstracts.rapid_transit.networks import network_of, terminals
from abstracts.rapid_transit.playout import playout
from abstracts.rapid_transit.rules import (
    CYAN,
    RED,
    SIDES,
    RuleSet,
    compare_networks,
    connected_winner,
    legal_swaps,
    legal_targets,
)
from abstracts.rapid_transit.text import write_position

if TYPE_CHECKING:
    from abstracts.rapid_transit.game import RapidTransit


class RapidTransitState(State):
    """A board, the side to move and the history the rules look back on.

    `passes` counts passes in a row (RT-11, RT-17), `previous` holds the two cells of the
    previous move if it was a swap (RT-16) and `swapper` the side that swapped last (RT-12).
    """

    __slots__ = (
        "_ending",
        "_legal",
        "_moves",
        "_ply",
        "board",
        "cyan",
        "game",
        "passes",
        "previous",
        "red",
        "rules",
        "side",
        "swapper",
    )

    def __init__(
        self,
        game: RapidTransit,
        board: Board,
        red: int,
        cyan: int,
        side: int = RED,
        ply: int = 0,
        passes: int = 0,
        previous: int = 0,
        swapper: int | None = None,
    ) -> None:
        self.game = game
        self.rules: RuleSet = game.rules
        self.board = board
        self.red, self.cyan = red, cyan
        self.side, self._ply, self.passes = side, ply, passes
        self.previous, self.swapper = previous, swapper
        self._moves: list[Move] | None = None
        self._legal: set[Move] | None = None
        self._ending: tuple[bool, int | None, str] | None = None

    # --- protocol ---
    @property
    def to_move(self) -> str:
        return SIDES[self.side]

    @property
    def ply(self) -> int:
        return self._ply

    @property
    def is_over(self) -> bool:
        return self._end()[0]

    @property
    def winner(self) -> str | None:
        winner = self._end()[1]
        return None if winner is None else SIDES[winner]

    def end_reason(self) -> str:
        over, winner, reason = self._end()
        if not over:
            return "The game is not over."
        result = f"{SIDES[winner]} wins" if winner is not None else "the game is drawn"
        return f"{reason}: {result}."

    def legal_moves(self) -> list[Move]:
        if self._moves is None:
            self._moves = self._generate()
        return list(self._moves)

    def parse_move(self, text: str) -> Move:
        return parse(self.board, text)

    def play(self, move: Move | str) -> RapidTransitState:
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise IllegalMove(f"RT-14: not a Rapid Transit move: {move!r}")
        if self._legal is None:
            self._legal = set(self.legal_moves())
        if move not in self._legal:
            raise IllegalMove(f"{self._refusal(move)}: {str(move)!r}")
        return self._after(move)

    def to_text(self) -> str:
        return write_position(self)

    def playout(self, rng: random.Random) -> str | None:
        if self.is_over:
            return self.winner
        winner = playout(self, rng)
        return None if winner is None else SIDES[winner]

    # --- helpers for render, greedy and tests ---
    @property
    def mine(self) -> int:
        return self.cyan if self.side else self.red

    @property
    def theirs(self) -> int:
        return self.red if self.side else self.cyan

    def pieces(self, side: int) -> int:
        return self.cyan if side else self.red

    @property
    def relaxed(self) -> bool:
        """RT-17: this move ignores the terminal requirement (the opponent just passed)."""
        return self.rules.relax_after_pass and self.passes == 1

    @property
    def pie_open(self) -> bool:
        """RT-13: the second player's first turn in a game with the pie rule."""
        return self.rules.pie and self._ply == 1

    def swap_pairs(self) -> list[tuple[int, int]]:
        """The legal swaps as sorted (p, q) bit pairs (the fast internal form)."""
        if self.is_over:
            return []
        return legal_swaps(
            self.board, self.rules, self.mine, self.theirs, self.passes, self.previous
        )

    def key(self) -> tuple[object, ...]:
        """Everything the rules look at: equal keys mean equal positions."""
        return (
            self.rules,
            self.board.size,
            self.board.holes,
            self.red,
            self.cyan,
            self.side,
            self.passes,
            self.previous,
            self.swapper,
            self._ply,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RapidTransitState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<RapidTransitState ply {self._ply}, {self.to_move} to move>"

    # --- internals ---
    def _generate(self) -> list[Move]:
        if self.is_over:
            return []
        moves: list[Move] = []
        if self.pie_open:
            moves.append(PIE_MOVE)  # RT-13
        board, append = self.board, moves.append
        targets = legal_targets(
            board, self.rules, self.mine, self.theirs, self.passes, self.previous
        )
        for p, allowed in targets:  # sorted by p, then q: pie, pass, swaps is sorted order
            row = swap_row(board, p)
            while allowed:
                low = allowed & -allowed
                append(row[low.bit_length() - 1])
                allowed ^= low
        if not targets:
            moves.append(PASS_MOVE)  # RT-11: no legal swap, so the one move is a pass
        return moves

    def _after(self, move: Move) -> RapidTransitState:
        side, ply = self.side, self._ply + 1
        if move.p >= 0:  # RT-8: the two cells exchange colours
            flip = 1 << move.p | 1 << move.q
            return RapidTransitState(
                self.game, self.board, self.red ^ flip, self.cyan ^ flip, 1 - side, ply, 0, flip,
                side,
            )  # fmt: skip
        if move == PASS_MOVE:
            return RapidTransitState(
                self.game, self.board, self.red, self.cyan, 1 - side, ply, self.passes + 1, 0,
                self.swapper,
            )  # fmt: skip
        # RT-13: the second player takes over the first player's colour: the board stays,
        # the players trade sides (`Game.swaps_seats`), and this side, now held by the first
        # player, moves again. The swap already made stays with its colour for RT-12.
        return RapidTransitState(
            self.game, self.board, self.red, self.cyan, side, ply, 0, 0, self.swapper
        )

    def _end(self) -> tuple[bool, int | None, str]:
        if self._ending is None:
            self._ending = self._decide_end()
        return self._ending

    def _decide_end(self) -> tuple[bool, int | None, str]:
        if self.rules.connect_wins:  # RT-18
            winner = connected_winner(self.board, self.red, self.cyan, 1 - self.side)
            if winner is not None:
                return True, winner, f"RT-18: {SIDES[winner]} has all its pieces in one network"
        if self.passes >= 2:
            reason = "RT-11: both players passed in a row"
        elif self._ply >= self.rules.max_plies:
            reason = f"the {self.rules.max_plies}-ply limit (max_plies) was reached"
        else:
            return False, None, ""
        return (True, *self._ranking(reason))

    def _ranking(self, reason: str) -> tuple[int | None, str]:
        """RT-12: network sizes, then the last swapper, else a draw."""
        leader, red_sizes, cyan_sizes = compare_networks(self.board, self.red, self.cyan)
        if leader is not None:
            return leader, f"{reason}; RT-12: {SIDES[leader]} has the larger networks " + (
                f"(red {_sizes(red_sizes)}, cyan {_sizes(cyan_sizes)})"
            )
        if self.swapper is not None:
            return self.swapper, (
                f"{reason}; RT-12: the network sizes are equal and {SIDES[self.swapper]} "
                "swapped last"
            )
        return None, f"{reason}; RT-12: the network sizes are equal and nobody swapped"

    def _refusal(self, move: Move) -> str:
        """Why `move` is not legal here, naming the rule."""
        over, _, reason = self._end()
        if over:
            return f"the game is over ({reason})"
        if move == PASS_MOVE:
            return f"RT-11: {self.to_move} has a legal swap, so may not pass"
        if move == PIE_MOVE:
            if not self.rules.pie:
                return "RT-13: the pie rule is off in this game"
            return "RT-13: pie is allowed only on the second player's first turn (ply 1)"
        return self._swap_refusal(move.p, move.q)

    def _swap_refusal(self, p: int, q: int) -> str:
        board, mine, theirs = self.board, self.mine, self.theirs
        me, them = self.to_move, SIDES[1 - self.side]
        name_p, name_q = board.names[p], board.names[q]
        if not mine >> p & 1:
            return f"RT-8: {name_p} is not a {me} piece ({me} to move)"
        if not theirs >> q & 1:
            return f"RT-8: {name_q} is not a {them} piece"
        if self.rules.no_reuse and (self.previous >> p | self.previous >> q) & 1:
            cell = name_p if self.previous >> p & 1 else name_q
            return f"RT-16: the piece on {cell} was swapped by the previous move"
        if not self.relaxed and not terminals(board, mine) >> p & 1:
            count = (mine & board.neighbours[p]).bit_count()
            return f"RT-8: {name_p} is not a terminal piece (RT-6: it has {count} {me} neighbours)"
        halo = board.dilate(network_of(board, mine, p))
        if not network_of(board, theirs, q) & halo:
            return f"RT-8: {name_q} is not in a {them} network adjacent to {name_p}'s network"
        return self._after_swap_refusal(p, q)

    def _after_swap_refusal(self, p: int, q: int) -> str:
        board, flip = self.board, 1 << p | 1 << q
        mine, theirs = self.mine ^ flip, self.theirs ^ flip
        for cell, pieces, colour in ((p, theirs, SIDES[1 - self.side]), (q, mine, self.to_move)):
            for rest in board.blocks[cell]:
                block = rest | 1 << cell
                if pieces & block == block:
                    low = bits(block)[0]
                    corner = f"{board.names[low]}-{board.names[low + board.width + 1]}"
                    return f"RT-9: the swap would make the 2 x 2 block {corner} all {colour}"
        for cell, pieces, colour in ((q, mine, self.to_move), (p, theirs, SIDES[1 - self.side])):
            count = (pieces & board.neighbours[cell]).bit_count()
            if self.rules.support and count < 2:
                return (
                    f"RT-10: after the swap the {colour} piece on {board.names[cell]} would "
                    f"have {count} {colour} neighbour{'s' if count != 1 else ''}; it needs 2"
                )
        return "not a legal move"  # unreachable while the checks above mirror `swaps`


def _sizes(values: list[int]) -> str:
    return " ".join(map(str, values))


__all__ = ["CYAN", "RED", "RapidTransitState"]
