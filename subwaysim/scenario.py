"""Scenario files: YAML -> validated, frozen `Scenario` (every rule variant is a key).

Errors name the file, the key path and (where YAML gives one) the line:
`scenarios/x.yaml: rules.builds_per_turn (line 7): Input should be greater than 0`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from subwaysim.board import Board, SquareError

# Limits a table game could have; larger scenarios are refused at validation (not run out of
# memory): routing and decks grow with the players, the squares and the copies of each card.
MAX_PLAYERS = 8
MAX_SIDE = 26  # squares along each side (files a..z)
MAX_POPULATION = 99
MAX_ROUNDS = 1000
MAX_BUILDS = 100
AGENT = re.compile(r"^(uniform|random|greedy|human|mcts(:(\d+|\d+(\.\d+)?s))?)$")
AGENTS_HELP = "uniform, random, greedy, human or mcts (mcts:N iterations, mcts:0.5s seconds)"


class ScenarioError(ValueError):
    """A scenario that cannot be loaded; `problems` holds one line per problem."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(f"{source}: {p}" for p in self.problems))


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_cost(value: int | str) -> int | str:
    if value == "phase" or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        return value
    raise ValueError(f"a cost is a whole number >= 1 or 'phase', got {value!r}")


Cost = Annotated[int | str, AfterValidator(_check_cost)]


def _check_agent(value: str) -> str:
    match = AGENT.match(value)
    budget = match.group(3) if match else None
    if match and (budget is None or float(budget.rstrip("s")) > 0):
        return value
    raise ValueError(f"agent must be {AGENTS_HELP}, not {value!r}")


class BoardSpec(_Model):
    sections: tuple[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)]] = (2, 2)
    section_size: tuple[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)]] = (6, 6)
    hazards: tuple[str, ...] = ()
    terrain: str | None = None  # SG-2 ASCII map, top rank first: '#' hazard, '.' normal
    hazard_density: Annotated[float, Field(ge=0, le=1)] = 0.0  # SG-2 seeded random terrain
    terrain_seed: int | Literal["per_game"] = 0  # per_game: a fresh layout from each game seed

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
    max_population: Annotated[int, Field(ge=1, le=MAX_POPULATION)] = 4
    initial_population: Annotated[int, Field(ge=0)] = 0
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
    populated_surcharge: Annotated[int, Field(ge=0, le=MAX_BUILDS)] = 1  # SG-21 option

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
    builds_per_turn: Annotated[int, Field(ge=0, le=MAX_BUILDS)] = 3
    costs: CostsSpec = CostsSpec()
    hazard_walk_cost: Annotated[int, Field(ge=1)] = 2
    hazard_cost_on: Literal["leave", "enter"] = "leave"
    transfer_cost: Annotated[int, Field(ge=0)] = 0
    single_system_points: Annotated[int, Field(ge=0)] = 2
    shared_points: Annotated[int, Field(ge=0)] = 1
    intensify_below: Annotated[int, Field(ge=0)] = 3
    trip_mode: Literal["queue_pairs", "queue_origin_draw_destination"] = "queue_pairs"
    express: Literal["skip_from_express", "both_ends"] = "skip_from_express"  # SG-12
    walking_is_a_mode: bool = True  # SG-14
    populated_build: Literal["none", "depopulate", "surcharge"] = "none"  # SG-21
    bank_builds: Annotated[int, Field(ge=0, le=MAX_BUILDS)] = 0  # SG-22
    borrow_builds: Annotated[int, Field(ge=0, le=MAX_BUILDS)] = 0  # SG-22


class EndSpec(_Model):
    turns: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] | None = 30
    score: Annotated[int, Field(ge=1)] | None = None
    depleted_piles: Annotated[int, Field(ge=1)] | None = None
    max_turns: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] = 500  # no game runs forever

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

    name: str = "scenario"
    question: str = ""
    seed: int = 0
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


