"""Scenario files: YAML -> validated, frozen `Scenario` (every rule variant is a key).

Errors name the file, the key path and (where YAML gives one) the line:
`scenarios/x.yaml: rules.builds_per_turn (line 7): Input should be greater than 0`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from subwaysim import overrides as overrides_
from subwaysim.agents.registry import check_spec
from subwaysim.board import Board, SquareError
from tabletop import safe_yaml
from tabletop.files import UnreadableFile, read_text

# Limits a table game could have; larger scenarios are refused at validation (not run out of
# memory): routing and decks grow with the players, the squares and the copies of each card.
MAX_PLAYERS = 8
MAX_SIDE = 26  # squares along each side (files a..z)
MAX_POPULATION = 99
MAX_ROUNDS = 1000
MAX_BUILDS = 100
MAX_POINTS = 1000  # points a trip scores, distances and costs: far beyond any table's
MAX_SCORE = 10**9
MAX_SEED = 2**63 - 1


class ScenarioError(ValueError):
    """A scenario that cannot be loaded; `problems` holds one line per problem."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(f"{source}: {p}" for p in self.problems))


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# Whole numbers are strict: YAML `true` or `3.5` where a number belongs is refused, not
# read as 1 or 3.
Positive = Annotated[int, Strict(), Field(ge=1, le=MAX_POINTS)]
Count = Annotated[int, Strict(), Field(ge=0, le=MAX_POINTS)]
Side = Annotated[int, Strict(), Field(ge=1, le=MAX_SIDE)]


def _check_cost(value: int | str) -> int | str:
    whole = isinstance(value, int) and not isinstance(value, bool)
    if value == "phase" or (whole and 1 <= value <= MAX_POINTS):  # type: ignore[operator]
        return value
    raise ValueError(f"a cost is a whole number from 1 to {MAX_POINTS} or 'phase', got {value!r}")


Cost = Annotated[int | str, BeforeValidator(_check_cost)]  # before: `true` is no 1


def _check_agent(value: str) -> str:
    """An agent some registered kind accepts (`subwaysim/agents/registry.py`); an `@FILE`
    strategy becomes the spec its file holds, so a game never reads files."""
    return check_spec(value)


class BoardSpec(_Model):
    sections: tuple[Side, Side] = (2, 2)
    section_size: tuple[Side, Side] = (6, 6)
    hazards: Annotated[tuple[str, ...], Field(max_length=MAX_SIDE * MAX_SIDE)] = ()
    # SG-2 ASCII map, top rank first: '#' hazard, '.' normal
    terrain: Annotated[str, Field(max_length=4 * MAX_SIDE * MAX_SIDE)] | None = None
    hazard_density: Annotated[float, Strict(), Field(ge=0, le=1)] = 0.0  # SG-2 seeded terrain
    # per_game: a fresh layout from each game seed
    terrain_seed: (
        Annotated[int, Strict(), Field(ge=-MAX_SEED, le=MAX_SEED)] | Literal["per_game"]
    ) = 0

    @model_validator(mode="after")
    def _one_terrain_source(self) -> BoardSpec:
        given = [bool(self.hazards), self.terrain is not None, self.hazard_density > 0]
        if sum(given) > 1:
            raise ValueError("give only one of hazards, terrain or hazard_density")
        if self.terrain_seed == "per_game" and not self.hazard_density > 0:
            raise ValueError("terrain_seed: per_game draws hazards by hazard_density; set it")
        width = self.sections[1] * self.section_size[1]
        height = self.sections[0] * self.section_size[0]
        if width > MAX_SIDE or height > MAX_SIDE:
            raise ValueError(
                f"the board is {width} x {height} squares; at most {MAX_SIDE} x {MAX_SIDE} "
                f"(files a..z)"
            )
        return self


class CardsSpec(_Model):
    max_population: Annotated[int, Strict(), Field(ge=1, le=MAX_POPULATION)] = 4
    initial_population: Annotated[int, Strict(), Field(ge=0, le=MAX_POPULATION)] = 0
    decks: Literal["three", "two"] = "three"
    populate: Literal["all", "one_deck"] = "all"

    @model_validator(mode="after")
    def _initial_fits(self) -> CardsSpec:
        if self.initial_population > self.max_population:
            raise ValueError(
                f"initial_population ({self.initial_population}) exceeds max_population "
                f"({self.max_population})"
            )
        return self


