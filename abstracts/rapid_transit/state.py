"""The Rapid Transit position as the shared `State` protocol sees it."""

from __future__ import annotations

import random
from typing import Any

from abstracts.core import Game, IllegalMove, State
from abstracts.rapid_transit.board import Board
from abstracts.rapid_transit.moves import (
    PASS_MOVE,
    PIE_MOVE,
    RapidTransitMove,
    of_board,
    parse,
    swap_row,
)
from abstracts.rapid_transit.playout import winner as playout_winner
from abstracts.rapid_transit.refusals import refusal
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


class RapidTransitState(State[RapidTransitMove]):
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
        game: Game[Any, RapidTransitMove],
        rules: RuleSet,
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
        self.rules = rules
        self.board = board
        self.red, self.cyan = red, cyan
        self.side, self._ply, self.passes = side, ply, passes
        self.previous, self.swapper = previous, swapper
        self._moves: list[RapidTransitMove] | None = None
        self._legal: set[RapidTransitMove] | None = None
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

    def legal_moves(self) -> list[RapidTransitMove]:
        if self._moves is None:
            self._moves = self._generate()
        return list(self._moves)

    def parse_move(self, text: str) -> RapidTransitMove:
        return parse(self.board, text)

    def play(self, move: RapidTransitMove | str) -> RapidTransitState:
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, RapidTransitMove):
            raise IllegalMove(f"RT-14: not a Rapid Transit move: {move!r}")
        if self._legal is None:
            self._legal = set(self.legal_moves())
        if move not in self._legal:
            if not of_board(self.board, move):
                move = self.parse_move(move.text)  # made for another board: read its text here
            if move not in self._legal:
                raise IllegalMove(f"{self._refusal(move)}: {str(move)!r}")
        return self._after(move)

    def to_text(self) -> str:
        return write_position(
            self.board, self.red, self.cyan, self.side, self._ply, self.passes, self.previous,
            self.swapper,
        )  # fmt: skip

    def playout(self, rng: random.Random) -> str | None:
        """Uniformly random moves to the end, in compiled code (`playout.py`): the winner
        has the distribution of the protocol loop's."""
        winner = playout_winner(self, rng)
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
    def _generate(self) -> list[RapidTransitMove]:
        if self.is_over:
            return []
        moves: list[RapidTransitMove] = []
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

    def _after(self, move: RapidTransitMove) -> RapidTransitState:
        """The state after a legal move: the one transition of the rules."""
        game, rules, board, side, ply = self.game, self.rules, self.board, self.side, self._ply + 1
        if move.p >= 0:  # RT-8: the two cells exchange colours
            flip = 1 << move.p | 1 << move.q
            return RapidTransitState(
                game, rules, board, self.red ^ flip, self.cyan ^ flip, 1 - side, ply, 0, flip,
                side,
            )  # fmt: skip
        if move == PASS_MOVE:
            return RapidTransitState(
                game, rules, board, self.red, self.cyan, 1 - side, ply, self.passes + 1, 0,
                self.swapper,
            )  # fmt: skip
        # RT-13: the second player takes over the first player's colour: the board stays,
        # the players trade sides (`Game.swaps_seats`), and this side, now held by the first
        # player, moves again. The swap already made stays with its colour for RT-12.
        return RapidTransitState(
            game, rules, board, self.red, self.cyan, side, ply, 0, 0, self.swapper
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

    def _refusal(self, move: RapidTransitMove) -> str:
        """Why `move` is not legal here, naming the rule (refusals.py)."""
        over, _, reason = self._end()
        if over:
            return f"the game is over ({reason})"
        return refusal(
            self.board, self.rules, self.red, self.cyan, self.side, self.passes, self.previous,
            move,
        )  # fmt: skip


def _sizes(values: list[int]) -> str:
    return " ".join(map(str, values))


__all__ = ["CYAN", "RED", "RapidTransitState"]
