"""Our three games as OpenSpiel Python games: importing this module registers
`python_rapid_transit`, `python_thruway` and `python_transit_chess` with `pyspiel`.

    import pyspiel, abstracts.openspiel
    game = pyspiel.load_game("python_rapid_transit(size=6,rules=v1)")

Needs the `openspiel` extra (`pip install 'transit-games[openspiel]'`). Actions are the fixed
numbering of `abstracts/encoding.py` and print as the rules' move text (`action_to_string`);
observations are its tensors. The games are deterministic, sequential, perfect-information and
zero-sum (+1 / -1, draws 0), with no chance nodes: every random set-up (RT-3, MT-4's first
player, a random map) is drawn from the `seed` parameter. Player 0 starts on the first side
(red, concrete, white); after `pie` (RT-13, TW-11) the players trade sides but keep their
numbers, so `current_player` is whoever holds the side to move. States serialize (and pickle)
as the game string plus the history of actions, replayed through the rules when read back.

Parameters are the games' options; where an option's default is "none given", the
parameter takes a stand-in value that means the same:

- `python_rapid_transit`: size=8, rules=standard|v1, setup=checkerboard|random|
  no-singletons|cornering, holes=none|corners|triangles|blocks, seed=0, pie=default|on|off
  (default: as the rule set says), max_plies=0 (0: eight per cell), board=none (RT-4 rank lines
  split by `/`, `none` for none).
- `python_thruway`: size=11, tiles=-1 (-1: TW-3's default), pie=true, max_plies=1000.
- `python_transit_chess`: map=fantasy (a bundled map, `random`, or a map file's path; not
  `design`), pieces=default (or counts such as `P2R1`), first=seed|white|black, seed=0,
  max_plies=500, stops=24, routes=4 (the last two for `map=random`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame
from pydantic import ValidationError

from abstracts.core import AnyGame, get_game
from abstracts.encoding import Encoding, Seated, encoding, play_action

Value = int | bool | str
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def _pie(value: Value) -> bool:
    return {"on": True, "off": False}[str(value)]


def _pieces(value: Value) -> dict[str, int]:
    """`P2R1` -> {"P": 2, "R": 1} (MT-3 counts; OpenSpiel strings cannot hold `=` or `,`)."""
    text = str(value).replace(" ", "").upper()
    if not re.fullmatch(r"([PRTC]\d+)+", text):
        raise ValueError(f"pieces={value!r}: write counts like P2R1 (MT-3)")
    return {letter: int(count) for letter, count in re.findall(r"([PRTC])(\d+)", text)}


def _board(value: Value) -> str:
    return str(value).replace("/", "\n")


def _as_is(value: Any) -> Any:
    return value


def _write_pie(value: bool) -> str:
    return "on" if value else "off"


def _write_pieces(value: dict[str, int]) -> str:
    return "".join(f"{letter}{count}" for letter, count in value.items())


def _write_board(value: str) -> str:
    return "/".join(line.strip() for line in value.replace("/", "\n").splitlines() if line.strip())


@dataclass(frozen=True, slots=True)
class Parameter:
    """An OpenSpiel parameter and the game option it sets.

    `unset` is the parameter value that leaves the option at its own default (the options
    whose default is None); `convert` turns any other value into the option's value and
    `write` an option's value back into the parameter's.
    """

    name: str
    default: Value
    unset: Value | None = None
    convert: Callable[[Value], Any] = _as_is
    write: Callable[[Any], Value] = _as_is

    def value_of(self, option: Any) -> Value:
        """The parameter value for an option value (None: the option's default)."""
        if option is None:
            return self.default if self.unset is None else self.unset
        return self.write(option)


@dataclass(frozen=True, slots=True)
class Spec:
    """One registered game: its OpenSpiel names, our game, and its parameters."""

    short_name: str
    long_name: str
    game: str
    parameters: tuple[Parameter, ...] = field(default=())

    def options(self, params: dict[str, Value]) -> dict[str, Any]:
        """Our game's options from OpenSpiel parameters (defaults filled in by pyspiel)."""
        options = {}
        for parameter in self.parameters:
            value = params.get(parameter.name, parameter.default)
            if parameter.unset is None or value != parameter.unset:
                options[parameter.name] = parameter.convert(value)
        return options

    def parameters_for(self, options: dict[str, Any]) -> dict[str, Value]:
        """OpenSpiel parameters for our game's options (the inverse of `options`)."""
        known = {parameter.name: parameter for parameter in self.parameters}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"{self.short_name} has no parameter {unknown[0]!r}")
        return {name: known[name].value_of(value) for name, value in options.items()}

    def game_type(self) -> pyspiel.GameType:
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={p.name: p.default for p in self.parameters},
        )


