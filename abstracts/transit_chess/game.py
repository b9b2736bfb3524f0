"""The Chess on a Mass Transit System `Game`: options, the system, setup and console hooks."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator
from rich.console import RenderableType

from abstracts.core import MAX_PLIES, MAX_SEED, Game, GameOptions, register
from abstracts.evaluators import Evaluator
from abstracts.transit_chess.design import design_system
from abstracts.transit_chess.finisher import Finisher
from abstracts.transit_chess.generator import MAX_ROUTES, MAX_STOPS, random_system
from abstracts.transit_chess.greedy import greedy_code
from abstracts.transit_chess.mapfile import load_map, portable_map, system_from_data
from abstracts.transit_chess.moves import TransitChessMove
from abstracts.transit_chess.pieces import army, pack, parse_army
from abstracts.transit_chess.render import game_view, select
from abstracts.transit_chess.rollout import judged_rollout, warm_up
from abstracts.transit_chess.rules import SIDES, WIPEOUT, RuleSet, Seen
from abstracts.transit_chess.state import TransitChessState
from abstracts.transit_chess.system import MapError, TransitSystem
from abstracts.transit_chess.text import read_position, read_side

DESIGN, RANDOM = "design", "random"


class TransitChessOptions(GameOptions):
    """Options of a game (MT-1, MT-3, MT-4, MT-11)."""

    map: str | dict[str, Any] = Field(
        default="fantasy",
        description="bundled map (subway maps), a .yaml file, 'random' or 'design' (MT-1)",
    )
    pieces: dict[str, int] | None = Field(
        default=None, description="piece counts per side, e.g. P=2,R=1 (default MT-3)"
    )
    first: Literal["white", "black"] | None = Field(
        default=None, description="who moves first (default: drawn from the seed, MT-4)"
    )
    seed: int | None = Field(
        default=None,
        ge=-MAX_SEED,
        le=MAX_SEED,
        description="draws the first player and the random map (MT-4)",
    )
    max_plies: int = Field(
        default=500, ge=1, le=MAX_PLIES, description="plies before a draw (MT-11)"
    )
    stops: int = Field(default=24, ge=2, le=MAX_STOPS, description="stops of a random map")
    routes: int = Field(
        default=4, ge=1, le=MAX_ROUTES, description="routes of a random or designed map"
    )

    @field_validator("pieces", mode="before")
    @classmethod
    def _pieces(cls, value: object) -> dict[str, int] | None:
        return parse_army(value)


@register("transit-chess")
class TransitChessGame(Game[TransitChessState, TransitChessMove]):
    """Ride routes to convert the opponent's pieces (rules: shared/rules/transit-chess.md)."""

    name: ClassVar[str] = "transit-chess"
    sides: ClassVar[tuple[str, str]] = SIDES
    Options = TransitChessOptions
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"map": "fantasy", "seed": 3},
        {"map": "random", "seed": 1},
    )
    view_flags: ClassVar[dict[str, str]] = {
        "names": "show stop names beside their ids",
        "reach": "mark with ! the stops the side to move can land on",
    }

    options: TransitChessOptions

    def __init__(self, **options: Any) -> None:
        if options.get("seed") is None:
            # MT-4 asks for a random first player; the drawn seed is kept so saves replay.
            options["seed"] = random.SystemRandom().randrange(2**31)
        super().__init__(**options)
        opts = self.options
        self.max_plies = opts.max_plies
        rng = random.Random(f"transit-chess:first:{opts.seed}")
        drawn = rng.randrange(2)
        self.first_side = SIDES.index(opts.first) if opts.first is not None else drawn
        self.system: TransitSystem | None = _system(opts)
        if self.system is not None:
            self._compile(self.system, opts)

    def _compile(self, system: TransitSystem, opts: TransitChessOptions) -> None:
        self.rules = RuleSet.of(system, opts.max_plies)
        self.tables, self.codec, self.finder = (
            self.rules.tables,
            self.rules.codec,
            self.rules.finder,
        )
        self.army = army(len(system.stops), opts.pieces)

    def _need_system(self) -> TransitSystem:
        if self.system is None:
            raise MapError("map 'design' is built at the console first (interactive_setup)")
        return self.system

    # ------------------------------------------------------------------ protocol

    def initial_state(self) -> TransitChessState:
        self._need_system()
        hand = pack(self.army)
        cells = (0,) * self.tables.n
        return TransitChessState(self, self.rules, cells, (hand, hand), self.first_side)

    def from_text(self, text: str, to_move: str | None = None) -> TransitChessState:
        """A position in the text format (text.py); `to_move` defaults to the first player."""
        self._need_system()
        cells, hands, loser = read_position(self.tables, self.finder, text)
        side = self.first_side if to_move is None else read_side(to_move)
        if loser is None:
            # MT-11: the text carries no history, so repetitions count from here.
            seen = None if hands[0] or hands[1] else Seen.after(None, cells, side)
            return TransitChessState(self, self.rules, cells, hands, side, seen=seen)
        # MT-11: a side with no pieces at all has lost.
        return TransitChessState(
            self, self.rules, cells, hands, side, end=WIPEOUT, winner=1 - loser
        )

    def render(
        self,
        state: TransitChessState,
        last_move: TransitChessMove | str | None = None,
        **view: Any,
    ) -> RenderableType:
        return game_view(state, last_move, **view)

    def greedy_move(self, state: TransitChessState, rng: random.Random) -> TransitChessMove:
        return self.codec.move(greedy_code(state, rng))

    def default_evaluator(self) -> Evaluator:
        """Judged rollouts with move priors (rollout.py): random playouts on the real maps
        wander to the ply limit and tell the search nothing. Its kernels are loaded here,
        before any move's clock starts."""
        if self.system is not None:
            warm_up(self.initial_state())
        return judged_rollout()

    def compiled_search(self, agent: object) -> Finisher:
        """MCTS first asks the finisher (finisher.py) once every piece is placed: a short
        exact search for a forced gain of material, MT-10's exchanges to their end (any gain
        in a won ending, a clear one elsewhere); every other position is searched by the UCT
        as before."""
        return Finisher()

    def seat_swap_ahead(self, state: TransitChessState) -> bool:
        """No pie rule here: the players never swap seats."""
        return False

    def select_moves(self, state: TransitChessState, query: str) -> list[TransitChessMove]:
        """`moves UNI` (moves from, or placements onto, a stop), `moves R@UNI` (that piece)."""
        return select(state, query)

    def interactive_setup(
        self, ask: Callable[[str], str], show: Callable[[RenderableType], None]
    ) -> TransitChessGame:
        if self.system is not None:
            return self
        system = design_system(self.options.routes, self.first_side, ask, show)
        return type(self)(**{**self.options.model_dump(), "map": system.to_data()})

    def saved_options(self) -> dict[str, Any]:
        """A map given as a file travels as its contents (a save never names a path)."""
        options = super().saved_options()
        options["map"] = portable_map(self.options.map, self.system)
        return options

    def rules_help(self) -> str:
        return (
            "transit-chess: place pieces with R@UNI, then move with R@UNI-SGE (piece, from, to); "
            "'pass' only with no move. Stops: id or unambiguous name prefix.\n"
            "P Pedestrian: next stop on any route (MT-5). R Rider: along one route (MT-6). "
            "T Transfer Rider: one route to a transfer stop, then another route (MT-7). "
            "C Chief: Rider or Transfer Rider moves (MT-8). Nothing passes an opponent stop, "
            "landing there converts every piece on it (MT-9, MT-10); convert the last to win."
        )


def _system(opts: TransitChessOptions) -> TransitSystem | None:
    if isinstance(opts.map, dict):
        return system_from_data(opts.map, "map option")
    key = opts.map.strip().lower()
    if key == DESIGN:
        return None
    if key == RANDOM:
        rng = random.Random(f"transit-chess:map:{opts.seed}")
        return random_system(opts.stops, opts.routes, rng)
    return load_map(opts.map)
