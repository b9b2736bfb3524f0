"""`subway play GAME ...` and `subway match GAME ...`: options built from each game's protocol.

`subwaysim/cli.py` hands over the words after the game name. Per-side player options come
from `Game.sides` (`--red human|mcts|random|greedy`), game options from the fields of
`Game.Options` (`--size 6`, bool fields as `--pie/--no-pie`). A game option whose name the
console already uses (seed, think, ...) is offered as `--game-NAME`. Each command is a typer
command built for the game (so help and errors look like every other `subway` command's).
Exit codes: 0 done, 2 bad input, reported as one `Error: ...` line, never a traceback.
"""

from __future__ import annotations

import enum
import inspect
import json
import math
import os
import random
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from pydantic_core import PydanticUndefined
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from abstracts.agents import AgentSpec, BadAgentSpec, parse_agent_spec
from abstracts.console import Ask, PlayConsole, make_seats
from abstracts.core import Game, get_game, get_game_class
from abstracts.match import GameRecord, make_tasks, run_match, summarize, summary_table
from abstracts.saved_games import load_game
from tabletop import cli_style, signals
from tabletop.line_input import line_reader
from tabletop.wording import plural

PLAY_WORDS = frozenset({"think", "seed", "load", "help"})
MATCH_GAMES = 20  # `subway match GAME`'s default for every game (README "Conventions")
MATCH_WORDS = frozenset({"agents", "games", "think", "jobs", "seed", "help"})
AGENT_HELP = "human, mcts[:0.5s|:500][:guided], random or greedy"


class CliError(ValueError):
    """Bad command-line input; shown as one `Error: ...` line with exit code 2."""


@dataclass(frozen=True, slots=True)
class GameOption:
    """One game option on the command line: the typer parameter and the Options field."""

    field: str
    parameter: inspect.Parameter
    convert: Callable[[Any], Any]


def play_main(
    game: str, argv: list[str], *, console: Console | None = None, ask: Ask | None = None
) -> int:
    """Run `subway play GAME argv...`; returns the exit code."""
    console = console or Console()
    return _guarded(lambda: _play(game, argv, console, ask))


def match_main(game: str, argv: list[str], *, console: Console | None = None) -> int:
    """Run `subway match GAME argv...`; returns the exit code."""
    console = console or Console()
    return _guarded(lambda: _match(game, argv, console))


def _guarded(run: Callable[[], int]) -> int:
    try:
        return run()
    except ValidationError as exc:
        cli_style.print_error(_validation_message(exc))
        return 2
    except ValueError as exc:  # CliError, UnknownGame, SaveError, BadAgentSpec, game errors
        cli_style.print_error(str(exc))
        return 2


def _command(
    prog: str, help_text: str, parameters: list[inspect.Parameter], body: Callable[..., int]
) -> Callable[[list[str]], int]:
    """A one-command typer app whose options are `parameters`; `body(values)` runs it."""

    def command(**values: Any) -> None:
        code = body(values)
        if code:
            raise typer.Exit(code)

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__doc__ = cli_style.text(help_text)
    app = cli_style.app()
    app.command()(command)
    return lambda argv: cli_style.run(app, argv, prog)


def _option(
    name: str, kind: Any, default: Any = None, *, param_decls: list[str], **info: Any
) -> inspect.Parameter:
    annotation = Annotated[kind, typer.Option(*param_decls, **info)]
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


# ---------------------------------------------------------------------- play


def _play(name: str, argv: list[str], console: Console, ask: Ask | None) -> int:
    cls = get_game_class(name)
    sides = tuple(cls.sides)
    options = _game_options(cls, PLAY_WORDS | set(sides))
    params = [
        _option(
            side,
            str,
            "human" if i == 0 else "mcts",
            param_decls=[f"--{side}"],
            metavar="PLAYER",
            help=cli_style.text(f"who plays {side}: {AGENT_HELP}"),
            show_default=True,
        )
        for i, side in enumerate(sides)
    ]
    params += _common_params(
        "CPU seconds per move for mcts players and hints",
        "default: a new seed, printed at the start",
    )
    params.append(
        _option(
            "load", str | None, param_decls=["--load"], metavar="FILE", help="resume a saved game"
        )
    )
    params += [o.parameter for o in options]

    def body(values: dict[str, Any]) -> int:
        return _start_play(cls, sides, values, _chosen(options, values), console, ask)

    run = _command(f"subway play {name}", _play_help(name, sides), params, body)
    return run(argv)


