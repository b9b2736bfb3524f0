"""The Thruway game: options, the start, text positions, and the hooks the console uses."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field
from rich.console import RenderableType

from abstracts.core import MAX_PLIES, Game, GameOptions, register
from abstracts.evaluators import Evaluator, RandomPlayout, Rollout
from abstracts.thruway.board import MAX_SIZE, MIN_SIZE
from abstracts.thruway.greedy import greedy_move
from abstracts.thruway.kernel_rollout import UNIFORM
from abstracts.thruway.moves import PAVE, SWAP, ThruwayMove
from abstracts.thruway.render import render_board
from abstracts.thruway.rollout import graded_judge, judge, judged_rollout
from abstracts.thruway.rules import SIDES, RuleSet
from abstracts.thruway.search import ThruwaySearch
from abstracts.thruway.state import ThruwayState
from abstracts.thruway.text import read_position

if TYPE_CHECKING:
    from abstracts.mcts import MCTSAgent


class ThruwayOptions(GameOptions):
    size: int = Field(11, ge=MIN_SIZE, le=MAX_SIZE, description="board is size x size (TW-1)")
    tiles: int | None = Field(
        None,
        ge=0,
        le=MAX_SIZE * MAX_SIZE,
        description="tiles in each reserve (TW-3; default 60 on 11 x 11, n*n//2 else)",
    )
    pie: bool = Field(True, description="asphalt may answer the first move with `pie` (TW-11)")
    max_plies: int = Field(
        1000, ge=1, le=MAX_PLIES, description="the game is drawn at this length (TW-12)"
    )


@register("thruway")
class ThruwayGame(Game[ThruwayState, ThruwayMove]):
    """Concrete joins west and east, asphalt south and north, with indestructible tiles."""

    name: ClassVar[str] = "thruway"
    sides: ClassVar[tuple[str, str]] = SIDES
    Options: ClassVar[type[GameOptions]] = ThruwayOptions
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"size": 5},
        {"size": 7},
        {"size": 4, "tiles": 5, "pie": False},
    )
    view_flags: ClassVar[dict[str, str]] = {
        "approaches": "mark the empty parcels next to tiles, where a tile can be replaced",
    }

    options: ThruwayOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.options
        self.rules = RuleSet.of(opts.size, opts.tiles, opts.pie, opts.max_plies)
        self.geometry, self.table, self.tiles = (
            self.rules.geometry,
            self.rules.table,
            self.rules.tiles,
        )

    def initial_state(self) -> ThruwayState:
        return ThruwayState(self, self.rules, 0, 0, (self.tiles, self.tiles), 0, fresh=True)

    def from_text(self, text: str, to_move: str | None = None) -> ThruwayState:
        """A position from TW-4 text and the optional state line `to_text` writes (text.py);
        `to_move`, if given, overrides the state line's side to move."""
        read = read_position(self.rules, text, to_move)
        return ThruwayState(
            self, self.rules, read.concrete, read.asphalt, read.reserves, read.side, read.ply,
            read.banned, pie_ok=read.pie == "open", fresh=read.pie == "next",
            roles_traded=read.pie == "taken", passes=read.passes,
        )  # fmt: skip

    def render(
        self, state: ThruwayState, last_move: ThruwayMove | None = None, **view: Any
    ) -> RenderableType:
        return render_board(state, last_move, approaches=bool(view.get("approaches")))

    def greedy_move(self, state: ThruwayState, rng: random.Random) -> ThruwayMove:
        return greedy_move(state, rng)

    def default_evaluator(self) -> Evaluator:
        """The graded judge at once (rollout.py): random Thruway games mostly end drawn."""
        return judged_rollout()

    def compiled_search(self, agent: MCTSAgent) -> ThruwaySearch | None:
        """The compiled search (search.py) for the evaluators the kernels implement: the
        uniform playout and the judged rollout at any depth, its judge graded (the default)
        or a verdict."""
        evaluator = agent.evaluator
        if isinstance(evaluator, RandomPlayout):
            return ThruwaySearch(agent, UNIFORM)
        if isinstance(evaluator, Rollout) and evaluator.judge in (graded_judge, judge):
            return ThruwaySearch(agent, evaluator.depth, graded=evaluator.judge is graded_judge)
        return None

    def seat_swap_ahead(self, state: ThruwayState) -> bool:
        """TW-11: `pie` is open now, or will be after the game's first move."""
        return not state.is_over and (state.pie_ok or (state.fresh and self.rules.pie))

    def select_moves(self, state: ThruwayState, query: str) -> list[ThruwayMove]:
        """`moves f6`: moves touching f6; `moves swap` / `moves replace`; else a text prefix."""
        query = query.strip().lower()
        moves = state.legal_moves()
        if query in ("swap", "swaps"):
            return [m for m in moves if m.kind == SWAP]
        if query in ("replace", "replacement", "replacements"):
            return [m for m in moves if m.kind == PAVE and m.pair & state.tiles(1 - state.side)]
        try:
            bit = 1 << self.geometry.parse_cell(query)
        except ValueError:
            return [m for m in moves if m.text.startswith(query)]
        return [m for m in moves if m.pair & bit]

    def rules_help(self) -> str:
        return _HELP.format(last=chr(ord("a") + self.options.size - 1), n=self.options.size)


_HELP = """Thruway: concrete joins the west edge (file a) to the east edge (file {last}); asphalt
joins the south edge (rank 1) to the north edge (rank {n}). Concrete moves first.
Moves, one per turn:
  f6-g6   pave two orthogonally adjacent parcels with two of your tiles (TW-5); one of them may
          hold an opponent tile, which goes back to its owner's reserve (TW-6). Needs two tiles
          in reserve (TW-7).
  f5~f6   swap the two tiles along one edge of a crossroads dispute, a 2 x 2 checkerboard of
          tiles (TW-8, TW-9); not the swap your opponent just made (TW-10).
  pie     asphalt's first turn only: trade tiles and roles; asphalt moves next (TW-11).
  pass    only when no other move is legal (TW-12).
A tile is indestructible when every neighbouring parcel holds a tile and it is in no dispute
(TW-14). You win as soon as your indestructible tiles join your two edges (TW-15).
`show approaches` marks the empty parcels next to tiles: a tile with an approach can still be
replaced. `moves f6` lists the moves touching f6; `moves swap`, `moves replace` filter by kind."""
