"""The Rapid Transit `Game`: options, starting positions, text, and the console hooks."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator
from rich.console import RenderableType

from abstracts.core import MAX_PLIES, MAX_SEED, Game, GameOptions, register
from abstracts.rapid_transit.board import Board, check_size
from abstracts.rapid_transit.greedy import greedy_move
from abstracts.rapid_transit.moves import RapidTransitMove
from abstracts.rapid_transit.render import render_state
from abstracts.rapid_transit.rules import RuleSet
from abstracts.rapid_transit.setups import (
    check_board,
    check_cells,
    preset_holes,
    starting_position,
)
from abstracts.rapid_transit.state import RapidTransitState
from abstracts.rapid_transit.text import parse_board, rank_lines, read_position

# Random standard games on 8 x 8 last about 23 plies, v1 games about 140 (some never end
# by themselves); the default limit is far beyond play and only guarantees an end.
PLIES_PER_CELL = 8


class RapidTransitOptions(GameOptions):
    """Options of a Rapid Transit game (RT-1, RT-3, RT-13, rule sets standard and v1)."""

    size: int = Field(8, description="board size: even, from 4 (RT-1)")
    rules: Literal["standard", "v1"] = Field("standard", description="rule set (RT-15..RT-18)")
    setup: Literal["checkerboard", "random", "no-singletons", "cornering"] = Field(
        "checkerboard", description="starting position (RT-2, RT-3)"
    )
    holes: Literal["none", "corners", "triangles", "blocks"] = Field(
        "none",
        description="modified board (RT-3): remove the corner cells, the corner triangles "
        "of three cells or the 2 x 2 corner blocks",
    )
    seed: int | None = Field(
        None, ge=-MAX_SEED, le=MAX_SEED, description="seed of the random set-ups (default 0)"
    )
    pie: bool | None = Field(
        None, description="pie rule (RT-13); default off in standard, on in v1"
    )
    max_plies: int | None = Field(
        None, ge=1, le=MAX_PLIES, description="ply limit; RT-12 decides there (default 8 per cell)"
    )
    board: str | None = Field(
        None, description="starting position as RT-4 text, ranks split by newlines or '/'"
    )

    @field_validator("size")
    @classmethod
    def _even_size(cls, size: int) -> int:
        return check_size(size)

    @model_validator(mode="after")
    def _board_fits(self) -> RapidTransitOptions:
        if self.board is None:
            check_cells(Board(self.size, preset_holes(self.size, self.holes)))  # RT-3
            return self
        board, red, cyan = parse_board(rank_lines(self.board))
        check_board(board, red, cyan)
        if "size" in self.model_fields_set and board.size != self.size:
            raise ValueError(f"board text is {board.size} x {board.size} but size={self.size}")
        if self.setup != "checkerboard" or self.holes != "none":
            raise ValueError("board text is the whole starting position; give no setup or holes")
        return self


@register("rapid-transit")
class RapidTransitGame(Game[RapidTransitState, RapidTransitMove]):
    """Swap pieces to grow your networks (rules: shared/rules/rapid-transit.md)."""

    name: ClassVar[str] = "rapid-transit"
    sides: ClassVar[tuple[str, str]] = ("red", "cyan")
    Options = RapidTransitOptions
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"size": 4},
        {"size": 6},
        {"size": 6, "rules": "v1"},
        {"size": 6, "setup": "random", "seed": 3},
        {"size": 6, "setup": "cornering", "holes": "triangles", "seed": 2},
    )
    view_flags: ClassVar[dict[str, str]] = {
        "terminals": "mark terminal pieces (RT-6) with *",
    }

    options: RapidTransitOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.options
        if opts.board is not None:
            self.board, self._red, self._cyan = parse_board(rank_lines(opts.board))
        else:
            self.board = Board(opts.size, preset_holes(opts.size, opts.holes))
            rng = random.Random(0 if opts.seed is None else opts.seed)
            self._red, self._cyan = starting_position(self.board, opts.setup, rng)
            check_board(self.board, self._red, self._cyan)
        max_plies = opts.max_plies or PLIES_PER_CELL * self.board.cells.bit_count()
        self.rules = RuleSet.named(opts.rules, opts.pie, max_plies)

    # --- protocol ---
    def initial_state(self) -> RapidTransitState:
        return RapidTransitState(self, self.rules, self.board, self._red, self._cyan)  # RT-2

    def from_text(self, text: str, to_move: str | None = None) -> RapidTransitState:
        """RT-4 rank lines (top rank first), optionally followed by the state line that
        `to_text` writes (`to_move=red ply=0 passes=0 previous=- swapper=-`)."""
        board, red, cyan, fields = read_position(text, to_move)
        return RapidTransitState(self, self.rules, board, red, cyan, **fields)

    def render(
        self, state: RapidTransitState, last_move: RapidTransitMove | None = None, **view: Any
    ) -> RenderableType:
        return render_state(state, last_move, terminals_shown=bool(view.get("terminals")))

    def greedy_move(self, state: RapidTransitState, rng: random.Random) -> RapidTransitMove:
        return greedy_move(state, rng)

    def seat_swap_ahead(self, state: RapidTransitState) -> bool:
        """RT-13: with the pie rule, until the second player's first turn is over."""
        return self.rules.pie and state.ply <= 1 and not state.is_over

    def ply_limit(self) -> int:
        """The `max_plies` option, or its default of eight plies per cell."""
        return self.rules.max_plies

    def select_moves(self, state: RapidTransitState, query: str) -> list[RapidTransitMove]:
        """`moves d4` lists swaps of the piece on d4, `moves -e6` swaps onto e6."""
        query = query.strip().lower()
        moves = state.legal_moves()
        if query.startswith("-"):
            return [m for m in moves if str(m).endswith(query)]
        return [m for m in moves if str(m).startswith(query)]

    def rules_help(self) -> str:
        rules = self.rules
        lines = [
            f"Rapid Transit ({rules.name} rules, {self.board.size} x {self.board.size}).",
            "Move: your terminal piece, a dash, an opponent piece in a network next to your "
            "piece's network, e.g. d4-e6 (RT-8, RT-14). `pass` only when no swap is legal "
            "(RT-11).",
            "No 2 x 2 block may end up one colour (RT-9).",
        ]
        if rules.support:
            lines.append("Both swapped pieces must end with two or more own neighbours (RT-10).")
        if rules.no_reuse:
            lines.append("The two pieces swapped last move sit out the next move (RT-16).")
        if rules.relax_after_pass:
            lines.append("After a pass, the next move may use any piece, not just terminals "
                         "(RT-17).")  # fmt: skip
        if rules.connect_wins:
            lines.append("Joining all your pieces in one network wins at once (RT-18).")
        if rules.pie:
            lines.append("Second player's first turn: `pie` takes over the first colour (RT-13).")
        lines.append(
            "End: both pass in a row, or the ply limit; larger sorted network sizes win, then "
            "the last swapper (RT-12). Larger networks show in capitals; `show terminals` marks "
            "terminals."
        )
        return "\n".join(lines)
