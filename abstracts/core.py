"""The one protocol every abstract game implements, and the registry that finds them.

A `Game` is a factory holding its options; a `State` is immutable to callers:
`play` returns a new State and leaves the old one unchanged. Moves are small hashable
values whose `str()` is the rules' move text. Agents, the console, save files, the match
runner and the conformance test know only this protocol; each game is free to use fast
internal structures (integer moves, bitboards) behind it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict
from rich.console import RenderableType

from abstracts.evaluators import Evaluator, RandomPlayout


class IllegalMove(ValueError):
    """A move the rules refuse; the message names the rule and quotes the move."""


class UnknownGame(ValueError):
    """A game name that is not registered."""


# Upper bounds of the options every game shares: a save carries its options, and each must
# be bounded so that no file can ask for unbounded work (issue 27).
MAX_PLIES = 10_000  # a ply limit (the defaults are 500 to 1,000; a save loads in linear time)
MAX_SEED = 2**63 - 1  # seeds are 64-bit numbers (either sign)


class GameOptions(BaseModel):
    """Base for each game's options model (validated, JSON-serialisable for save files)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Move = Hashable  # a game's move value; str(move) is the move text
M = TypeVar("M", bound=Hashable)  # one game's move type
S = TypeVar("S", bound="State[Any]")  # one game's state type


class State(ABC, Generic[M]):
    """A position plus whose turn it is. Never mutated after construction.

    Generic over the game's move type `M`, so a game's state lists and plays its own moves.
    """

    game: Game[Any, M]

    @property
    @abstractmethod
    def to_move(self) -> str:
        """Side name of the player to move (e.g. 'red')."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def winner(self) -> str | None:
        """Side name of the winner, or None (game not over, or drawn)."""

    @property
    @abstractmethod
    def ply(self) -> int:
        """Number of moves played to reach this state (placement moves included)."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Legal moves, unique, in a fixed (sorted) order; empty exactly when `is_over`."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Parse move text in this position; raise IllegalMove saying why if it is garbled."""

    @abstractmethod
    def play(self, move: M | str) -> Self:
        """The state after `move` (a move or its text); raise IllegalMove naming the rule."""

    @abstractmethod
    def to_text(self) -> str:
        """The position in the game's text format (`Game.from_text` reads it back)."""

    def end_reason(self) -> str:
        """One sentence saying why the game ended and who won (for the console)."""
        if not self.is_over:
            return "The game is not over."
        return f"{self.winner} wins." if self.winner else "The game is drawn."

    def playout(self, rng: random.Random) -> str | None:
        """Play uniformly random moves to the end and return the winner (`winner` there).

        Always the uniform random game: games override this with a fast internal version
        whose result has the same distribution as this reference loop. How the search
        scores a leaf is an evaluator's business (`abstracts/evaluators.py`).
        """
        state = self
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        return state.winner

    def rollout(self, rng: random.Random, plies: int) -> Self:
        """At most `plies` plies of the game's rollout policy; the state reached (sooner if
        the game ends). Uniformly random moves here; a game may bias its rollouts (towards
        moves a player would consider) for the `Rollout` evaluator to judge where they stop.
        """
        state = self
        for _ in range(plies):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        return state


