"""The Chess on a Mass Transit System `State`: an immutable position and whose turn it is."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from abstracts.core import Game, IllegalMove, State
from abstracts.transit_chess.movegen import legal_codes
from abstracts.transit_chess.moves import TransitChessMove
from abstracts.transit_chess.notation import parse_code
from abstracts.transit_chess.pieces import unpack
from abstracts.transit_chess.playout import play_out
from abstracts.transit_chess.policy import rollout_codes
from abstracts.transit_chess.refusals import refusal
from abstracts.transit_chess.rules import (
    PASSES,
    PLY_LIMIT,
    REPETITION,
    SIDES,
    WIN,
    WIPEOUT,
    RuleSet,
    Seen,
    apply_code,
    ending,
)
from abstracts.transit_chess.text import format_position


class TransitChessState(State[TransitChessMove]):
    """Stacks per stop, pieces still to place, the side to move and how the game stands."""

    def __init__(
        self,
        game: Game[Any, TransitChessMove],
        rules: RuleSet,
        cells: tuple[int, ...],
        hands: tuple[int, int],
        side: int,
        *,
        ply: int = 0,
        passes: int = 0,
        end: str | None = None,
        winner: int | None = None,
        totals: tuple[int, int] | None = None,
        seen: Seen | None = None,
    ) -> None:
        self.game = game
        self.rules = rules
        self.cells = cells  # packed stacks by stop number (+ white, - black)
        self.hands = hands  # packed pieces still to place (MT-4)
        self.side = side  # 0 white, 1 black
        self.passes = passes  # passes in a row just played (MT-11)
        self.end = end
        self._ply = ply
        self._winner = winner
        self.totals = totals if totals is not None else _totals(cells)
        self.seen = seen  # the movement-phase positions so far, this one first (MT-11)
        self._codes: list[int] | None = None
        self._code_set: frozenset[int] | None = None

    # ------------------------------------------------------------------ protocol

    @property
    def to_move(self) -> str:
        return SIDES[self.side]

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def winner(self) -> str | None:
        return None if self._winner is None else SIDES[self._winner]

    @property
    def ply(self) -> int:
        return self._ply

    @property
    def placing(self) -> bool:
        """Whether the placement phase (MT-4) is still on."""
        return bool(self.hands[0] or self.hands[1])

    def legal_codes(self) -> list[int]:
        if self._codes is None:
            tables = self.rules.tables
            over = self.is_over
            self._codes = [] if over else legal_codes(tables, self.cells, self.hands, self.side)
        return self._codes

    def legal_moves(self) -> list[TransitChessMove]:
        move = self.rules.codec.move
        return [move(code) for code in self.legal_codes()]

    def parse_move(self, text: str) -> TransitChessMove:
        rules = self.rules
        return rules.codec.move(parse_code(text, rules.tables, rules.finder, self.placing))

    def play(self, move: TransitChessMove | str) -> TransitChessState:
        if isinstance(move, str):
            code = parse_code(move, self.rules.tables, self.rules.finder, self.placing)
        elif isinstance(move, TransitChessMove):
            code = self.rules.codec.code(move)
        else:
            raise IllegalMove(f"MT-12: not a move: {move!r}")
        if self._code_set is None:
            self._code_set = frozenset(self.legal_codes())
        if code not in self._code_set:
            raise IllegalMove(self._refusal(code))
        return self.after(code)

    def after(self, code: int) -> TransitChessState:
        """The state after a legal move code (unchecked): the one transition of the rules."""
        cells, hands, totals = list(self.cells), list(self.hands), list(self.totals)
        won = apply_code(self.rules.tables, cells, hands, totals, self.side, code)
        passes = self.passes + 1 if code == self.rules.tables.pass_code else 0
        placed, side = tuple(cells), 1 - self.side
        seen = None if hands[0] or hands[1] else Seen.after(self.seen, placed, side)
        occurrences = 1 if seen is None else seen.occurrences
        end = ending(won, passes, self._ply + 1, self.rules.max_plies, occurrences)
        return self._next(placed, hands, totals, side, self._ply + 1, passes, end, won, seen)

    def _next(
        self,
        cells: tuple[int, ...],
        hands: list[int],
        totals: list[int],
        side: int,
        ply: int,
        passes: int,
        end: str | None,
        won: bool,
        seen: Seen | None,
    ) -> TransitChessState:
        """A successor state from working lists; `side` is the side to move next."""
        return TransitChessState(
            self.game,
            self.rules,
            cells,
            (hands[0], hands[1]),
            side,
            ply=ply,
            passes=passes,
            end=end,
            winner=1 - side if won else None,
            totals=(totals[0], totals[1]),
            seen=seen,
        )

    def to_text(self) -> str:
        return format_position(self.rules.tables, self.cells, self.hands)

    def end_reason(self) -> str:
        if self.end is None:
            return "The game is not over."
        winner, loser = self.winner, SIDES[1 - (self._winner or 0)]
        limit = self.rules.max_plies
        return {
            WIN: f"{winner} wins: {loser}'s last piece was converted (MT-11).",
            WIPEOUT: f"{winner} wins: {loser} has no pieces left (MT-11).",
            PASSES: "The game is drawn: both players passed in a row (MT-11).",
            REPETITION: (
                f"The game is drawn: the same position came up a third time with "
                f"{self.to_move} to move (MT-11)."
            ),
            PLY_LIMIT: f"The game is drawn: it reached the {limit}-ply limit (MT-11).",
        }[self.end]

    def playout(self, rng: random.Random) -> str | None:
        return self.final_state(rng).winner

    def final_state(self, rng: random.Random) -> TransitChessState:
        """Random play to the end (playout.py): the same moves, drawn with the same `rng`
        calls, as `State.playout`'s loop over `legal_moves()` and `play()`."""
        if self.is_over:
            return self
        cells, hands, totals = list(self.cells), list(self.hands), list(self.totals)
        seen = {} if self.seen is None else self.seen.counts()
        side, ply, passes, end, won = play_out(
            self.rules, cells, hands, totals, self.side, self._ply, self.passes, seen, rng
        )
        # The game is over: the positions on the way are not kept (nothing can repeat now).
        return self._next(tuple(cells), hands, totals, side, ply, passes, end, won, None)

    def rollout(self, rng: random.Random, plies: int) -> TransitChessState:
        """At most `plies` plies of the rollout policy (policy.py: the last conversion
        whenever there is one, else mostly greedy's move, else a random move, mostly to a
        stop the opponent cannot reach), played by the compiled kernel."""
        if self.is_over or plies < 1:
            return self
        position = (self.cells, self.hands, self.totals)
        history = self.seen.hashes() if self.seen is not None else np.empty(0, dtype=np.uint64)
        codes, occurrences, end = rollout_codes(
            self.rules, position, self.side, self._ply, self.passes, history, plies,
            rng.getrandbits(64),
        )  # fmt: skip
        return self.through(codes, occurrences, end)

    def through(
        self, codes: Sequence[int], occurrences: Sequence[int], end: str | None
    ) -> TransitChessState:
        """The state after legal `codes` whose positions' occurrences (MT-11) and ending
        a kernel has worked out already: the transition without a State per ply."""
        cells, hands, totals = list(self.cells), list(self.hands), list(self.totals)
        side, passes, won, seen = self.side, self.passes, False, self.seen
        pass_code = self.rules.tables.pass_code
        for code, occurred in zip(codes, occurrences, strict=True):
            won = apply_code(self.rules.tables, cells, hands, totals, side, code)
            passes = passes + 1 if code == pass_code else 0
            side = 1 - side
            if occurred:
                seen = Seen((side, tuple(cells)), occurred, seen)
        ply = self._ply + len(codes)
        return self._next(tuple(cells), hands, totals, side, ply, passes, end, won, seen)

    # ------------------------------------------------------------------ views

    def stack(self, stop: int) -> tuple[int, int, int, int]:
        """Per-type counts (LETTERS order) on stop number `stop`, of whichever side."""
        return unpack(self.cells[stop])

    def owner(self, stop: int) -> int | None:
        cell = self.cells[stop]
        return None if cell == 0 else (0 if cell > 0 else 1)

    def __repr__(self) -> str:
        return f"<TransitChessState ply={self._ply} {self.to_move} to move>"

    def _refusal(self, code: int) -> str:
        """Why move `code` is not legal here, naming the rule (refusals.py)."""
        if self.is_over:
            text = str(self.rules.codec.move(code))
            return f"MT-11: the game is over, so {text!r} cannot be played ({self.end_reason()})"
        count = len(self.legal_codes())
        return refusal(self.rules, self.cells, self.hands, self.side, count, code)


def _totals(cells: tuple[int, ...]) -> tuple[int, int]:
    white = sum(sum(unpack(c)) for c in cells if c > 0)
    black = sum(sum(unpack(c)) for c in cells if c < 0)
    return white, black