class CostsSpec(_Model):
    """Build-point cost of each action (SG-17); 'phase' = the whole build phase.

    `hard_track` is a shorthand for both `hazard_track` (track on a hazard square) and
    `shared_track` (track on a square with another player's track); each of those, when
    given, overrides it. Track on a square that is both costs the dearer of the two.
    """

    track: Cost = 1
    hard_track: Cost | None = None
    hazard_track: Cost | None = None
    shared_track: Cost | None = None
    local_station: Cost = 1
    express_station: Cost = 1
    remove_station: Cost = 1
    remove_track: Cost = 1
    intensify: Cost = 1
    populated_surcharge: Annotated[int, Strict(), Field(ge=0, le=MAX_BUILDS)] = 1  # SG-21

    @property
    def hazard(self) -> int | str:
        """Track on a hazard square (SG-17)."""
        return _first_set(self.hazard_track, self.hard_track)

    @property
    def shared(self) -> int | str:
        """Track on a square with another player's track (SG-17)."""
        return _first_set(self.shared_track, self.hard_track)


def _first_set(*costs: int | str | None) -> int | str:
    return next((c for c in costs if c is not None), "phase")


class RulesSpec(_Model):
    builds_per_turn: Annotated[int, Strict(), Field(ge=0, le=MAX_BUILDS)] = 3
    costs: CostsSpec = CostsSpec()
    hazard_walk_cost: Positive = 2
    hazard_cost_on: Literal["leave", "enter"] = "leave"
    transfer_cost: Count = 0
    single_system_points: Count = 2
    shared_points: Count = 1
    intensify_below: Count = 3
    trip_mode: Literal["queue_pairs", "queue_origin_draw_destination"] = "queue_pairs"
    express: Literal["skip_from_express", "both_ends"] = "skip_from_express"  # SG-12
    walking_is_a_mode: Annotated[bool, Strict()] = True  # SG-14
    populated_build: Literal["none", "depopulate", "surcharge"] = "none"  # SG-21
    bank_builds: Annotated[int, Strict(), Field(ge=0, le=MAX_BUILDS)] = 0  # SG-22
    borrow_builds: Annotated[int, Strict(), Field(ge=0, le=MAX_BUILDS)] = 0  # SG-22


class EndSpec(_Model):
    turns: Annotated[int, Strict(), Field(ge=1, le=MAX_ROUNDS)] | None = 30
    score: Annotated[int, Strict(), Field(ge=1, le=MAX_SCORE)] | None = None
    depleted_piles: Annotated[int, Strict(), Field(ge=1, le=MAX_SCORE)] | None = None
    max_turns: Annotated[int, Strict(), Field(ge=1, le=MAX_ROUNDS)] = 500  # no game runs forever
    # SG-20: a met score/piles end waits for the round. Left out of dumps while false, so
    # the scenarios, sweeps and playtests written before it keep their text and identities.
    finish_round: Annotated[bool, Strict(), Field(exclude_if=lambda v: v is False)] = False

    @model_validator(mode="after")
    def _some_end(self) -> EndSpec:
        if self.turns is None and self.score is None and self.depleted_piles is None:
            raise ValueError("set at least one end condition: turns, score or depleted_piles")
        return self