class Game(ABC, Generic[S, M]):
    """A game with fixed options: makes initial states and reads text positions.

    Generic over its State type `S` and Move type `M`, so a game's methods take and return
    its own states and moves (`class ThruwayGame(Game[ThruwayState, ThruwayMove])`).
    """

    name: ClassVar[str]
    sides: ClassVar[tuple[str, str]]
    Options: ClassVar[type[GameOptions]]
    # Small option sets the generic conformance test plays many random games with.
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    # Display toggles the console offers (`show NAME`), passed to render() as view[NAME]=True.
    view_flags: ClassVar[dict[str, str]] = {}

    def __init__(self, **options: Any) -> None:
        self.options = self.Options(**options)

    @abstractmethod
    def initial_state(self) -> S: ...

    @abstractmethod
    def from_text(self, text: str, to_move: str | None = None) -> S: ...

    @abstractmethod
    def render(self, state: S, last_move: M | None = None, **view: Any) -> RenderableType:
        """A rich renderable of the board (coordinates, colours, last move highlighted).

        `view` carries optional display requests the console passes on (e.g. terminals=True).
        """

    @abstractmethod
    def greedy_move(self, state: S, rng: random.Random) -> M:
        """The game-specific greedy heuristic's choice (ties broken with `rng`)."""

    def select_moves(self, state: S, query: str) -> list[M]:
        """Legal moves matching a console query (`moves QUERY`): by default a text prefix."""
        query = query.strip().lower()
        return [m for m in state.legal_moves() if str(m).lower().startswith(query)]

    def interactive_setup(
        self, ask: Callable[[str], str], show: Callable[[RenderableType], None]
    ) -> Self:
        """Let players set the game up at the console before play (default: nothing to do).

        Returns the Game to play (possibly a new one with different options).
        """
        return self

    def rules_help(self) -> str:
        """Short help text: move syntax and the main rules, for the console's `help`."""
        return f"{self.name}: type a move in the rules' move text."

    def swaps_seats(self, state: S, move: M) -> bool:
        """Whether `move` trades sides between the two players (a pie rule: RT-13, TW-11).

        After such a move the board is unchanged and each player goes on playing the other
        side; the console, the match runner and the search players use this to keep track of
        who is who.
        """
        return str(move) == "pie"

    def seat_swap_ahead(self, state: S) -> bool:
        """Whether a seat-swapping move may still be played from `state` (now or later).

        Evaluators play move by move while it is true, to know who is who at the end. By
        default: a seat swap is among the legal moves now. A game whose seat swap can come
        later (a pie rule answering the first move) says so.
        """
        return any(self.swaps_seats(state, move) for move in state.legal_moves())

    def default_evaluator(self) -> Evaluator:
        """How a search scores a leaf in this game when an agent spec does not say: uniformly
        random playouts to the end, unless a game names a better evaluator."""
        return RandomPlayout()

    def saved_options(self) -> dict[str, Any]:
        """The options as a save file holds them (JSON data that rebuilds this game and
        names no file to read: a game whose option may be a path saves the contents)."""
        return self.options.model_dump(mode="json")

    def ply_limit(self) -> int | None:
        """The longest a game can last in plies (the `max_plies` option if the game has one)."""
        limit = getattr(self.options, "max_plies", None)
        return limit if isinstance(limit, int) else None


AnyGame = Game[Any, Any]
G = TypeVar("G", bound=AnyGame)
_REGISTRY: dict[str, Callable[..., AnyGame]] = {}


def register(name: str) -> Callable[[type[G]], type[G]]:
    """Class decorator: make a Game available to `get_game(name)`."""

    def decorate(cls: type[G]) -> type[G]:
        _REGISTRY[name] = cls
        return cls

    return decorate


def game_names() -> Sequence[str]:
    _load_builtin_games()
    return sorted(_REGISTRY)


def get_game_class(name: str) -> type[AnyGame]:
    """The registered Game class `name`: its Options, sides and view_flags, before any options."""
    factory = _registered(name)
    if not (isinstance(factory, type) and issubclass(factory, Game)):
        raise UnknownGame(f"game {name!r} is registered with a factory, not a Game class")
    return factory


def get_game(name: str, **options: Any) -> AnyGame:
    """The registered game `name` with `options` (validated by the game's Options model)."""
    return _registered(name)(**options)


def _registered(name: str) -> Callable[..., AnyGame]:
    """What game `name` is registered with (a Game class or a factory); UnknownGame if none."""
    _load_builtin_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"unknown game {name!r}; known games: {known}") from None


def _load_builtin_games() -> None:
    import importlib

    for module in ("rapid_transit", "thruway", "transit_chess"):
        try:
            importlib.import_module(f"abstracts.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"abstracts.{module}":
                raise