def load_scenario(path: str | Path, overrides: Sequence[str] = ()) -> Scenario:
    """Read, override (`KEY=VALUE` dotted paths) and validate a scenario file."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(source, [f"cannot read file: {exc.strerror}"]) from None
    return parse_scenario(text, source, overrides)


def parse_scenario(
    text: str, source: str = "<scenario>", overrides: Sequence[str] = ()
) -> Scenario:
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ScenarioError(source, [_yaml_problem(exc)]) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ScenarioError(source, ["the file must hold a mapping of scenario keys"])
    data.setdefault("name", Path(source).stem)
    for item in overrides:
        apply_override(data, item, source)
    overridden = [tuple(item.partition("=")[0].strip().split(".")) for item in overrides]
    try:
        scenario = Scenario.model_validate(data, context={"defer_cross_checks": True})
    except ValidationError as exc:
        raise ScenarioError(source, _validation_problems(exc, node, overridden)) from None
    problems = [
        _where(path, node, overridden) + f": {msg}" for path, msg in cross_problems(scenario)
    ]
    if problems:
        raise ScenarioError(source, problems)
    return scenario


def apply_override(data: dict[str, Any], item: str, source: str = "--set") -> None:
    """Apply one `KEY=VALUE` override in place; VALUE is read as YAML (`3`, `[2, 2]`, `two`)."""
    key, sep, raw = item.partition("=")
    if not sep or not key.strip():
        raise ScenarioError(source, [f"--set {item!r}: expected KEY=VALUE"])
    try:
        value = yaml.safe_load(raw) if raw.strip() else None
    except yaml.YAMLError:
        value = raw
    parts = key.strip().split(".")
    if len(parts) > 1 and data.get(parts[0]) is None:
        # e.g. `players.0.agent=random` on a file that relies on the default players
        data[parts[0]] = Scenario().model_dump(mode="json").get(parts[0], {})
    target: Any = data
    for i, part in enumerate(parts[:-1]):
        target = _step(target, part, parts[: i + 1], source, item)
    last = parts[-1]
    if isinstance(target, list):
        target[_index(target, last, item, source)] = value
    else:
        target[last] = value


def _step(target: Any, part: str, path: list[str], source: str, item: str) -> Any:
    if isinstance(target, list):
        return target[_index(target, part, item, source)]
    if not isinstance(target, dict):
        raise ScenarioError(source, [f"--set {item!r}: {'.'.join(path[:-1])} is not a mapping"])
    if target.get(part) is None:
        target[part] = {}
    return target[part]


def _index(target: list[Any], part: str, item: str, source: str) -> int:
    if not part.isdigit() or int(part) >= len(target):
        raise ScenarioError(
            source, [f"--set {item!r}: {part!r} is not an index 0..{len(target) - 1}"]
        )
    return int(part)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    if mark is not None:
        return f"line {mark.line + 1}, column {mark.column + 1}: invalid YAML: {problem}"
    return f"invalid YAML: {problem}"


def _validation_problems(
    exc: ValidationError, node: yaml.Node | None, overridden: Sequence[tuple[str, ...]]
) -> list[str]:
    problems = []
    errors = exc.errors()
    locs = [tuple(str(p) for p in e["loc"]) for e in errors]
    for err in errors:
        loc = tuple(str(p) for p in err["loc"] if not str(p).startswith("function-after"))
        loc = tuple(p for p in loc if p not in {"int", "str"})
        if err["type"] == "too_short" and any(o[: len(loc)] == loc and o != loc for o in locs):
            continue  # the list is short only because an item failed: report the item
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            message = "unknown key"
        problems.append(f"{_where(loc, node, overridden)}: {message}")
    return problems


def _where(
    path: Sequence[str], node: yaml.Node | None, overridden: Sequence[tuple[str, ...]]
) -> str:
    """`key.path (line N)`, or `key.path (--set)` when a command-line override set it.

    A key an override changed inside names it too: `--set rules.costs.bogus=1` makes
    `rules.costs (line 17, --set rules.costs.bogus)` wrong; a key the override created,
    and that is not in the file, is `(--set)` alone.
    """
    name = ".".join(path) or "(top level)"
    path = tuple(path)
    inside = [".".join(o) for o in overridden if path and o[: len(path)] == path]
    if any(path[: len(o)] == o for o in overridden) or (inside and not _in_file(node, path)):
        return f"{name} (--set)"
    line = _line_of(node, path)
    where = [f"line {line}"] if line else []
    where += [f"--set {key}" for key in inside]
    return f"{name} ({', '.join(where)})" if where else name


def _in_file(node: yaml.Node | None, loc: Sequence[str]) -> bool:
    """Whether the YAML document spells out the key path `loc`."""
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if getattr(k, "value", None) == part), None)
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            return False
    return node is not None


def _line_of(node: yaml.Node | None, loc: Sequence[str]) -> int | None:
    """Line of the deepest YAML node along `loc` (keys or list indices)."""
    line = None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            match = next((v for k, v in node.value if getattr(k, "value", None) == part), None)
            if match is None:
                key = next((k for k, _ in node.value if getattr(k, "value", None) == part), None)
                return key.start_mark.line + 1 if key is not None else line
            node = match
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            return line
        line = node.start_mark.line + 1
    return line


def scenario_to_dict(s: Scenario) -> Mapping[str, Any]:
    return s.model_dump(mode="json")