RAPID_TRANSIT = Spec(
    "python_rapid_transit",
    "Rapid Transit",
    "rapid-transit",
    (
        Parameter("size", 8, unset=8),  # unset: a `board` sets the size
        Parameter("rules", "standard"),
        Parameter("setup", "checkerboard"),
        Parameter("holes", "none"),
        Parameter("seed", 0),
        Parameter("pie", "default", unset="default", convert=_pie, write=_write_pie),
        Parameter("max_plies", 0, unset=0),
        Parameter("board", "none", unset="none", convert=_board, write=_write_board),
    ),
)
THRUWAY = Spec(
    "python_thruway",
    "Thruway",
    "thruway",
    (
        Parameter("size", 11),
        Parameter("tiles", -1, unset=-1),
        Parameter("pie", True),
        Parameter("max_plies", 1000),
    ),
)
TRANSIT_CHESS = Spec(
    "python_transit_chess",
    "Chess on a Mass Transit System",
    "transit-chess",
    (
        Parameter("map", "fantasy"),
        Parameter("pieces", "default", unset="default", convert=_pieces, write=_write_pieces),
        Parameter("first", "seed", unset="seed"),
        Parameter("seed", 0),
        Parameter("max_plies", 500),
        Parameter("stops", 24),
        Parameter("routes", 4),
    ),
)
SPECS = {spec.short_name: spec for spec in (RAPID_TRANSIT, THRUWAY, TRANSIT_CHESS)}