def _start_play(
    cls: type[Game],
    sides: tuple[str, ...],
    values: dict[str, Any],
    game_options: dict[str, Any],
    console: Console,
    ask: Ask | None,
) -> int:
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
        ask=ask or line_reader(console),
        think=_positive(values["think"], "--think"),
        seed=seed,
    )
    if values["load"] is not None:
        shell.start_from(load_game(values["load"], cls.name))
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
        "During play type a move (or its number in the `moves` list), or help, moves [QUERY], "
        "hint, undo, history, save FILE, load FILE, show VIEW, resign, quit."
    )


# ---------------------------------------------------------------------- match


def _match(name: str, argv: list[str], console: Console) -> int:
    cls = get_game_class(name)
    options = _game_options(cls, MATCH_WORDS)
    params = [
        _option(
            "agents",
            str,
            inspect.Parameter.empty,
            param_decls=["--agents"],
            metavar="A,B",
            help="two agents, e.g. mcts:0.2s,greedy",
        ),
        _option(
            "games",
            int,
            MATCH_GAMES,
            param_decls=["--games"],
            parser=cli_style.whole(1),
            metavar="N",
            show_default=True,
            help="games in the series",
        ),
        _option(
            "jobs",
            int | None,
            None,
            param_decls=["--jobs"],
            parser=cli_style.whole(1),
            metavar="J",
            help="local worker processes (default: every core)",
        ),
    ]
    params += _common_params("CPU seconds per move for mcts agents without a budget", "default: 0")
    params += [o.parameter for o in options]
    help_text = (
        f"Play a series of {name} games between two computer agents, alternating seats, "
        "and report win rates with 95% Wilson intervals, game length and seat advantage. "
        "Ctrl-C stops it and prints the table of the games played so far."
    )

    def body(values: dict[str, Any]) -> int:
        return _play_match(name, values, _chosen(options, values), cls, console)

    return _command(f"subway match {name}", help_text, params, body)(argv)


def _play_match(
    name: str,
    values: dict[str, Any],
    game_options: dict[str, Any],
    cls: type[Game],
    console: Console,
) -> int:
    specs = _agent_pair(values["agents"])
    seed = values["seed"] if values["seed"] is not None else 0
    _seed_game(cls, game_options, values["seed"])
    game = get_game(name, **game_options)
    tasks = make_tasks(game, specs, values["games"], _positive(values["think"], "--think"), seed)
    records: list[GameRecord] = []
    try:
        with _progress(console) as progress:
            label = cli_style.text(f"{name}: {specs[0]} vs {specs[1]}")
            bar = progress.add_task(label, total=len(tasks))
            progress.refresh()

            def advance(record: GameRecord) -> None:
                records.append(record)
                progress.advance(bar)
                progress.refresh()

            run_match(tasks, values["jobs"] or os.cpu_count() or 1, advance)
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM (tabletop.signals): 130 / 143
        words = signals.words_of(exc).split(" (")[0]
        console.print(f"{words} after {len(records)} of {plural(len(tasks), 'game')}.")
        if records:
            console.print(summary_table(summarize(name, specs, records)))
        return signals.exit_code_of(exc)
    console.print(summary_table(summarize(name, specs, sorted(records, key=lambda r: r.index))))
    return 0


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        auto_refresh=False,  # no refresh thread: worker processes are forked from here
    )


