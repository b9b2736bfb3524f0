"""`subway play GAME ...` and `subway match GAME ...`: options built from each game's protocol.

`subwaysim/cli.py` hands over the words after the game name. Per-side player options come
from `Game.sides` (`--red human|mcts|random|greedy`), game options from the fields of
`Game.Options` (`--size 6`, bool fields as `--pie/--no-pie`). A game option whose name the
console already uses (seed, think, ...) is offered as `--game-NAME`. Exit codes: 0 done,
2 bad input, reported as one `Error: ...` line, never a traceback.
"""

from __future__ import annotations

import enum
import json
import math
import random
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click
from pydantic import ValidationError
from pydantic_core import PydanticUndefined
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from abstracts.agents import AgentSpec, BadAgentSpec, parse_agent_spec
from abstracts.console import Ask, PlayConsole, make_seats
from abstracts.core import Game, get_game, get_game_class
from abstracts.match import GameRecord, make_tasks, run_match, summarize, summary_table
from abstracts.saves import load_game

PLAY_WORDS = frozenset({"think", "seed", "load", "help"})
MATCH_WORDS = frozenset({"agents", "games", "think", "jobs", "seed", "help"})


class CliError(ValueError):
    """Bad command-line input; shown as one `Error: ...` line with exit code 2."""


@dataclass(frozen=True, slots=True)
class GameOption:
    """One game option on the command line: the click parameter and the Options field."""

    field: str
    param: click.Option
    convert: Callable[[Any], Any]


def play_main(
    game: str, argv: list[str], *, console: Console | None = None, ask: Ask | None = None
) -> int:
    """Run `subway play GAME argv...`; returns the exit code."""
    console = console or Console()
    return _guarded(lambda: _play(game, argv, console, ask or console.input))


def match_main(game: str, argv: list[str], *, console: Console | None = None) -> int:
    """Run `subway match GAME argv...`; returns the exit code."""
    console = console or Console()
    return _guarded(lambda: _match(game, argv, console))


def _guarded(run: Callable[[], int]) -> int:
    try:
        return run()
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        click.echo(f"Error: {exc.format_message()}", err=True)
        return 2
    except ValidationError as exc:
        click.echo(f"Error: {_validation_message(exc)}", err=True)
        return 2
    except ValueError as exc:  # CliError, UnknownGame, SaveError, BadAgentSpec, game errors
        click.echo(f"Error: {exc}", err=True)
        return 2


# ---------------------------------------------------------------------- play


def _play(name: str, argv: list[str], console: Console, ask: Ask) -> int:
    cls = get_game_class(name)
    sides = tuple(cls.sides)
    options = _game_options(cls, PLAY_WORDS | set(sides))
    params: list[click.Parameter] = [
        click.Option(
            [f"--{side}"],
            default="human" if i == 0 else "mcts",
            show_default=True,
            metavar="PLAYER",
            help=f"who plays {side}: human, mcts[:0.5s|:500][:guided], random or greedy",
        )
        for i, side in enumerate(sides)
    ]
    params += _common_params(think_help="seconds per move for mcts players and hints")
    params.append(click.Option(["--load"], metavar="FILE", help="resume a saved game"))
    parsed = _parse(f"subway play {name}", _play_help(name, sides), params, options, argv)
    if parsed is None:
        return 0
    values, game_options = parsed
    specs = {side: _side_spec(side, values[side]) for side in sides}
    if values["load"] is not None and game_options:
        raise CliError("--load takes the game options from the saved game; give none")
    seed = values["seed"] if values["seed"] is not None else random.SystemRandom().getrandbits(31)
    if values["load"] is None:
        _seed_game(cls, game_options, values["seed"])
    shell = PlayConsole(
        _starting_game(cls, game_options, values["load"]),
        make_seats(specs, seed),
        console=console,
        ask=ask,
        think=_positive(values["think"], "--think"),
        seed=seed,
    )
    if values["load"] is not None:
        shell.start_from(load_game(values["load"], name))
    console.print(f"[dim]seed {seed}[/]")
    return shell.run()


def _side_spec(side: str, text: str) -> AgentSpec:
    try:
        return parse_agent_spec(text, allow_human=True)
    except BadAgentSpec as exc:
        raise CliError(f"--{side}: {exc}") from None


def _starting_game(cls: type[Game], options: dict[str, Any], load: str | None) -> Game:
    """The game to start with (a loaded save replaces it with its own options)."""
    return get_game(cls.name, **({} if load is not None else options))


def _play_help(name: str, sides: tuple[str, ...]) -> str:
    first, second = sides
    return (
        f"Play {name} at the console: humans and computer players in any seats. "
        f"By default {first} is a human and {second} is mcts. "
        "During play type a move, or help, moves [QUERY], hint, undo, save FILE, load FILE, "
        "show VIEW, resign, quit."
    )


# ---------------------------------------------------------------------- match