class PlayerSpec(_Model):
    name: Annotated[str, Field(min_length=1, max_length=20, pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")]
    agent: Annotated[str, AfterValidator(_check_agent)] = "greedy"


class StartSpec(_Model):
    track: dict[str, tuple[str, ...]] = {}
    stations: dict[str, dict[str, Literal["local", "express"]]] = {}


DEFAULT_PLAYERS = (PlayerSpec(name="IRT"), PlayerSpec(name="BRT"))


class Scenario(_Model):
    """A whole rule variant plus its players; frozen after validation."""

    name: Annotated[str, Field(max_length=200)] = "scenario"
    question: Annotated[str, Field(max_length=10_000)] = ""
    seed: Annotated[int, Strict(), Field(ge=-MAX_SEED, le=MAX_SEED)] = 0
    board: BoardSpec = BoardSpec()
    cards: CardsSpec = CardsSpec()
    rules: RulesSpec = RulesSpec()
    end: EndSpec = EndSpec()
    players: tuple[PlayerSpec, ...] = Field(
        default=DEFAULT_PLAYERS, min_length=2, max_length=MAX_PLAYERS
    )
    start: StartSpec = StartSpec()

    @model_validator(mode="after")
    def _cross_checks(self, info: ValidationInfo) -> Scenario:
        if info.context and info.context.get("defer_cross_checks"):
            return self  # parse_scenario reports them one per line, with line numbers
        problems = [f"{'.'.join(path)}: {msg}" for path, msg in cross_problems(self)]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def make_board(self, game_seed: int | None = None) -> Board:
        """The board; with `terrain_seed: per_game` its hazards are drawn from `game_seed`."""
        hazards = frozenset(_hazards(self, self.seed if game_seed is None else game_seed))
        return Board(self.board.sections, self.board.section_size, hazards)


def _hazards(s: Scenario, game_seed: int) -> Iterable[int]:
    spec = s.board
    probe = Board(spec.sections, spec.section_size)
    if spec.terrain is not None:
        rows = [r.replace(" ", "") for r in spec.terrain.strip().splitlines()]
        for top, row in enumerate(rows):
            for file, ch in enumerate(row):
                if ch == "#":
                    yield (probe.height - 1 - top) * probe.width + file
    elif spec.hazard_density > 0:
        import random

        seed = spec.terrain_seed if spec.terrain_seed != "per_game" else f"terrain:{game_seed}"
        rng = random.Random(seed)
        yield from (sq for sq in range(probe.size) if rng.random() < spec.hazard_density)
    else:
        yield from (probe.square(name) for name in spec.hazards)


Problem = tuple[tuple[str, ...], str]


def cross_problems(s: Scenario) -> Iterable[Problem]:
    """Checks that need several fields: squares on the board, known players, stations on track."""
    names = [p.name for p in s.players]
    if len(set(names)) != len(names):
        yield ("players",), f"names must be unique, got {names}"
    for i, name in enumerate(names):
        if name.lower() == "walk":
            yield ("players", str(i), "name"), "'walk' names walking, a mode of its own (SG-14)"
    board = Board(s.board.sections, s.board.section_size)
    yield from _terrain_problems(s, board)
    for i, square in enumerate(s.board.hazards):
        yield from _square_problem(board, square, ("board", "hazards", str(i)))
    owned: dict[str, set[str]] = {}
    known = ", ".join(names)
    for player, squares in s.start.track.items():
        if player not in names:
            yield ("start", "track", player), f"unknown player (players are {known})"
        for i, sq in enumerate(squares):
            yield from _square_problem(board, sq, ("start", "track", player, str(i)))
        owned[player] = {sq.lower() for sq in squares}
    seen: dict[str, str] = {}
    for player, stations in s.start.stations.items():
        if player not in names:
            yield ("start", "stations", player), f"unknown player (players are {known})"
        for sq in stations:
            path = ("start", "stations", player, sq)
            yield from _square_problem(board, sq, path)
            if sq.lower() not in owned.get(player, set()):
                yield path, f"a station must be on {player}'s own track (SG-17)"
            if sq.lower() in seen:
                yield path, f"{seen[sq.lower()]} already has a station there (SG-11)"
            seen[sq.lower()] = player


def _terrain_problems(s: Scenario, board: Board) -> Iterable[Problem]:
    if s.board.terrain is None:
        return
    path = ("board", "terrain")
    rows = [r.replace(" ", "") for r in s.board.terrain.strip().splitlines()]
    if len(rows) != board.height:
        yield path, f"has {len(rows)} ranks, the board has {board.height}"
    for top, row in enumerate(rows):
        rank = board.height - top
        if len(row) != board.width:
            yield path, f"rank {rank} has {len(row)} squares, the board has {board.width} files"
        if set(row) - {"#", "."}:
            yield path, f"rank {rank} is {row!r}; only '#' (hazard) and '.' (normal) allowed"


def _square_problem(board: Board, square: str, path: tuple[str, ...]) -> Iterable[Problem]:
    try:
        board.square(square)
    except SquareError as exc:
        yield path, str(exc)


# --- loading -----------------------------------------------------------------------------

MAX_FILE_BYTES = safe_yaml.MAX_CHARS  # a scenario is a few kilobytes (a 26 x 26 terrain: 2)


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    """A scenario file read and parsed once: its data (without overrides) and YAML nodes
    (for line numbers). `scenario(overrides)` validates a copy with the overrides applied."""

    source: str
    data: dict[str, Any]
    node: yaml.Node | None = None

    def scenario(self, overrides: Sequence[str] = ()) -> Scenario:
        data = overrides_.unshared(self.data)
        data.setdefault("name", Path(self.source).stem)
        for item in overrides:
            apply_override(data, item, self.source)
        overridden = [overrides_.key_path(item) for item in overrides]
        try:
            scenario = Scenario.model_validate(data, context={"defer_cross_checks": True})
        except ValidationError as exc:
            values = {overrides_.key_path(item): item.partition("=")[2] for item in overrides}
            problems = validation_problems(exc, self.node, overridden, values)
            raise ScenarioError(self.source, problems) from None
        problems = [
            f"{overrides_.where(path, self.node, overridden)}: {msg}"
            for path, msg in cross_problems(scenario)
        ]
        if problems:
            raise ScenarioError(self.source, problems)
        return scenario


def read_scenario_file(path: str | Path) -> ScenarioFile:
    """Read and parse a scenario file (ScenarioError if it is no readable YAML mapping)."""
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        raise ScenarioError(str(path), [f"cannot read file: {exc.reason}"]) from None
    return parse_scenario_file(text, str(path))


def parse_scenario_file(text: str, source: str = "<scenario>") -> ScenarioFile:
    try:
        document = safe_yaml.load(text, MAX_FILE_BYTES)
    except safe_yaml.YamlError as exc:
        raise ScenarioError(source, [str(exc)]) from None
    if document.node is None or document.data is None:
        raise ScenarioError(source, ["empty scenario: the file holds no scenario keys"])
    if not isinstance(document.data, dict):
        line = document.node.start_mark.line + 1
        raise ScenarioError(source, [f"line {line}: the file must hold a mapping of scenario keys"])
    return ScenarioFile(source, document.data, document.node)


def load_scenario(path: str | Path, overrides: Sequence[str] = ()) -> Scenario:
    """Read, override (`KEY=VALUE` dotted paths) and validate a scenario file."""
    return read_scenario_file(path).scenario(overrides)


def parse_scenario(
    text: str, source: str = "<scenario>", overrides: Sequence[str] = ()
) -> Scenario:
    return parse_scenario_file(text, source).scenario(overrides)


def apply_override(data: dict[str, Any], item: str, source: str = "--set") -> None:
    """Apply one `KEY=VALUE` override in place; VALUE is read as YAML (`3`, `[2, 2]`, `two`)."""
    defaults = Scenario().model_dump(mode="json")
    overrides_.apply(data, item, defaults, lambda problem: ScenarioError(source, [problem]))


def validation_problems(
    exc: ValidationError,
    node: yaml.Node | None,
    overridden: Sequence[tuple[str, ...]],
    values: Mapping[tuple[str, ...], str] | None = None,
) -> list[str]:
    """One line per problem; an unknown key suggests the closest known one and a list given
    by `--set` where one value is expected says lists belong to `sweep` (key_hints)."""
    from subwaysim.key_hints import list_value_hint, unknown_key_hint

    defaults = Scenario().model_dump(mode="json")
    problems = []
    errors = exc.errors()
    locs = [tuple(str(p) for p in e["loc"]) for e in errors]
    for err in errors:
        loc = tuple(str(p) for p in err["loc"] if not str(p).startswith("function-after"))
        loc = tuple(p for p in loc if p not in {"int", "str", "literal['per_game']"})
        if err["type"] == "too_short" and any(o[: len(loc)] == loc and o != loc for o in locs):
            continue  # the list is short only because an item failed: report the item
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            message = "unknown key" + unknown_key_hint(defaults, loc)
        message += list_value_hint(err["type"], (values or {}).get(loc))
        problems.append(f"{overrides_.where(loc, node, overridden)}: {message}")
    return problems


def scenario_to_dict(s: Scenario) -> Mapping[str, Any]:
    return s.model_dump(mode="json")