class SpielGame(pyspiel.Game):
    """One of our games, with fixed options, as an OpenSpiel game."""

    spec: ClassVar[Spec]

    def __init__(self, params: dict[str, Value] | None = None) -> None:
        options = self.spec.options(params or {})
        if options.get("map") == "design":
            raise ValueError("map=design is drawn at the console (subway play); give a map")
        try:
            self.rules_game: AnyGame = get_game(self.spec.game, **options)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(map(str, error['loc'])) or 'options'}: {error['msg']}"
                for error in exc.errors()
            )
            raise ValueError(f"{self.spec.short_name}: {problems}") from None
        self.encoding: Encoding = encoding(self.rules_game)
        # The start, immutable: every new state (and every clone: OpenSpiel's Python clone
        # makes a new initial state before copying the attributes over) stands on it.
        self.start: Seated = Seated.start(self.rules_game)
        limit = self.rules_game.ply_limit()
        if limit is None:
            raise ValueError(f"{self.spec.game} has no ply limit; OpenSpiel needs one")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=limit,
        )
        super().__init__(self.spec.game_type(), info, params or {})

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        """The tensors of encoding.py; the history for a perfect-recall request."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return Observer(self.encoding, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class RapidTransit(SpielGame):
    spec = RAPID_TRANSIT


class Thruway(SpielGame):
    spec = THRUWAY


class TransitChess(SpielGame):
    spec = TRANSIT_CHESS


class Line:
    """The seated protocol state a SpielState stands on, with its legal moves by action.

    Immutable, so a cloned state shares it (`__deepcopy__`). It pickles as nothing: a state
    read back (pickle or `deserialize_game_and_state`) replays its action history instead,
    through the rules, since no text position holds everything (MT-11's repetitions).

    What OpenSpiel asks of a position again and again is worked out once and kept: the legal
    moves by action and their list, the player to move, and the line after an action played
    from here a second time. A search clones its root and replays the same actions down its
    tree every simulation; the clones share this line, so a replayed action is a lookup. An
    action played once only (a random rollout's, through OpenSpiel's own evaluator) is not
    kept: a rollout's lines go when its state goes. A kept line lives as long as a state
    stands on it or on a line before it.
    """

    __slots__ = ("_actions", "_after", "_legal", "_played", "_player", "seated")

    def __init__(self, seated: Seated | None) -> None:
        self.seated = seated
        self._legal: dict[int, Any] | None = None
        self._actions: list[int] | None = None
        self._player: int | None = None
        self._after: dict[int, Line] | None = None  # the line after an action played twice
        self._played: set[int] | None = None  # actions played from here once so far

    def legal(self, code: Encoding) -> dict[int, Any]:
        if self._legal is None:
            self._legal = code.legal(self.position)
        return self._legal

    def actions(self, code: Encoding) -> list[int]:
        """The legal actions, ascending (the list is shared: callers copy it)."""
        if self._actions is None:
            self._actions = list(self.legal(code))
        return self._actions

    @property
    def player(self) -> int:
        """The player to move, or OpenSpiel's TERMINAL."""
        if self._player is None:
            seated = self.current
            over = seated.state.is_over
            self._player = TERMINAL if over else seated.seat_to_move
        return self._player

    @property
    def position(self) -> Any:
        return self.current.state

    @property
    def current(self) -> Seated:
        assert self.seated is not None, "a Line read back is replayed before use"
        return self.seated

    def after(self, code: Encoding, action: int) -> Line:
        if self._after is not None and action in self._after:
            return self._after[action]
        # An illegal action raises here and is not kept.
        line = Line(play_action(code, self.current, action, self.legal(code)))
        if self._played is None:
            self._played = {action}
        elif action not in self._played:
            self._played.add(action)
        else:
            if self._after is None:
                self._after = {}
            self._after[action] = line
        return line

    def __deepcopy__(self, memo: dict[int, Any]) -> Line:
        return self

    def __reduce__(self) -> tuple[type[Line], tuple[None]]:
        return Line, (None,)


class SpielState(pyspiel.State):
    """A position of one of our games, as OpenSpiel's State."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._line = Line(game.start)

    # --- where the position lives -------------------------------------------------------

    @property
    def _game(self) -> SpielGame:
        game = self.get_game()
        assert isinstance(game, SpielGame)
        return game

    @property
    def line(self) -> Line:
        if self._line.seated is None:  # read back (pickle, deserialize): replay the history
            line = Line(self._game.start)
            for action in self.history():
                line = line.after(self._game.encoding, action)
            self._line = line
        return self._line

    @property
    def seated(self) -> Seated:
        return self.line.current

    # --- the OpenSpiel API ----------------------------------------------------------------

    def current_player(self) -> int:
        return self.line.player

    def _legal_actions(self, player: int) -> list[int]:
        line = self.line
        if player != line.player:
            return []
        return list(line.actions(self._game.encoding))

    def _apply_action(self, action: int) -> None:
        self._line = self.line.after(self._game.encoding, action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._game.encoding.action_text(action)

    def is_terminal(self) -> bool:
        return self.line.player == TERMINAL

    def returns(self) -> list[float]:
        return list(self.seated.returns())

    def __str__(self) -> str:
        seated = self.seated
        return (
            f"{seated.state.to_text()}\n{seated.state.to_move} to move; "
            f"player 0 plays {seated.seats[0]}, player 1 plays {seated.seats[1]}"
        )


class Observer:
    """OpenSpiel's PyObserver: `tensor` (flat) with named views in `dict`."""

    def __init__(self, code: Encoding, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.code = code
        self.tensor = np.zeros(code.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in code.views.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def set_from(self, state: SpielState, player: int) -> None:
        seated = state.seated
        self.tensor[:] = self.code.observe(seated.state, seated.seats[player])

    def string_from(self, state: SpielState, player: int) -> str:
        seated = state.seated
        return f"{seated.state.to_text()}\nplayer {player} plays {seated.seats[player]}"


@functools.cache
def registered() -> tuple[str, ...]:
    """Register the three games with pyspiel (once) and return their short names."""
    for cls in (RapidTransit, Thruway, TransitChess):
        pyspiel.register_game(cls.spec.game_type(), cls)
    return tuple(SPECS)


def spec_of(name: str) -> Spec:
    """The registered spec of one of our games, by its `get_game` name."""
    for spec in SPECS.values():
        if spec.game == name:
            return spec
    raise ValueError(
        f"no OpenSpiel game for {name!r}; known: {', '.join(s.game for s in SPECS.values())}"
    )


def game_string(name: str, **options: Any) -> str:
    """The OpenSpiel game string for one of our games with our options:
    `game_string("rapid-transit", size=6, rules="v1")` is
    `"python_rapid_transit(rules=v1,size=6)"`."""
    spec = spec_of(name)
    params = spec.parameters_for(options)
    inside = ",".join(f"{key}={_text(value)}" for key, value in sorted(params.items()))
    return f"{spec.short_name}({inside})" if inside else spec.short_name


def _text(value: Value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def load_game(name: str, **options: Any) -> pyspiel.Game:
    """The OpenSpiel game for one of our games with our options (`get_game`'s arguments):
    `load_game("thruway", size=7)`."""
    spec = spec_of(name)
    return pyspiel.load_game(spec.short_name, spec.parameters_for(options))


registered()