def _match(name: str, argv: list[str], console: Console) -> int:
    cls = get_game_class(name)
    options = _game_options(cls, MATCH_WORDS)
    params: list[click.Parameter] = [
        click.Option(
            ["--agents"], required=True, metavar="A,B", help="two agents, e.g. mcts:0.2s,greedy"
        ),
        click.Option(["--games"], type=click.IntRange(min=1), default=40, show_default=True),
        click.Option(["--jobs"], type=click.IntRange(min=1), default=1, show_default=True),
    ]
    params += _common_params(think_help="seconds per move for mcts agents without a budget")
    help_text = (
        f"Play a series of {name} games between two computer agents, alternating seats, "
        "and report win rates with 95% Wilson intervals, game length and seat advantage."
    )
    parsed = _parse(f"subway match {name}", help_text, params, options, argv)
    if parsed is None:
        return 0
    values, game_options = parsed
    specs = _agent_pair(values["agents"])
    seed = values["seed"] if values["seed"] is not None else 0
    _seed_game(cls, game_options, values["seed"])
    game = get_game(name, **game_options)
    think = _positive(values["think"], "--think")
    tasks = make_tasks(game, specs, values["games"], think, seed)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        auto_refresh=False,  # no refresh thread: worker processes are forked from here
    ) as progress:
        bar = progress.add_task(f"{name}: {specs[0]} vs {specs[1]}", total=len(tasks))
        progress.refresh()

        def advance(_: GameRecord) -> None:
            progress.advance(bar)
            progress.refresh()

        records = run_match(tasks, values["jobs"], advance)
    console.print(summary_table(summarize(name, specs, records)))
    return 0


def _agent_pair(text: str) -> tuple[AgentSpec, AgentSpec]:
    parts = [part for part in text.split(",") if part.strip()]
    if len(parts) != 2:
        raise CliError(f"--agents takes two agents separated by a comma, got {text!r}")
    try:
        return parse_agent_spec(parts[0]), parse_agent_spec(parts[1])
    except BadAgentSpec as exc:
        raise CliError(f"--agents: {exc}") from None


# ---------------------------------------------------------------------- shared


def _common_params(think_help: str) -> list[click.Parameter]:
    return [
        click.Option(["--think"], type=float, default=1.0, show_default=True, help=think_help),
        click.Option(
            ["--seed"],
            type=int,
            default=None,
            help="seeds the computer players (and the game's own seed option, if it has one)",
        ),
    ]


def _parse(
    prog: str,
    help_text: str,
    params: list[click.Parameter],
    options: list[GameOption],
    argv: list[str],
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Parse argv: (console values, game options given), or None after --help."""
    command = click.Command(
        prog, params=params + [o.param for o in options], help=help_text, callback=lambda **kw: kw
    )
    values = command.main(args=list(argv), prog_name=prog, standalone_mode=False)
    if not isinstance(values, dict):
        return None  # --help was printed
    game_options = {}
    for option in options:
        value = values.pop(option.param.name)
        if value is not None:
            game_options[option.field] = option.convert(value)
    return values, game_options


def _seed_game(cls: type[Game], game_options: dict[str, Any], seed: int | None) -> None:
    if seed is not None and "seed" in cls.Options.model_fields:
        game_options.setdefault("seed", seed)


def _positive(value: float, name: str) -> float:
    """A time budget: positive and finite (not 0, negative, nan or inf)."""
    if not 0 < value < math.inf:
        raise CliError(f"{name} must be a positive, finite number of seconds, got {value:g}")
    return value


def _game_options(cls: type[Game], reserved: set[str] | frozenset[str]) -> list[GameOption]:
    """One click option per field of the game's Options model."""
    result = []
    for field, info in cls.Options.model_fields.items():
        flag = field.replace("_", "-")
        if flag in reserved:
            flag = f"game-{flag}"
        annotation = _unwrap_optional(info.annotation)
        default = info.get_default() if info.default is not PydanticUndefined else None
        help_text = info.description or f"{field} option of {cls.name}"
        if default is not None:
            shown = str(default).lower() if isinstance(default, bool) else default
            help_text += f"  [default: {shown}]"
        result.append(_option_for(field, flag, annotation, help_text))
    return result


def _option_for(field: str, flag: str, annotation: Any, help_text: str) -> GameOption:
    key = f"game__{field}"  # never clashes with the console's own parameter names
    if annotation is bool:
        param = click.Option([f"--{flag}/--no-{flag}", key], default=None, help=help_text)
        return GameOption(field, param, bool)
    choices = _choices(annotation)
    if choices is not None:
        param = click.Option(
            [f"--{flag}", key], type=click.Choice(list(choices)), default=None, help=help_text
        )
        return GameOption(field, param, choices.__getitem__)
    simple = {int: click.INT, float: click.FLOAT, str: click.STRING}.get(annotation)
    kind = simple or click.STRING
    param = click.Option([f"--{flag}", key], type=kind, default=None, help=help_text)
    return GameOption(field, param, _identity if simple else _json_or_text)


def _choices(annotation: Any) -> dict[str, Any] | None:
    if typing.get_origin(annotation) is typing.Literal:
        return {str(value): value for value in typing.get_args(annotation)}
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return {str(member.value): member for member in annotation}
    return None


def _unwrap_optional(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _identity(value: Any) -> Any:
    return value


def _json_or_text(value: str) -> Any:
    """Structured options (lists, mappings) are written as JSON; anything else stays text."""
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


def _validation_message(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        field = ".".join(str(part) for part in error["loc"])
        name = f"--{field.replace('_', '-')}" if field else "options"
        parts.append(f"{name}: {error['msg']}")
    return "; ".join(parts)