def _agent_pair(text: str) -> tuple[AgentSpec, AgentSpec]:
    parts = [part for part in text.split(",") if part.strip()]
    if len(parts) != 2:
        raise CliError(f"--agents takes two agents separated by a comma, got {text!r}")
    try:
        return parse_agent_spec(parts[0]), parse_agent_spec(parts[1])
    except BadAgentSpec as exc:
        raise CliError(f"--agents: {exc}") from None


# ---------------------------------------------------------------------- shared


def _common_params(think_help: str, seed_default: str) -> list[inspect.Parameter]:
    return [
        _option(
            "think",
            float,
            1.0,
            param_decls=["--think"],
            metavar="SECONDS",
            parser=_seconds,
            show_default=True,
            help=think_help,
        ),
        _option(
            "seed",
            int | None,
            param_decls=["--seed"],
            parser=cli_style.whole(),
            metavar="N",
            help="seeds the computer players (and the game's own seed option, if it has one); "
            + seed_default,
        ),
    ]


def _seconds(typed: str | float) -> float:
    """--think: any number here; `_positive` refuses the ones that are no time budget."""
    if isinstance(typed, int | float):
        return float(typed)
    try:
        return float(typed)
    except ValueError:
        raise typer.BadParameter(f"{typed!r} is not a number of seconds") from None


def _chosen(options: list[GameOption], values: dict[str, Any]) -> dict[str, Any]:
    """The game options given on the command line (popped from `values`), converted."""
    chosen = {}
    for option in options:
        value = values.pop(option.parameter.name)
        if value is not None:
            chosen[option.field] = option.convert(value)
    return chosen


def _seed_game(cls: type[Game], game_options: dict[str, Any], seed: int | None) -> None:
    if seed is not None and "seed" in cls.Options.model_fields:
        game_options.setdefault("seed", seed)


def _positive(value: float, name: str) -> float:
    """A time budget: positive and finite (not 0, negative, nan or inf)."""
    if not 0 < value < math.inf:
        raise CliError(f"{name} must be a positive, finite number of seconds, got {value:g}")
    return value


def _game_options(cls: type[Game], reserved: set[str] | frozenset[str]) -> list[GameOption]:
    """One command-line option per field of the game's Options model."""
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
            help_text += f"  (default: {shown})"
        result.append(_option_for(field, flag, annotation, cli_style.text(help_text)))
    return result


def _option_for(field: str, flag: str, annotation: Any, help_text: str) -> GameOption:
    key = f"game__{field}"  # never clashes with the console's own parameter names
    if annotation is bool:
        parameter = _option(key, bool | None, param_decls=[f"--{flag}/--no-{flag}"], help=help_text)
        return GameOption(field, parameter, bool)
    choices = _choices(annotation)
    if choices is not None:
        metavar = "|".join(choices)
        parameter = _option(
            key,
            str | None,
            param_decls=[f"--{flag}"],
            metavar=metavar,
            parser=_one_of(choices),
            help=help_text,
        )
        return GameOption(field, parameter, choices.__getitem__)
    parsers: dict[Any, tuple[Callable[[str], Any], str]] = {
        int: (cli_style.whole(), "N"),
        float: (cli_style.number(), "X"),
    }
    parser, metavar = parsers.get(annotation, (str, "TEXT"))
    kind = annotation if annotation in parsers else str
    parameter = _option(
        key, kind | None, param_decls=[f"--{flag}"], metavar=metavar, parser=parser, help=help_text
    )
    structured = annotation not in parsers and annotation is not str
    return GameOption(field, parameter, _json_or_text if structured else _identity)


def _one_of(choices: dict[str, Any]) -> Callable[[str], str]:
    def parse(typed: str) -> str:
        if typed not in choices:
            raise typer.BadParameter(f"{typed!r} is not one of {', '.join(choices)}")
        return typed

    return parse


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
    except (json.JSONDecodeError, RecursionError):
        return value


def _validation_message(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        field = ".".join(str(part) for part in error["loc"])
        name = f"--{field.replace('_', '-')}" if field else "options"
        parts.append(f"{name}: {error['msg'].removeprefix('Value error, ')}")
    return "; ".join(parts)
